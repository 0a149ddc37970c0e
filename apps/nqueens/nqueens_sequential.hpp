#pragma once
// A plain recursive N-Queens count, written by hand with the usual bitmask
// tricks: the baseline the engine's single-worker rate is measured against.
// It uses neither the engine nor the search-space contract.

#include <cstdint>

namespace stacksplit::apps::nqueens {

struct NQueensCounts {
  std::uint64_t nodes = 0;  // placements tried, the empty board included
  std::uint64_t solutions = 0;
};

namespace detail {

inline void count_below(std::uint32_t all, std::uint32_t columns, std::uint32_t diagonals,
                        std::uint32_t antidiagonals, NQueensCounts& counts) {
  if (columns == all) {
    ++counts.solutions;
    return;
  }
  std::uint32_t free = all & ~(columns | diagonals | antidiagonals);
  while (free != 0) {
    const std::uint32_t bit = free & (0u - free);
    free ^= bit;
    ++counts.nodes;
    count_below(all, columns | bit, (diagonals | bit) << 1, (antidiagonals | bit) >> 1, counts);
  }
}

}  // namespace detail

inline NQueensCounts nqueens_sequential_count(int size) {
  NQueensCounts counts;
  counts.nodes = 1;
  detail::count_below((1u << size) - 1, 0, 0, 0, counts);
  return counts;
}

}  // namespace stacksplit::apps::nqueens
