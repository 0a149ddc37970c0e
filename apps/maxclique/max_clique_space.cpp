#include "apps/maxclique/max_clique_space.hpp"

namespace stacksplit::apps::maxclique {

MaxCliqueSpace::MaxCliqueSpace(const Graph& graph)
    : graph_(std::make_shared<const OrderedBitGraph>(graph)),
      size_(graph_->size()),
      words_(graph_->words()),
      uncoloured_(words_),
      open_(words_) {
  // One level to colour the whole graph; its colour count bounds the depth.
  levels_.resize(1);
  sets_.assign(set_offset(1), 0);
  order_.assign(order_offset(1), 0);
  colour_.assign(order_offset(1), 0);
  reset();
  colour_level(0);
  const int colours = levels_[0].count == 0 ? 0 : static_cast<int>(colour(0)[levels_[0].count - 1]);
  levels_.resize(colours + 1);
  sets_.resize(set_offset(colours + 1), 0);
  order_.resize(order_offset(colours + 1), 0);
  colour_.resize(order_offset(colours + 1), 0);
  reset();
}

core::Outcome MaxCliqueSpace::reset() {
  depth_ = 0;
  std::uint64_t* all = candidates(0);
  std::fill(all, all + words_, 0);
  for (int v = 0; v < size_; ++v) all[v >> 6] |= std::uint64_t{1} << (v & 63);
  levels_[0] = Level{};
  levels_[0].bound = size_;
  return core::Outcome::kOpen;
}

void MaxCliqueSpace::colour_level(int depth) {
  Level& level = levels_[depth];
  const std::uint64_t* const from = candidates(depth);
  std::uint64_t* const uncoloured = uncoloured_.data();
  std::uint64_t* const open = open_.data();
  std::uint32_t* const positions = order(depth);
  std::uint32_t* const colours = colour(depth);
  std::copy(from, from + words_, uncoloured);
  int low = 0;  // uncoloured has no bit below word `low`
  while (low < words_ && uncoloured[low] == 0) ++low;
  std::uint32_t count = 0, colour_number = 0;
  while (low < words_) {
    // One colour class: repeatedly the first vertex not adjacent to the class so far.
    ++colour_number;
    std::copy(uncoloured + low, uncoloured + words_, open + low);
    for (int word = low; word < words_; ++word) {
      while (open[word] != 0) {
        const int bit = std::countr_zero(open[word]);
        const int v = word * 64 + bit;
        open[word] &= open[word] - 1;
        uncoloured[word] &= ~(std::uint64_t{1} << bit);
        const std::uint64_t* neighbours = graph_->row(v);
        for (int w = word; w < words_; ++w) open[w] &= ~neighbours[w];
        positions[count] = static_cast<std::uint32_t>(v);
        colours[count] = colour_number;
        ++count;
      }
    }
    while (low < words_ && uncoloured[low] == 0) ++low;
  }
  level.count = count;
  level.cut = count;
  std::copy(from, from + words_, remaining(depth));
  level.coloured = true;
}

void MaxCliqueSpace::choices(core::ChoiceSink<Choice>& out) {
  Level& level = levels_[depth_];
  if (!level.coloured) colour_level(depth_);
  const std::uint32_t* colours = colour(depth_);
  for (std::uint32_t k = level.count; k-- > 0;) {
    if (depth_ + static_cast<std::int64_t>(colours[k]) <= incumbent_) break;
    out.push(Choice{k});
  }
}

core::Outcome MaxCliqueSpace::descend(Choice choice) {
  const int depth = depth_;
  Level& level = levels_[depth];
  const std::uint32_t k = choice.position;
  std::uint64_t* rest = remaining(depth);
  const std::uint32_t* positions = order(depth);
  if (k >= level.cut) {
    // Back up the colour order (a received unit, or a replay): start over.
    const std::uint64_t* from = candidates(depth);
    std::copy(from, from + words_, rest);
    level.cut = level.count;
  }
  for (std::uint32_t j = k + 1; j < level.cut; ++j)
    rest[positions[j] >> 6] &= ~(std::uint64_t{1} << (positions[j] & 63));
  level.cut = k + 1;
  const int v = static_cast<int>(positions[k]);
  const std::uint64_t* neighbours = graph_->row(v);
  std::uint64_t* child = candidates(depth + 1);
  for (int w = 0; w < words_; ++w) child[w] = rest[w] & neighbours[w];
  Level& next = levels_[depth + 1];
  next.coloured = false;
  next.vertex = v;
  next.bound = depth + static_cast<std::int64_t>(colour(depth)[k]);
  depth_ = depth + 1;
  return core::Outcome::kOpen;
}

MaxCliqueSpace::Solution MaxCliqueSpace::solution() const {
  Solution clique;
  for (int d = 1; d <= depth_; ++d) clique.push_back(graph_->label(levels_[d].vertex));
  std::sort(clique.begin(), clique.end());
  return clique;
}

}  // namespace stacksplit::apps::maxclique
