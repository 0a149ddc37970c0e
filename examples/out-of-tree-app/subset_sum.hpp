#pragma once
// The example's search space: the subsets of {1, ..., n} that add up to a
// target. The node at depth d has decided items 1..d; its two children put
// item d + 1 in the subset or leave it out. A branch ends as a dead end as
// soon as the target is out of its reach, so the tree stays small.

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "core/search_space.hpp"

namespace subsets {

class SubsetSum {
 public:
  using Choice = std::uint8_t;     // 1: the next item is in the subset, 0: it is not
  using Solution = std::uint64_t;  // bit i - 1 set: item i is in the subset
  static constexpr int kMaxItems = 62;

  SubsetSum(int items, std::int64_t target) : items_(checked(items)), target_(target) {}

  // Half the sum of 1..n, rounded down: the target that makes the most subsets.
  static std::int64_t half_total(int items) {
    return static_cast<std::int64_t>(items) * (items + 1) / 4;
  }

  stacksplit::core::Outcome reset() {
    depth_ = 0;
    sums_[0] = 0;
    return outcome();
  }

  void choices(stacksplit::core::ChoiceSink<Choice>& out) const {
    out.push(1);
    out.push(0);
  }

  stacksplit::core::Outcome descend(Choice in) {
    sums_[depth_ + 1] = sums_[depth_] + (in != 0 ? depth_ + 1 : 0);
    ++depth_;
    return outcome();
  }

  void ascend() { --depth_; }

  Solution solution() const {
    Solution in = 0;
    // Item i is in where the running sum grew.
    for (int item = 1; item <= depth_; ++item)
      if (sums_[item] != sums_[item - 1]) in |= Solution{1} << (item - 1);
    return in;
  }

 private:
  stacksplit::core::Outcome outcome() const {
    const std::int64_t sum = sums_[depth_];
    const std::int64_t left = sum_of_first(items_) - sum_of_first(depth_);  // items not decided
    if (sum > target_ || sum + left < target_) return stacksplit::core::Outcome::kDeadEnd;
    // Every item decided, and the checks above leave sum == target.
    if (depth_ == items_) return stacksplit::core::Outcome::kSolution;
    return stacksplit::core::Outcome::kOpen;
  }

  static std::int64_t sum_of_first(int count) {
    return static_cast<std::int64_t>(count) * (count + 1) / 2;
  }

  // A solution is a 64-bit mask of the items.
  static int checked(int items) {
    if (items < 1 || items > kMaxItems)
      throw std::invalid_argument("the number of items " + std::to_string(items) +
                                  " is out of range 1.." + std::to_string(kMaxItems));
    return items;
  }

  int items_;
  std::int64_t target_;
  int depth_ = 0;
  std::array<std::int64_t, kMaxItems + 1> sums_{};  // sums_[d]: the subset's sum at depth d
};

}  // namespace subsets
