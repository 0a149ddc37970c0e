#pragma once
// The shared iterator of Krishnamoorthy et al. (locality-aware load
// balancing, the work-pool API): a global counter initialized to zero; a
// process takes its next chunk of c iterations by an atomic fetch-and-add on
// it, with no process serving the others. On threads it is a std::atomic, under
// MPI a counter in an MPI window, on the simulator a counter whose owner is
// charged for every access.

#include <algorithm>

#include "schemes/loop/pool_scheme.hpp"

namespace stacksplit::schemes {

class SharedIterator final : public PoolScheme {
 public:
  explicit SharedIterator(const LoopSchemeOptions& options)
      : PoolScheme(core::PoolAccess::kSharedCounter),
        chunk_(std::max<std::uint64_t>(options.chunk, 1)) {}
  std::string_view name() const override { return "shared-iterator"; }
  std::uint64_t chunk_size(std::uint64_t, std::uint64_t, double, int, int) override {
    return chunk_;
  }

 private:
  std::uint64_t chunk_;
};

}  // namespace stacksplit::schemes
