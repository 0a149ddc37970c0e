#pragma once
// Asynchronous Round Robin (ARR). "Each processor maintains an independent
// variable, target. Whenever a processor runs out of work, it uses target as
// the label of a donor processor and attempts to get work from it. The value
// of target is incremented (modulo p) each time a work request is sent. The
// initial value of target at each processor is set to ((label + 1) modulo p)."
// — Kumar, Grama & Rao, JPDC 22(1), 1994, §3.

#include "core/scheme.hpp"

namespace stacksplit::schemes {

class AsynchronousRoundRobin final : public core::Scheme {
 public:
  std::string_view name() const override { return "arr"; }

  void on_start(core::SchemeContext& ctx) override { target_ = (ctx.rank() + 1) % ctx.size(); }

  void on_idle(core::SchemeContext& ctx) override {
    if (ctx.size() < 2) return;
    if (target_ == ctx.rank()) target_ = (target_ + 1) % ctx.size();
    const int donor = target_;
    target_ = (target_ + 1) % ctx.size();
    ctx.request_work(donor);
  }


 private:
  int target_ = 0;
};

}  // namespace stacksplit::schemes
