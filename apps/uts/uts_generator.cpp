#include "apps/uts/uts_generator.hpp"

#include <cmath>
#include <mutex>
#include <numbers>

namespace stacksplit::apps::uts {

namespace {

constexpr std::int32_t kLogQHeights = 256;

// The benchmark turns the real number of children into an int with a C cast
// and caps it; this does the same without the cast's undefined behaviour when
// the value is NaN or huge (b_i = 0 gives -0, a LINEAR tree below gen_mx NaN).
std::int32_t capped_children(double count) {
  if (!(count > 0)) return 0;
  if (count > UtsGenerator::kMaxChildren) return UtsGenerator::kMaxChildren;
  return static_cast<std::int32_t>(count);
}

// Generators of the same geometric tree share one table of log(1 - p) by
// height: the simulator holds a generator per processor (65,536 of them), and
// a table of their own was 2 KB each and a cache miss a node. The cache keeps
// no table alive: the generators do.
struct LogQEntry {
  GeoShape shape;
  std::int32_t depth;
  double root_branching;
  std::weak_ptr<const std::vector<double>> table;
};

template <class Compute>
std::shared_ptr<const std::vector<double>> shared_log_q_table(const UtsParams& params,
                                                              Compute&& compute) {
  static std::mutex mutex;
  static std::vector<LogQEntry> entries;
  const std::lock_guard lock(mutex);
  for (const LogQEntry& entry : entries) {
    if (entry.shape != params.shape || entry.depth != params.depth ||
        entry.root_branching != params.root_branching)
      continue;
    if (auto table = entry.table.lock()) return table;
  }
  std::erase_if(entries, [](const LogQEntry& entry) { return entry.table.expired(); });
  auto values = std::make_shared<std::vector<double>>(kLogQHeights);
  for (std::int32_t height = 0; height < kLogQHeights; ++height)
    (*values)[height] = compute(height);
  std::shared_ptr<const std::vector<double>> table = std::move(values);
  entries.push_back(LogQEntry{params.shape, params.depth, params.root_branching, table});
  return table;
}

}  // namespace

UtsGenerator::UtsGenerator(const UtsParams& params)
    : params_(params), hybrid_shift_height_(params.shift_depth * params.depth) {
  validate_uts_params(params_);
  if (params_.tree_type == TreeType::kBinomial) return;
  // Only the heights a tree of the usual sizes reaches.
  log_q_table_ =
      shared_log_q_table(params_, [this](std::int32_t height) { return computed_log_q(height); });
  log_q_by_height_ = log_q_table_->data();
  log_q_heights_ = static_cast<std::int32_t>(log_q_table_->size());
}

UtsNode UtsGenerator::root() {
  UtsNode node;
  node.state = rng_.root(params_.root_seed);
  node.height = 0;
  node.type = params_.tree_type;
  return node;
}

std::int32_t UtsGenerator::num_children(const UtsNode& node) const {
  switch (params_.tree_type) {
    case TreeType::kBinomial:
      // The only node allowed more than kMaxChildren.
      if (node.height == 0) return static_cast<std::int32_t>(std::floor(params_.root_branching));
      return binomial_children(node);
    case TreeType::kGeometric:
      return geometric_children(node);
    case TreeType::kHybrid:
      return geometric_at(node.height) ? geometric_children(node) : binomial_children(node);
  }
  return 0;
}

UtsNode UtsGenerator::child(const UtsNode& parent, std::int32_t index) {
  UtsNode node;
  for (std::int32_t round = 0; round < params_.granularity; ++round) {
    node.state = rng_.spawn(parent.state, index);
  }
  node.height = parent.height + 1;
  switch (params_.tree_type) {
    case TreeType::kBinomial:
    case TreeType::kGeometric:
      node.type = params_.tree_type;
      break;
    case TreeType::kHybrid:
      node.type = geometric_at(parent.height) ? TreeType::kGeometric : TreeType::kBinomial;
      break;
  }
  return node;
}

bool UtsGenerator::geometric_at(std::int32_t height) const { return height < hybrid_shift_height_; }

std::int32_t UtsGenerator::geometric_children(const UtsNode& node) const {
  // The geometric distribution with mean b_i, drawn by inverting its CDF at u.
  const double u = uts_to_prob(uts_rand(node.state));
  return capped_children(std::floor(std::log(1.0 - u) / geometric_log_q(node.height)));
}

double UtsGenerator::geometric_log_q(std::int32_t height) const {
  if (height >= 0 && height < log_q_heights_) [[likely]]
    return log_q_by_height_[height];
  return computed_log_q(height);
}

double UtsGenerator::computed_log_q(std::int32_t height) const {
  const double p = 1.0 / (1.0 + geometric_mean(height));
  return std::log(1.0 - p);
}

// The expressions and their order of evaluation are the benchmark's, so that
// every node gets bit for bit the same double and the same number of children.
double UtsGenerator::geometric_mean(std::int32_t height) const {
  const double b_0 = params_.root_branching;
  const double gen_mx = params_.depth;
  const double depth = height;
  if (height == 0) return b_0;
  switch (params_.shape) {
    case GeoShape::kExpDec:
      return b_0 * std::pow(depth, -std::log(b_0) / std::log(gen_mx));
    case GeoShape::kCyclic:
      if (std::int64_t{height} > 5 * std::int64_t{params_.depth}) return 0.0;
      return std::pow(b_0, std::sin(2.0 * std::numbers::pi * depth / gen_mx));
    case GeoShape::kFixed:
      return height < params_.depth ? b_0 : 0.0;
    case GeoShape::kLinear:
      return b_0 * (1.0 - depth / gen_mx);
  }
  return 0.0;
}

std::int32_t UtsGenerator::binomial_children(const UtsNode& node) const {
  const double u = uts_to_prob(uts_rand(node.state));
  if (!(u < params_.non_leaf_prob)) return 0;
  return params_.non_leaf_branching < kMaxChildren ? params_.non_leaf_branching : kMaxChildren;
}

}  // namespace stacksplit::apps::uts
