#pragma once
// Single Level load balancing (SL). A designated processor, the manager,
// generates many subtasks and gives them one by one to the processors that ask
// for work. The manager traverses the search tree depth-first to a cutoff
// depth, and the nodes at that depth are the subtasks; a processor asks for the
// next subtask only when it has finished the previous one, and processors never
// share work among themselves. A deeper cutoff makes more and smaller subtasks
// and better balance, but more frequent requests, until the manager becomes the
// bottleneck: the scheme does not scale to many processors. — Kumar, Grama &
// Rao, Scalable Load Balancing Techniques for Parallel Computers, JPDC 22(1),
// 1994; Grama, Gupta, Karypis & Kumar, Introduction to Parallel Computing,
// 2nd ed., 2003, ch. 11.
//
// Processor 0 is the manager (subtask_manager.hpp); the cutoff is --cutoff, or
// SubtaskManager::kDefaultSubtaskDepth, and never deeper than the application's
// serial depth (nodes there are counted whole, so none deeper can be handed
// out). The manager rejects a request only once it has no work at all, so a
// reject tells a worker that the search has no more subtasks for it.

#include "core/scheme.hpp"
#include "schemes/sender/subtask_manager.hpp"

namespace stacksplit::schemes {

class SingleLevel final : public core::Scheme {
 public:
  static constexpr int kManager = 0;

  std::string_view name() const override { return "sl"; }

  void on_start(core::SchemeContext& ctx) override {
    manager_.set_subtask_depth(SubtaskManager::subtask_depth_for(ctx));
  }

  void on_idle(core::SchemeContext& ctx) override {
    if (ctx.rank() == kManager) {
      manager_.exhaust(ctx);  // nothing ever comes back to the manager
    } else if (!no_more_subtasks_) {
      ctx.request_work(kManager);
    }
  }

  void on_reject(core::SchemeContext& /*ctx*/, int /*from*/) override { no_more_subtasks_ = true; }

  void on_work_request(core::SchemeContext& ctx, int from) override {
    if (ctx.rank() == kManager) {
      manager_.on_request(ctx, from);
    } else {
      ctx.reject(from);  // workers do not split among themselves
    }
  }

  void on_quantum(core::SchemeContext& ctx) override {
    if (ctx.rank() == kManager) manager_.serve_held(ctx);
  }

 private:
  SubtaskManager manager_;  // used at the manager only
  bool no_more_subtasks_ = false;
};

}  // namespace stacksplit::schemes
