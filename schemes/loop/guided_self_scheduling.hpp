#pragma once
// Guided self-scheduling (GSS): the next chunk is ceil(R/P) of the R
// iterations still in the pool, so chunks start large (little contention) and
// shrink toward 1 (a fine balance at the end) — Polychronopoulos & Kuck,
// "Guided self-scheduling: a practical scheduling scheme for parallel
// supercomputers", IEEE Trans. Computers 36(12), 1987.

#include "schemes/loop/pool_scheme.hpp"

namespace stacksplit::schemes {

inline std::uint64_t gss_chunk(std::uint64_t remaining, int processors) {
  const std::uint64_t p = static_cast<std::uint64_t>(processors);
  return (remaining + p - 1) / p;
}

class GuidedSelfScheduling final : public PoolScheme {
 public:
  GuidedSelfScheduling() : PoolScheme(core::PoolAccess::kSharedCounter) {}
  std::string_view name() const override { return "gss"; }
  std::uint64_t chunk_size(std::uint64_t remaining, std::uint64_t, double, int, int size) override {
    return gss_chunk(remaining, size);
  }
};

}  // namespace stacksplit::schemes
