#pragma once
// Factoring (FAC2): the iterations go out in batches of P equal chunks that
// together take half of what is left when the batch starts — Hummel,
// Schonberg & Flynn, "Factoring: A Method for Scheduling Parallel Loops",
// CACM 35(8), 1992. The batch of a chunk follows from its index alone, so any
// processor can compute it (a shared counter needs no master); the chunk rule
// is the cost model's (schemes/loop/cost_model/factoring.hpp).

#include <cstdint>
#include <vector>

#include "schemes/loop/cost_model/factoring.hpp"
#include "schemes/loop/pool_scheme.hpp"

namespace stacksplit::schemes {

class Factoring final : public PoolScheme {
 public:
  Factoring() : PoolScheme(core::PoolAccess::kSharedCounter) {}
  std::string_view name() const override { return "fac2"; }
  void start_pool(core::LoopContext& ctx, std::uint64_t n) override {
    PoolScheme::start_pool(ctx, n);
    // Each batch's chunk, R_{j+1} = R_j − P·⌈R_j/(2P)⌉, until nothing is left.
    batch_chunks_.clear();
    for (std::int64_t left = static_cast<std::int64_t>(n_); left > 0;) {
      const std::int64_t chunk = schemes::loop::cost_model::fac2_chunk(left, ctx.size());
      batch_chunks_.push_back(chunk);
      left -= chunk * ctx.size();
    }
  }
  std::uint64_t chunk_size(std::uint64_t, std::uint64_t index, double, int, int size) override {
    const std::size_t batch = static_cast<std::size_t>(index / static_cast<std::uint64_t>(size));
    return batch < batch_chunks_.size() ? static_cast<std::uint64_t>(batch_chunks_[batch]) : 1;
  }

 private:
  std::vector<std::int64_t> batch_chunks_;  // the chunk of batch j
};

}  // namespace stacksplit::schemes
