#pragma once
// Static block scheduling, the "no DLB" baseline of Zaki, Parthasarathy & Li,
// "Customized Dynamic Load Balancing", §1.5: the iterations are divided into
// P equal contiguous blocks, one per processor, fixed for the whole loop;
// nothing moves, whatever the speeds and the load.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/loop/loop_scheme.hpp"

namespace stacksplit::schemes {

// Processor `rank`'s block of n iterations split as evenly as possible, the
// larger blocks first (as the cost model's equal_blocks deals them).
inline core::IterationSet equal_block(int rank, int size, std::uint64_t n) {
  const std::uint64_t p = static_cast<std::uint64_t>(size), r = static_cast<std::uint64_t>(rank);
  const std::uint64_t base = n / p, extra = n % p;
  const std::uint64_t first = r * base + std::min(r, extra);
  return core::IterationSet::range(first, base + (r < extra ? 1 : 0));
}

class StaticBlock final : public core::LoopScheme {
 public:
  std::string_view name() const override { return "static-block"; }
  std::vector<core::IterationSet> initial_share(int rank, int size, std::uint64_t n) override {
    const core::IterationSet block = equal_block(rank, size, n);
    if (block.empty()) return {};
    return {block};
  }
};

}  // namespace stacksplit::schemes
