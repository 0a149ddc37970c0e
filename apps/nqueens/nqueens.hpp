#pragma once
// N-Queens as a search space: place one queen per row, a choice is the column
// (as a one-bit mask). The state is the three attack masks per row, so ascend
// is just stepping back a row.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "core/search_space.hpp"

namespace stacksplit::apps::nqueens {

class NQueens {
 public:
  using Choice = std::uint32_t;       // the column bit of the queen placed in the next row
  using Solution = std::vector<int>;  // column of the queen in each row

  static constexpr int kMaxSize = 30;
  // 384 bytes of plain values: the engine runs a quantum on a copy it keeps
  // in registers where it can (the row; search_space.hpp). The hand-written
  // recursion keeps its masks in registers too.
  static constexpr bool kCopyableState = true;

  explicit NQueens(int size) : size_(checked(size)), all_columns_((1u << size_) - 1) {}

  core::Outcome reset() {
    row_ = 0;
    columns_[0] = diagonals_[0] = antidiagonals_[0] = 0;
    return core::Outcome::kOpen;
  }

  void choices(core::ChoiceSink<Choice>& out) const {
    std::uint32_t free = all_columns_ & ~(columns_[row_] | diagonals_[row_] | antidiagonals_[row_]);
    while (free != 0) {
      const std::uint32_t bit = free & (0u - free);
      out.push(bit);
      free ^= bit;
    }
  }

  core::Outcome descend(Choice column) {
    columns_[row_ + 1] = columns_[row_] | column;
    diagonals_[row_ + 1] = (diagonals_[row_] | column) << 1;
    antidiagonals_[row_ + 1] = (antidiagonals_[row_] | column) >> 1;
    ++row_;
    return row_ == size_ ? core::Outcome::kSolution : core::Outcome::kOpen;
  }

  void ascend() { --row_; }

  // Granularity: the last rows are counted by a plain recursion, which is
  // what a hand-written solver does everywhere; the engine splits above them.
  // Nine rows leave subtrees of a few hundred nodes on average (14 queens:
  // 54,068 subtrees of 506 nodes), so the engine's bookkeeping above them is
  // about 1% of the time, and there are still pieces for thousands of
  // processors. Small boards keep a third of their rows above the line.
  static constexpr int kSerialRows = 9;
  std::uint32_t default_serial_depth() const {
    return static_cast<std::uint32_t>(std::max(size_ - kSerialRows, size_ / 3));
  }

  void count_subtree(core::SubtreeCounts& counts) const {
    count_below(all_columns_, columns_[row_], diagonals_[row_], antidiagonals_[row_], 0, counts);
  }

  Solution solution() const {
    Solution queens(row_);
    // The queen of each row is the column its placement added.
    for (int row = 0; row < row_; ++row)
      queens[row] = std::countr_zero(columns_[row + 1] ^ columns_[row]);
    return queens;
  }

 private:
  // Counts the node with these masks at `row` and everything below it,
  // exactly as the engine would: a full board is a solution leaf, a board
  // with no free column a leaf. Static, with everything in arguments, so it is
  // as lean as a hand-written solver; depth is only looked at on leaves.
  static void count_below(std::uint32_t all, std::uint32_t columns, std::uint32_t diagonals,
                          std::uint32_t antidiagonals, std::uint32_t depth,
                          core::SubtreeCounts& counts) {
    ++counts.nodes;
    if (columns == all) {
      ++counts.leaves;
      ++counts.solutions;
      if (depth > counts.max_depth) counts.max_depth = depth;
      return;
    }
    std::uint32_t free = all & ~(columns | diagonals | antidiagonals);
    if (free == 0) {
      ++counts.leaves;
      if (depth > counts.max_depth) counts.max_depth = depth;
      return;
    }
    do {
      const std::uint32_t bit = free & (0u - free);
      free ^= bit;
      count_below(all, columns | bit, (diagonals | bit) << 1, (antidiagonals | bit) >> 1, depth + 1,
                  counts);
    } while (free != 0);
  }

  // Before the mask is made: a shift by 32 or more would be undefined.
  static int checked(int size) {
    if (size < 1 || size > kMaxSize)
      throw std::invalid_argument("N-Queens size " + std::to_string(size) + " is out of range 1.." +
                                  std::to_string(kMaxSize));
    return size;
  }

  int size_;
  std::uint32_t all_columns_;
  int row_ = 0;
  std::array<std::uint32_t, kMaxSize + 1> columns_{}, diagonals_{}, antidiagonals_{};
};

static_assert(std::is_trivially_copyable_v<NQueens>);

}  // namespace stacksplit::apps::nqueens
