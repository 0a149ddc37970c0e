#pragma once
// The manager's part of the single- and multi-level schemes (sl.hpp, ml.hpp):
// hand one subtask, a node at the subtask depth, to each processor that asks,
// and hold a request that cannot be answered yet.
//
// The manager searches too, between requests, so it never idles and one
// processor alone still searches the whole tree: depth-first, it generates the
// nodes at the subtask depth under one node above it and descends into the
// first of them itself, keeping the others for requesters. When a request finds
// none left, the manager hands over the rest of the subtask it is searching
// (everything below the subtask depth) and so goes back to generating. A
// request it cannot answer at all (the manager is between two subtasks, or
// holds a single node) waits, and is answered after the next quantum. The
// worker runs both between quanta, so the manager cannot deadlock.

#include <algorithm>
#include <cstdint>
#include <deque>

#include "core/scheme.hpp"

namespace stacksplit::schemes {

class SubtaskManager {
 public:
  // Depth used when the run gives no --cutoff.
  static constexpr std::uint32_t kDefaultSubtaskDepth = 4;

  // The run's cutoff when given, else the default; never deeper than the
  // application's serial depth, below which no node stands on a stack.
  static std::uint32_t subtask_depth_for(const core::SchemeContext& ctx) {
    const std::uint32_t wanted =
        ctx.cutoff_depth() == core::kNoCutoff ? kDefaultSubtaskDepth : ctx.cutoff_depth();
    return std::min(wanted, std::max(ctx.serial_depth(), 1u));
  }

  void set_subtask_depth(std::uint32_t depth) { subtask_depth_ = depth; }

  // A request from `from`: answered now if a subtask is at hand, else held;
  // rejected once the manager is exhausted.
  void on_request(core::SchemeContext& ctx, int from) {
    if (exhausted_) {
      ctx.reject(from);
      return;
    }
    held_.push_back(from);
    serve_held(ctx);
  }

  // Answers held requests, oldest first, while subtasks are at hand.
  void serve_held(core::SchemeContext& ctx) {
    while (!held_.empty() && give(ctx, held_.front())) held_.pop_front();
  }

  // The manager has no work and will get none: every request, held or to
  // come, gets a reject, which its sender may take as final.
  void exhaust(core::SchemeContext& ctx) {
    exhausted_ = true;
    for (int requester : held_) ctx.reject(requester);
    held_.clear();
  }

 private:
  bool give(core::SchemeContext& ctx, int to) {
    return ctx.send_work(to, core::SplitRequest::one_at(subtask_depth_)) ||
           ctx.send_work(to, core::SplitRequest::all_below(subtask_depth_));
  }

  std::uint32_t subtask_depth_ = kDefaultSubtaskDepth;
  std::deque<int> held_;  // requesters waiting for a subtask, oldest first
  bool exhausted_ = false;
};

}  // namespace stacksplit::schemes
