#pragma once
// Asynchronous Round Robin (ARR): every processor keeps its own variable
// `target`, the label of the processor it asks next when it runs out of work;
// each request sent moves target on by one, modulo P, so no processor waits on
// another to choose (Kumar, Grama & Rao, Scalable Load Balancing Techniques for
// Parallel Computers, JPDC 22(1), 1994, §3, receiver-initiated schemes; the
// paraphrase is ours). Target starts at (label + 1) mod P and skips the
// processor's own label, so it never asks itself.

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
