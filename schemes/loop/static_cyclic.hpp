#pragma once
// Static cyclic scheduling: chunks of c consecutive iterations dealt to the
// processors in turn, fixed for the whole loop (OpenMP's schedule(static, c)).
// Each processor's share is one iteration set, block c and stride P·c, so a
// triangular loop's cost spreads evenly without any message.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/loop/loop_scheme.hpp"
#include "schemes/loop/loop_scheme_options.hpp"

namespace stacksplit::schemes {

class StaticCyclic final : public core::LoopScheme {
 public:
  explicit StaticCyclic(const LoopSchemeOptions& options)
      : chunk_(std::max<std::uint64_t>(options.chunk, 1)) {}
  std::string_view name() const override { return "static-cyclic"; }

  std::vector<core::IterationSet> initial_share(int rank, int size, std::uint64_t n) override {
    const std::uint64_t p = static_cast<std::uint64_t>(size), r = static_cast<std::uint64_t>(rank);
    const std::uint64_t round = p * chunk_;
    const std::uint64_t first = r * chunk_;
    const std::uint64_t tail = n % round;
    const std::uint64_t count =
        (n / round) * chunk_ + std::min(chunk_, tail > first ? tail - first : 0);
    if (count == 0) return {};
    return {core::IterationSet{first, count, chunk_, round}};
  }

 private:
  std::uint64_t chunk_;
};

}  // namespace stacksplit::schemes
