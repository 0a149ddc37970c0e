#pragma once
// Adaptive weighted factoring (AWF): factoring's batches, each chunk scaled by
// the weight of the processor that takes it, the weights following each
// processor's measured speed — Banicescu, Velusamy & Devaprasad, "On the
// Scalability of Dynamic Scheduling Scientific Applications with Adaptive
// Weighted Factoring", Cluster Computing 6(3), 2003. Here every request
// carries the asking processor's speed so far (iterations per busy second),
// so the master, rank 0, keeps every processor's weight; a batch starts when
// P chunks of the last one are out. The rule is the cost model's.

#include <cstdint>
#include <vector>

#include "schemes/loop/cost_model/adaptive_weighted_factoring.hpp"
#include "schemes/loop/pool_scheme.hpp"

namespace stacksplit::schemes {

class AdaptiveWeightedFactoring final : public PoolScheme {
 public:
  AdaptiveWeightedFactoring() : PoolScheme(core::PoolAccess::kMaster) {}
  std::string_view name() const override { return "awf"; }

  void start_pool(core::LoopContext& ctx, std::uint64_t n) override {
    PoolScheme::start_pool(ctx, n);
    if (rates_.size() != static_cast<std::size_t>(ctx.size())) rates_.assign(ctx.size(), 0);
    batch_start_ = 0;
  }
  void on_idle(core::LoopContext& ctx) override {
    own_rate_ = ctx.busy_since_mark() > 0
                    ? static_cast<double>(ctx.done_since_mark()) / ctx.busy_since_mark()
                    : 0;
    PoolScheme::on_idle(ctx);
  }
  double pool_weight() const override { return own_rate_; }

  std::uint64_t chunk_size(std::uint64_t remaining, std::uint64_t index, double rate, int requester,
                           int size) override {
    if (rate > 0) rates_[requester] = rate;
    if (index % static_cast<std::uint64_t>(size) == 0) batch_start_ = remaining;
    const double weight =
        schemes::loop::cost_model::awf_weights_from_reported_rates(rates_)[requester];
    return static_cast<std::uint64_t>(schemes::loop::cost_model::awf_chunk(
        static_cast<std::int64_t>(batch_start_), size, weight));
  }

 private:
  std::vector<double> rates_;  // rank 0: each processor's last reported speed
  std::uint64_t batch_start_ = 0;
  double own_rate_ = 0;
};

}  // namespace stacksplit::schemes
