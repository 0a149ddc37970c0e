#pragma once
// The rules that grow a UTS tree from its parameters: the root, how many
// children a node has, and the nodes those children are. Both the search space
// and the hand-written sequential search grow the tree through this one place.

#include <cstdint>
#include <memory>
#include <vector>

#include "apps/uts/uts_node.hpp"
#include "apps/uts/uts_params.hpp"
#include "apps/uts/uts_rng.hpp"

namespace stacksplit::apps::uts {

class UtsGenerator {
 public:
  // Every node but a binomial root has at most this many children.
  static constexpr std::int32_t kMaxChildren = 100;

  // Throws std::invalid_argument if `params` is out of range.
  explicit UtsGenerator(const UtsParams& params);

  const UtsParams& params() const { return params_; }
  void prefetch() const { rng_.prefetch(); }

  UtsNode root();
  // Reads the node's own random value; hashes nothing.
  std::int32_t num_children(const UtsNode& node) const;
  // Child `index` of `parent`. The digest is computed `granularity` times over,
  // which is how the benchmark makes a node cost more.
  UtsNode child(const UtsNode& parent, std::int32_t index);

 private:
  bool geometric_at(std::int32_t height) const;
  std::int32_t geometric_children(const UtsNode& node) const;
  std::int32_t binomial_children(const UtsNode& node) const;
  double geometric_mean(std::int32_t height) const;
  double geometric_log_q(std::int32_t height) const;
  double computed_log_q(std::int32_t height) const;

  UtsParams params_;
  double hybrid_shift_height_;  // hybrid: nodes above this height are geometric
  // log(1 - p) of the geometric distribution at each height near the root: it
  // depends on the height only, and costs a log and maybe a pow and a sin.
  // One table for all generators of a tree (uts_generator.cpp); read through
  // a plain pointer on the hot path.
  std::shared_ptr<const std::vector<double>> log_q_table_;
  const double* log_q_by_height_ = nullptr;
  std::int32_t log_q_heights_ = 0;
  UtsRng rng_;
};

}  // namespace stacksplit::apps::uts
