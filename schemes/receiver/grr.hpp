#pragma once
// Global Round Robin (GRR). A single global variable, target, is kept at one
// designated processor. Each time a processor needs work it reads target and
// sends its work request to processor number target; target is incremented
// (modulo p) before the next read is answered. Work requests are therefore
// spread evenly over all processors, but every one of them first reads target,
// so the processor holding it becomes a point of contention as p grows.
// — Kumar, Grama & Rao, Scalable Load Balancing Techniques for Parallel
// Computers, JPDC 22(1), 1994, §3.
//
// Here processor 0 holds target; an idle processor asks it with a
// kTargetRequest and gets a kTarget back. A processor handed its own label asks
// again.

#include <cstdint>

#include "core/scheme.hpp"

namespace stacksplit::schemes {

class GlobalRoundRobin final : public core::Scheme {
 public:
  static constexpr int kHolder = 0;                  // the processor that holds target
  static constexpr std::int32_t kTargetRequest = 1;  // to the holder: "the next target, please"
  static constexpr std::int32_t kTarget = 2;         // from the holder: values[0] is the target

  std::string_view name() const override { return "grr"; }

  void on_idle(core::SchemeContext& ctx) override {
    if (ctx.size() < 2 || waiting_) return;
    if (ctx.rank() == kHolder) {
      use_target(ctx, take_target(ctx));
    } else {
      waiting_ = true;
      ctx.send(kHolder, core::SchemeMessage{kTargetRequest, {}});
    }
  }

  void on_message(core::SchemeContext& ctx, int from, const core::SchemeMessage& m) override {
    if (m.kind == kTargetRequest) {
      ctx.send(from, core::SchemeMessage{kTarget, {take_target(ctx)}});
    } else if (m.kind == kTarget) {
      waiting_ = false;
      use_target(ctx, static_cast<int>(m.values[0]));
    }
  }

 private:
  int take_target(const core::SchemeContext& ctx) {
    const int target = target_;
    target_ = (target_ + 1) % ctx.size();
    return target;
  }

  void use_target(core::SchemeContext& ctx, int target) {
    if (ctx.has_work() || ctx.request_outstanding()) return;
    if (target == ctx.rank()) {
      on_idle(ctx);
    } else {
      ctx.request_work(target);
    }
  }

  int target_ = 0;  // meaningful at the holder only
  bool waiting_ = false;
};

}  // namespace stacksplit::schemes
