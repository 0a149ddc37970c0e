#pragma once
// The iterations a loop worker holds and has not done yet, in the order it
// does them: it takes a quantum from the front, gives work away from the back
// (the iterations it would reach last), and appends what it receives.

#include <algorithm>
#include <cstdint>
#include <deque>
#include <vector>

#include "core/loop/iteration_set.hpp"

namespace stacksplit::core {

class HeldIterations {
 public:
  bool empty() const { return sets_.empty(); }
  void clear() { sets_.clear(); }
  void push_back(const IterationSet& set) { sets_.push_back(set); }

  // What is held, in the order it will be done.
  std::vector<IterationSet> sets() const { return {sets_.begin(), sets_.end()}; }

  std::uint64_t count() const {
    std::uint64_t total = 0;
    for (const IterationSet& set : sets_) total += set.count;
    return total;
  }

  // Whether any iteration of `wanted` (contiguous) is held here.
  bool overlaps(const IterationSet& wanted) const {
    bool overlap = false;
    for (const IterationSet& set : sets_)
      set.for_each_range([&](std::uint64_t first, std::uint64_t count) {
        overlap = overlap || (first < wanted.first + wanted.count && wanted.first < first + count);
      });
    return overlap;
  }

  // Up to `budget` iterations from the front of the first set (the sets they
  // make, in `out`, which is cleared first; its capacity is reused).
  void take_front(std::uint64_t budget, std::vector<IterationSet>& out) {
    out.clear();
    rest_.clear();
    split_iterations(sets_.front(), budget, out, rest_);
    sets_.pop_front();
    for (auto it = rest_.rbegin(); it != rest_.rend(); ++it) sets_.push_front(*it);
  }

  // Up to `count` iterations from the back, in the order they were held.
  std::vector<IterationSet> take_back(std::uint64_t count) {
    std::vector<IterationSet> taken;
    std::uint64_t got = 0;
    while (got < count && !sets_.empty()) {
      const IterationSet last = sets_.back();
      sets_.pop_back();
      const std::uint64_t want = count - got;
      if (last.count <= want) {
        taken.push_back(last);
        got += last.count;
      } else {
        std::vector<IterationSet> keep, give;
        split_iterations(last, last.count - want, keep, give);
        for (const IterationSet& set : keep) sets_.push_back(set);
        for (auto it = give.rbegin(); it != give.rend(); ++it) taken.push_back(*it);
        got += want;
      }
    }
    std::reverse(taken.begin(), taken.end());
    return taken;
  }

 private:
  std::deque<IterationSet> sets_;
  std::vector<IterationSet> rest_;  // take_front's, kept for its capacity
};

}  // namespace stacksplit::core
