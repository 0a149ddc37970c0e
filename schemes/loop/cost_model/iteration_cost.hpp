#pragma once
// The time per iteration on the base processor, T_k (Zaki, Parthasarathy &
// Li, Customized Dynamic Load Balancing, §1.3.1, "Time per Iteration"): one
// T for a uniform loop, or one value per iteration for a non-uniform one
// (a triangular loop's T_k = a·k + b). A processor of effective speed σ takes
// T_k/σ for iteration k.

#include <cstdint>
#include <functional>
#include <vector>

namespace stacksplit::schemes::loop::cost_model {

// Iterations [first, first + count).
struct IterationRange {
  std::int64_t first = 0;
  std::int64_t count = 0;
  bool operator==(const IterationRange&) const = default;
};

class IterationCost {
 public:
  // Every iteration takes `seconds` (> 0).
  static IterationCost uniform(double seconds);
  // Iteration k takes seconds[k] (each >= 0, not all 0).
  static IterationCost per_iteration(std::vector<double> seconds);
  // Iteration k of `iterations` takes cost(k).
  static IterationCost from_function(std::int64_t iterations,
                                     const std::function<double(std::int64_t)>& cost);

  bool is_uniform() const { return prefix_.empty(); }
  // The loop size a per-iteration cost was given for; 0 for a uniform one.
  std::int64_t size() const {
    return prefix_.empty() ? 0 : static_cast<std::int64_t>(prefix_.size()) - 1;
  }

  // Σ T_k over the range.
  double of(IterationRange range) const;
  // How many of the range's iterations, from its start, a budget of `work`
  // base seconds reaches: the fewest whose cost is at least `work` (an
  // iteration under way at an interrupt is finished first, the chapter's
  // ⌈ ⌉ in eq. 1.3.1), at most the whole range.
  std::int64_t reached_by(IterationRange range, double work) const;

 private:
  IterationCost() = default;
  double uniform_ = 0;
  std::vector<double> prefix_;  // prefix_[k] = T_0 + ... + T_{k-1}
};

}  // namespace stacksplit::schemes::loop::cost_model
