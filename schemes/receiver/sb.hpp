#pragma once
// Scheduler Based load balancing (SB). One processor is the scheduler: it keeps
// the set of processors that have work. A processor that runs out of work tells
// the scheduler so and asks it for a donor; the scheduler pairs the requester
// with a busy processor, going round robin over the busy set, and the requester
// then asks that processor for work. Requests never go to processors known to
// be idle, so far fewer of them are rejected than under blind polling, at the
// price of every idle event passing through one processor. — Kumar, Grama &
// Rao, Scalable Load Balancing Techniques for Parallel Computers, JPDC 22(1),
// 1994, §3.
//
// Processor 0 is the scheduler (and a worker too). A processor reports kIdle
// when it runs out of work (each time it needs a donor) and kBusy when work
// reaches it again; messages between two processors arrive in order, so the
// scheduler's view of each processor follows that processor's own reports.
// An idle processor that finds no busy one waits at the scheduler until one
// appears.

#include <cstdint>
#include <deque>
#include <vector>

#include "core/scheme.hpp"

namespace stacksplit::schemes {

class SchedulerBased final : public core::Scheme {
 public:
  static constexpr int kScheduler = 0;
  static constexpr std::int32_t kIdle = 1;   // to the scheduler: no work here, find me a donor
  static constexpr std::int32_t kBusy = 2;   // to the scheduler: work reached me
  static constexpr std::int32_t kDonor = 3;  // from the scheduler: values[0] is busy, ask it

  std::string_view name() const override { return "sb"; }

  void on_start(core::SchemeContext& ctx) override {
    if (ctx.rank() != kScheduler) return;
    busy_.assign(ctx.size(), false);
    busy_[kScheduler] = ctx.has_work();
  }

  void on_idle(core::SchemeContext& ctx) override {
    if (ctx.size() < 2 || waiting_) return;
    waiting_ = true;
    if (ctx.rank() == kScheduler) {
      mark_idle(ctx, kScheduler);
    } else {
      ctx.send(kScheduler, core::SchemeMessage{kIdle, {}});
    }
  }

  void on_work(core::SchemeContext& ctx, int /*from*/) override {
    if (ctx.size() < 2) return;
    if (ctx.rank() == kScheduler) {
      mark_busy(ctx, kScheduler);
    } else {
      ctx.send(kScheduler, core::SchemeMessage{kBusy, {}});
    }
  }

  void on_message(core::SchemeContext& ctx, int from, const core::SchemeMessage& m) override {
    switch (m.kind) {
      case kIdle:
        mark_idle(ctx, from);
        break;
      case kBusy:
        mark_busy(ctx, from);
        break;
      case kDonor:
        waiting_ = false;
        if (!ctx.has_work() && !ctx.request_outstanding())
          ctx.request_work(static_cast<int>(m.values[0]));
        break;
      default:
        break;
    }
  }

 private:
  // The scheduler's side.
  void mark_idle(core::SchemeContext& ctx, int rank) {
    busy_[rank] = false;
    if (!pair(ctx, rank)) unpaired_.push_back(rank);
  }

  // A processor that reports work waits no more (under the two-level policy
  // work can reach it from its own node, schemes/two_level.hpp; alone, a
  // waiting processor gets work only through its pairing).
  void mark_busy(core::SchemeContext& ctx, int rank) {
    busy_[rank] = true;
    std::erase(unpaired_, rank);
    if (rank == kScheduler) waiting_ = false;
    while (!unpaired_.empty() && pair(ctx, unpaired_.front())) unpaired_.pop_front();
  }

  // Hands `requester` the next busy processor after the last one handed out;
  // false when no other processor is known to be busy.
  bool pair(core::SchemeContext& ctx, int requester) {
    const int size = ctx.size();
    for (int step = 1; step <= size; ++step) {
      const int candidate = (cursor_ + step) % size;
      if (!busy_[candidate] || candidate == requester) continue;
      cursor_ = candidate;
      if (requester == kScheduler) {
        waiting_ = false;
        if (!ctx.has_work() && !ctx.request_outstanding()) ctx.request_work(candidate);
      } else {
        ctx.send(requester, core::SchemeMessage{kDonor, {candidate}});
      }
      return true;
    }
    return false;
  }

  std::vector<bool> busy_;    // scheduler only: who has work, as last reported
  std::deque<int> unpaired_;  // scheduler only: idle requesters waiting for a busy processor
  int cursor_ = 0;            // scheduler only: the busy processor handed out last
  bool waiting_ = false;      // this processor has asked the scheduler for a donor
};

}  // namespace stacksplit::schemes
