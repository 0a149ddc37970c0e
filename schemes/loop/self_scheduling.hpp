#pragma once
// Self-scheduling (SS): an idle processor takes the next chunk of c
// iterations (c = 1 in its original form) from a central work queue held by a
// master; the finest balance, and a request to the master per chunk — Tang &
// Yew, "Processor self-scheduling for multiple-nested parallel loops", ICPP
// 1986. Here the master is rank 0, which also computes and answers between
// its own chunks.

#include <algorithm>

#include "schemes/loop/pool_scheme.hpp"

namespace stacksplit::schemes {

class SelfScheduling final : public PoolScheme {
 public:
  explicit SelfScheduling(const LoopSchemeOptions& options)
      : PoolScheme(core::PoolAccess::kMaster), chunk_(std::max<std::uint64_t>(options.chunk, 1)) {}
  std::string_view name() const override { return "ss"; }
  std::uint64_t chunk_size(std::uint64_t, std::uint64_t, double, int, int) override {
    return chunk_;
  }

 private:
  std::uint64_t chunk_;
};

}  // namespace stacksplit::schemes
