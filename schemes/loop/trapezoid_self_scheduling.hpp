#pragma once
// Trapezoid self-scheduling (TSS): chunk sizes fall linearly from f = N/(2P)
// to l = 1, so scheduling operations are few and known in advance — Tzen & Ni,
// "Trapezoid Self-Scheduling: A Practical Scheduling Scheme for Parallel
// Compilers", IEEE TPDS 4(1), 1993. The rule itself is the cost model's
// (schemes/loop/cost_model/trapezoid_self_scheduling.hpp), so both agree.

#include "schemes/loop/cost_model/trapezoid_self_scheduling.hpp"
#include "schemes/loop/pool_scheme.hpp"

namespace stacksplit::schemes {

class TrapezoidSelfScheduling final : public PoolScheme {
 public:
  TrapezoidSelfScheduling() : PoolScheme(core::PoolAccess::kSharedCounter) {}
  std::string_view name() const override { return "tss"; }
  void start_pool(core::LoopContext& ctx, std::uint64_t n) override {
    PoolScheme::start_pool(ctx, n);
    parameters_ =
        schemes::loop::cost_model::tss_parameters(static_cast<std::int64_t>(n_), ctx.size());
  }
  std::uint64_t chunk_size(std::uint64_t, std::uint64_t index, double, int, int) override {
    return static_cast<std::uint64_t>(
        schemes::loop::cost_model::tss_chunk(parameters_, static_cast<std::int64_t>(index)));
  }

 private:
  schemes::loop::cost_model::TssParameters parameters_;
};

}  // namespace stacksplit::schemes
