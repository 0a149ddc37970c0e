#pragma once
// Global Round Robin with message combining (GRR-M). GRR's one global target
// makes its holder a bottleneck; GRR-M removes the contention by combining the
// requests that read target. Processors form a spanning tree rooted at P0, and
// a read-and-increment of target travels up the tree; an internal processor
// that holds requests from several sources combines them into a single request
// for an increment of k, a software fetch-and-add. P0 answers with the old value
// and adds k; on the way down every processor splits the answer among the
// requests it had combined, so each requester receives exactly the value it
// would have received had all requests been serialized. — Kumar, Grama & Rao,
// JPDC 22(1), 1994, §3; Grama, Gupta, Karypis & Kumar, Introduction to Parallel
// Computing, 2nd ed., 2003, ch. 11.
//
// The tree is the topology's spanning tree. A processor keeps at most one
// combined request travelling up at a time; whatever arrives meanwhile, from
// its children or itself, waits and goes up combined as soon as the answer
// comes down: that wait is the holding time.

#include <cstdint>
#include <vector>

#include "core/scheme.hpp"

namespace stacksplit::schemes {

class GlobalRoundRobinCombining final : public core::Scheme {
 public:
  static constexpr std::int32_t kTargetRequest = 1;  // up the tree: values[0] targets wanted
  static constexpr std::int32_t kTargets = 2;  // down: values[0] first target, values[1] count

  std::string_view name() const override { return "grr-m"; }

  void on_idle(core::SchemeContext& ctx) override {
    if (ctx.size() < 2 || waiting_) return;
    waiting_ = true;
    ask(ctx, ctx.rank(), 1);
  }

  void on_message(core::SchemeContext& ctx, int from, const core::SchemeMessage& m) override {
    if (m.kind == kTargetRequest) {
      ask(ctx, from, m.values[0]);
    } else if (m.kind == kTargets) {
      grant(ctx, m.values[0]);
    }
  }

 private:
  struct Ask {
    int source;  // a tree child, or this processor itself
    std::int64_t count;
  };

  // A request for `count` targets on behalf of `source`.
  void ask(core::SchemeContext& ctx, int source, std::int64_t count) {
    if (ctx.rank() == 0) {
      const std::int64_t first = target_;
      target_ = (target_ + count) % ctx.size();
      deliver(ctx, source, first, count);
      return;
    }
    gathered_.push_back(Ask{source, count});
    forward(ctx);
  }

  // Sends what has gathered up the tree as one request, unless one is already
  // on its way.
  void forward(core::SchemeContext& ctx) {
    if (!in_flight_.empty() || gathered_.empty()) return;
    std::int64_t total = 0;
    for (const Ask& each : gathered_) total += each.count;
    in_flight_.swap(gathered_);
    ctx.send(ctx.topology().tree_parent(ctx.rank()), core::SchemeMessage{kTargetRequest, {total}});
  }

  // The answer to our combined request (as many targets as it asked for):
  // split the range in request order.
  void grant(core::SchemeContext& ctx, std::int64_t first) {
    std::vector<Ask> batch;
    batch.swap(in_flight_);
    std::int64_t next = first;
    for (const Ask& each : batch) {
      deliver(ctx, each.source, next, each.count);
      next = (next + each.count) % ctx.size();
    }
    forward(ctx);
  }

  void deliver(core::SchemeContext& ctx, int source, std::int64_t first, std::int64_t count) {
    if (source != ctx.rank()) {
      ctx.send(source, core::SchemeMessage{kTargets, {first, count}});
      return;
    }
    waiting_ = false;
    if (ctx.has_work() || ctx.request_outstanding()) return;
    const auto target = static_cast<int>(first);
    if (target == ctx.rank()) {
      on_idle(ctx);  // handed our own label: ask for the next one
    } else {
      ctx.request_work(target);
    }
  }

  std::int64_t target_ = 0;     // meaningful at processor 0 only
  std::vector<Ask> gathered_;   // waiting to go up
  std::vector<Ask> in_flight_;  // combined into the request now going up
  bool waiting_ = false;        // our own request is somewhere in the tree
};

}  // namespace stacksplit::schemes
