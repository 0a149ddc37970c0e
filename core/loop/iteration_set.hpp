#pragma once
// Loop work as it moves: a set of iterations described in O(1), never a list
// of indices. `count` iterations starting at `first`, taken `block` at a time
// with `stride` from one block's start to the next: a contiguous range when
// stride == block, one processor's share of a cyclic distribution otherwise.
// The last block may be short (count need not be a multiple of block).

#include <algorithm>
#include <cstdint>
#include <vector>

namespace stacksplit::core {

struct IterationSet {
  std::uint64_t first = 0;
  std::uint64_t count = 0;
  std::uint64_t block = 1;
  std::uint64_t stride = 1;

  static IterationSet range(std::uint64_t first, std::uint64_t count) {
    return {first, count, std::max<std::uint64_t>(count, 1), std::max<std::uint64_t>(count, 1)};
  }

  bool empty() const { return count == 0; }
  bool contiguous() const { return stride == block || count <= block; }
  bool operator==(const IterationSet&) const = default;

  // Calls visit(first, count) for each contiguous piece, in order.
  template <class Visit>
  void for_each_range(Visit&& visit) const {
    std::uint64_t left = count;
    for (std::uint64_t start = first; left > 0; start += stride) {
      const std::uint64_t take = std::min(block, left);
      visit(start, take);
      left -= take;
    }
  }

  // The iteration at position k of the set (0 <= k < count).
  std::uint64_t at(std::uint64_t k) const { return first + (k / block) * stride + k % block; }

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar& first;
    ar& count;
    ar& block;
    ar& stride;
  }
};

// Cuts `set` after its first k iterations: the head is appended to `head`,
// the rest to `tail` (at most two sets each: whole blocks and a piece of one).
inline void split_iterations(const IterationSet& set, std::uint64_t k,
                             std::vector<IterationSet>& head, std::vector<IterationSet>& tail) {
  k = std::min(k, set.count);
  if (set.contiguous()) {
    if (k > 0) head.push_back(IterationSet::range(set.first, k));
    if (k < set.count) tail.push_back(IterationSet::range(set.first + k, set.count - k));
    return;
  }
  const std::uint64_t whole = k / set.block, part = k % set.block;
  if (whole > 0) head.push_back({set.first, whole * set.block, set.block, set.stride});
  const std::uint64_t cut = set.first + whole * set.stride;  // the block the cut falls in
  if (part > 0) head.push_back(IterationSet::range(cut, part));
  std::uint64_t left = set.count - k;
  if (left == 0) return;
  if (part > 0) {
    const std::uint64_t rest_of_block = std::min(set.block - part, left);
    tail.push_back(IterationSet::range(cut + part, rest_of_block));
    left -= rest_of_block;
    if (left > 0) tail.push_back({cut + set.stride, left, set.block, set.stride});
  } else {
    tail.push_back({cut, left, set.block, set.stride});
  }
}

inline std::uint64_t iteration_count(const std::vector<IterationSet>& sets) {
  std::uint64_t total = 0;
  for (const IterationSet& set : sets) total += set.count;
  return total;
}

}  // namespace stacksplit::core
