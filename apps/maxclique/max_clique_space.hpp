#pragma once
// Maximum clique as a branch-and-bound search space (optimize mode), the
// bit-parallel colouring algorithm BBMC ("An exact bit-parallel algorithm for
// the maximum clique problem", San Segundo, Rodríguez-Losada, Jiménez 2011)
// built on Tomita's MCQ/MCS scheme ("An efficient branch-and-bound algorithm
// for finding a maximum clique", Tomita and Seki 2003; "A simple and faster
// branch-and-bound algorithm for finding a maximum clique", Tomita et al. 2010).
//
// A node is a clique C (its depth is |C|) with its candidate set P: the
// vertices adjacent to all of C that are still allowed. Entering a node's
// expansion colours P greedily, class by class, in the fixed vertex order
// (OrderedBitGraph), giving the "colour order" of P: the vertices class after
// class, each with its colour number. The children are the vertices of P in
// reverse colour order; the child of the vertex at position k has the
// candidates N(v) ∩ {vertices at positions < k}, since the vertices after it
// were branched on already. Its bound is |C| + colour(k): a clique in the
// child's candidates uses at most colour(k) − 1 colour classes, as the
// vertices before v in its own class are not adjacent to it. choices() stops
// listing children once |C| + colour(k) cannot beat the incumbent: colours
// only fall further along, so no later child could (MCQ's pruning).
//
// Replay: a choice is a position in the parent's colour order, and the
// colour order depends only on the parent's candidates (never on the
// incumbent), so replaying the same positions from the root rebuilds the same
// nodes. The engine calls choices() at every replayed node, which colours it.
//
// Memory: every depth has its candidate sets and colour order preallocated
// (depth never exceeds the greedy chromatic number of the whole graph), so
// descend, ascend and choices allocate nothing. The graph is shared between
// copies.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

#include "apps/maxclique/dimacs_graph.hpp"
#include "apps/maxclique/ordered_bit_graph.hpp"
#include "core/search_space.hpp"

namespace stacksplit::apps::maxclique {

class MaxCliqueSpace {
 public:
  // The position of the chosen vertex in the parent's colour order.
  struct Choice {
    std::uint32_t position = 0;
  };
  // The clique's vertices as numbered in the input (0-based), ascending.
  using Solution = std::vector<int>;

  explicit MaxCliqueSpace(const Graph& graph);

  core::Outcome reset();
  void choices(core::ChoiceSink<Choice>& out);
  core::Outcome descend(Choice choice);
  void ascend() { --depth_; }

  std::int64_t objective() const { return depth_; }
  std::int64_t bound() const { return levels_[depth_].bound; }
  void set_incumbent(std::int64_t best) { incumbent_ = best; }

  Solution solution() const;

  // The number of colours greedy colouring needs for the whole graph: an
  // upper bound on the clique number.
  int root_colours() const { return static_cast<int>(levels_.size()) - 1; }

 private:
  struct Level {
    std::uint32_t count = 0;  // vertices in the colour order (|P| once coloured)
    std::uint32_t cut = 0;    // `remaining` lacks the vertices at positions ≥ cut
    std::int64_t bound = 0;   // upper bound on a clique below this node
    int vertex = -1;          // the vertex whose choice made this node (by position)
    bool coloured = false;
  };

  std::uint64_t* candidates(int depth) { return sets_.data() + set_offset(depth); }
  // The candidates less the vertices already branched on, kept incrementally
  // as children are entered in reverse colour order.
  std::uint64_t* remaining(int depth) { return sets_.data() + set_offset(depth) + words_; }
  std::uint32_t* order(int depth) { return order_.data() + order_offset(depth); }
  std::uint32_t* colour(int depth) { return colour_.data() + order_offset(depth); }
  std::size_t set_offset(int depth) const { return static_cast<std::size_t>(depth) * 2 * words_; }
  std::size_t order_offset(int depth) const { return static_cast<std::size_t>(depth) * size_; }

  // Greedy sequential colouring of `depth`'s candidates, class by class.
  void colour_level(int depth);

  std::shared_ptr<const OrderedBitGraph> graph_;
  int size_;
  int words_;
  std::vector<Level> levels_;
  std::vector<std::uint64_t> sets_;               // per depth: candidates, remaining
  std::vector<std::uint32_t> order_;              // per depth: the colour order, by position
  std::vector<std::uint32_t> colour_;             // per depth: each position's colour, 1-based
  std::vector<std::uint64_t> uncoloured_, open_;  // colouring scratch
  int depth_ = 0;
  std::int64_t incumbent_ = core::kNoObjective;
};

}  // namespace stacksplit::apps::maxclique
