#include "schemes/loop/cost_model/iteration_cost.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <stdexcept>

namespace stacksplit::schemes::loop::cost_model {
namespace {

// Floating error must not turn "exactly 25 iterations" into 26.
constexpr double kTolerance = 1e-9;

}  // namespace

IterationCost IterationCost::uniform(double seconds) {
  if (!(seconds > 0) || !std::isfinite(seconds)) {
    throw std::invalid_argument("iteration cost: a uniform iteration takes a positive time");
  }
  IterationCost cost;
  cost.uniform_ = seconds;
  return cost;
}

IterationCost IterationCost::per_iteration(std::vector<double> seconds) {
  if (seconds.empty()) throw std::invalid_argument("iteration cost: no iteration");
  IterationCost cost;
  cost.prefix_.resize(seconds.size() + 1, 0);
  for (std::size_t k = 0; k < seconds.size(); ++k) {
    if (!(seconds[k] >= 0) || !std::isfinite(seconds[k])) {
      throw std::invalid_argument("iteration cost: iteration " + std::to_string(k) +
                                  " has a negative or non-finite time");
    }
    cost.prefix_[k + 1] = cost.prefix_[k] + seconds[k];
  }
  if (!(cost.prefix_.back() > 0))
    throw std::invalid_argument("iteration cost: every iteration is free");
  return cost;
}

IterationCost IterationCost::from_function(std::int64_t iterations,
                                           const std::function<double(std::int64_t)>& cost) {
  if (iterations <= 0) throw std::invalid_argument("iteration cost: no iteration");
  std::vector<double> seconds(static_cast<std::size_t>(iterations));
  for (std::int64_t k = 0; k < iterations; ++k) seconds[static_cast<std::size_t>(k)] = cost(k);
  return per_iteration(std::move(seconds));
}

double IterationCost::of(IterationRange range) const {
  if (range.count <= 0) return 0;
  if (is_uniform()) return uniform_ * static_cast<double>(range.count);
  assert(range.first >= 0 && range.first + range.count <= size());
  return prefix_[static_cast<std::size_t>(range.first + range.count)] -
         prefix_[static_cast<std::size_t>(range.first)];
}

std::int64_t IterationCost::reached_by(IterationRange range, double work) const {
  if (range.count <= 0 || !(work > 0)) return 0;
  if (is_uniform()) {
    const double exact = work / uniform_;
    const auto reached =
        static_cast<std::int64_t>(std::ceil(exact - kTolerance * std::max(1.0, exact)));
    return std::clamp<std::int64_t>(reached, 0, range.count);
  }
  // The fewest n with prefix[first + n] − prefix[first] >= work.
  const double target = prefix_[static_cast<std::size_t>(range.first)] + work;
  const auto begin = prefix_.begin() + range.first + 1;
  const auto end = prefix_.begin() + range.first + range.count + 1;
  const double slack = kTolerance * std::max(1.0, std::abs(target));
  const auto it = std::lower_bound(begin, end, target - slack);
  return it == end ? range.count : static_cast<std::int64_t>(it - begin) + 1;
}

}  // namespace stacksplit::schemes::loop::cost_model
