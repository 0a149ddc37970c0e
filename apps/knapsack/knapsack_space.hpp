#pragma once
// 0/1 knapsack as a branch-and-bound search space (optimize mode).
//
// Items are sorted by non-increasing profit/weight; depth d decides item d
// (take it, tried first, or leave it). Every node is a feasible selection, so
// objective() is the profit taken so far. bound() is Dantzig's: the profit
// taken plus the LP relaxation of the items not yet decided, filled greedily
// in ratio order with the critical item taken fractionally ("Discrete-variable
// extremum problems", Dantzig 1957; Martello and Toth, "Knapsack Problems",
// 1990, Section 2.2.1, Theorem 2.2). Prefix sums of the sorted weights and
// profits find the critical item by binary search, so bound() costs
// O(log n) rather than O(n).
//
// The instance is shared between copies (a copy per worker is cheap); the
// state is the depth, the profit and weight taken and one flag per item.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <numeric>
#include <vector>

#include "apps/knapsack/knapsack_instance.hpp"
#include "core/search_space.hpp"

namespace stacksplit::apps::knapsack {

// The instance in the order the search decides items.
class SortedItems {
 public:
  explicit SortedItems(const KnapsackInstance& instance) : capacity_(instance.capacity) {
    const std::size_t n = instance.items.size();
    file_index_.resize(n);
    std::iota(file_index_.begin(), file_index_.end(), 0);
    // p_a / w_a > p_b / w_b without division (a zero weight is an infinite
    // ratio); 128-bit products cannot overflow. Stable: ties keep file order.
    std::stable_sort(file_index_.begin(), file_index_.end(), [&](int a, int b) {
      const Item& x = instance.items[a];
      const Item& y = instance.items[b];
      return static_cast<Wide>(x.profit) * y.weight > static_cast<Wide>(y.profit) * x.weight;
    });
    profit_.resize(n);
    weight_.resize(n);
    profit_prefix_.assign(n + 1, 0);
    weight_prefix_.assign(n + 1, 0);
    for (std::size_t i = 0; i < n; ++i) {
      const Item& item = instance.items[file_index_[i]];
      profit_[i] = item.profit;
      weight_[i] = item.weight;
      // The reader checked that the sums fit.
      profit_prefix_[i + 1] = profit_prefix_[i] + item.profit;
      weight_prefix_[i + 1] = weight_prefix_[i] + item.weight;
    }
  }

  std::size_t size() const { return profit_.size(); }
  std::int64_t capacity() const { return capacity_; }
  std::int64_t profit(std::size_t i) const { return profit_[i]; }
  std::int64_t weight(std::size_t i) const { return weight_[i]; }
  int file_index(std::size_t i) const { return file_index_[i]; }

  // Dantzig's bound on the profit items from..n-1 can add within `room`.
  std::int64_t fractional_fill(std::size_t from, std::int64_t room) const {
    const std::int64_t base = weight_prefix_[from];
    const std::int64_t limit =
        room > kMaxSum - base ? kMaxSum : base + room;  // the prefix no fill passes
    // The first k with weight_prefix_[k] > limit: items from..k-2 fit whole.
    const auto after = std::upper_bound(weight_prefix_.begin() + from, weight_prefix_.end(), limit);
    const std::size_t whole_end = static_cast<std::size_t>(after - weight_prefix_.begin()) - 1;
    std::int64_t fill = profit_prefix_[whole_end] - profit_prefix_[from];
    if (whole_end < size()) {
      // The critical item, a fraction of it; it has a positive weight since it does not fit.
      const std::int64_t left = limit - weight_prefix_[whole_end];
      fill += static_cast<std::int64_t>(static_cast<Wide>(left) * profit_[whole_end] /
                                        weight_[whole_end]);
    }
    return fill;
  }

 private:
  __extension__ using Wide = __int128;
  static constexpr std::int64_t kMaxSum = std::numeric_limits<std::int64_t>::max();

  std::int64_t capacity_;
  std::vector<int> file_index_;  // sorted position -> index in the file
  std::vector<std::int64_t> profit_, weight_;
  std::vector<std::int64_t> profit_prefix_, weight_prefix_;  // over the sorted order, n + 1 each
};

class KnapsackSpace {
 public:
  // 1: take the next item, 0: leave it.
  using Choice = std::uint8_t;
  // The items taken, as 0-based positions in the file, ascending.
  using Solution = std::vector<int>;

  explicit KnapsackSpace(const KnapsackInstance& instance)
      : items_(std::make_shared<const SortedItems>(instance)), taken_(items_->size(), 0) {}

  core::Outcome reset() {
    depth_ = 0;
    profit_ = weight_ = 0;
    return outcome();
  }

  void choices(core::ChoiceSink<Choice>& out) const {
    if (weight_ + items_->weight(depth_) <= items_->capacity()) out.push(1);
    out.push(0);
  }

  core::Outcome descend(Choice take) {
    taken_[depth_] = take;
    if (take != 0) {
      profit_ += items_->profit(depth_);
      weight_ += items_->weight(depth_);
    }
    ++depth_;
    return outcome();
  }

  void ascend() {
    --depth_;
    if (taken_[depth_] != 0) {
      profit_ -= items_->profit(depth_);
      weight_ -= items_->weight(depth_);
    }
  }

  std::int64_t objective() const { return profit_; }
  std::int64_t bound() const {
    return profit_ + items_->fractional_fill(depth_, items_->capacity() - weight_);
  }

  Solution solution() const {
    Solution chosen;
    for (std::size_t i = 0; i < depth_; ++i)
      if (taken_[i] != 0) chosen.push_back(items_->file_index(i));
    std::sort(chosen.begin(), chosen.end());
    return chosen;
  }

 private:
  // Every item decided: a complete selection, a leaf.
  core::Outcome outcome() const {
    return depth_ == items_->size() ? core::Outcome::kSolution : core::Outcome::kOpen;
  }

  std::shared_ptr<const SortedItems> items_;
  std::vector<std::uint8_t> taken_;  // per depth: whether that item was taken
  std::size_t depth_ = 0;            // the next item to decide
  std::int64_t profit_ = 0, weight_ = 0;
};

}  // namespace stacksplit::apps::knapsack
