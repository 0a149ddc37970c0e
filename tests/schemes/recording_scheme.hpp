#pragma once
// A scheme that wraps another and records, per processor and in order, every
// event the wrapped scheme sees and every action it takes: the observer the
// behaviour tests read to tell one scheme from another. Each worker writes only
// its own rank's log, so the threads runtime needs no locking here.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/scheme.hpp"

namespace stacksplit::testing {

struct SchemeEvent {
  enum Kind {
    kStart,        // peer = 1 if the worker had work
    kIdle,         // on_idle
    kRejected,     // on_reject from peer
    kAsked,        // on_work_request from peer
    kWorkArrived,  // on_work from peer
    kReceived,     // on_message from peer
    kRequestWork,  // request_work(peer)
    kSendWork,     // send_work(peer, ...): message.values = {1 if something was sent, the
                   // part's min_depth, its max_depth} (no part named: -1, -1)
    kReject,       // reject(peer)
    kSend,         // send(peer, message)
    kGenerated,    // on_generated: message.values = {depth, count}
  };
  Kind kind;
  int peer = -1;
  core::SchemeMessage message;
  std::uint32_t depth = 0;  // the worker's depth() when the event happened
};

class SchemeLog {
 public:
  explicit SchemeLog(int size) : by_rank_(size) {}
  std::vector<SchemeEvent>& of(int rank) { return by_rank_[rank]; }
  const std::vector<SchemeEvent>& of(int rank) const { return by_rank_[rank]; }
  int size() const { return static_cast<int>(by_rank_.size()); }

  // Events of `kind` at `rank`, optionally only scheme messages of one kind.
  std::vector<SchemeEvent> select(int rank, SchemeEvent::Kind kind,
                                  std::int32_t message_kind = -1) const {
    std::vector<SchemeEvent> found;
    for (const SchemeEvent& e : by_rank_[rank])
      if (e.kind == kind && (message_kind < 0 || e.message.kind == message_kind))
        found.push_back(e);
    return found;
  }

 private:
  std::vector<std::vector<SchemeEvent>> by_rank_;
};

class RecordingScheme final : public core::Scheme, private core::SchemeContext {
 public:
  RecordingScheme(std::unique_ptr<core::Scheme> inner, std::shared_ptr<SchemeLog> log)
      : inner_(std::move(inner)), log_(std::move(log)) {}

  std::string_view name() const override { return inner_->name(); }

  void on_start(core::SchemeContext& ctx) override {
    bind(ctx);
    record(SchemeEvent::kStart, ctx.has_work() ? 1 : 0);
    inner_->on_start(*this);
  }
  void on_idle(core::SchemeContext& ctx) override {
    bind(ctx);
    record(SchemeEvent::kIdle);
    inner_->on_idle(*this);
  }
  void on_reject(core::SchemeContext& ctx, int from) override {
    bind(ctx);
    record(SchemeEvent::kRejected, from);
    inner_->on_reject(*this, from);
  }
  void on_work_request(core::SchemeContext& ctx, int from) override {
    bind(ctx);
    record(SchemeEvent::kAsked, from);
    inner_->on_work_request(*this, from);
  }
  void on_work(core::SchemeContext& ctx, int from) override {
    bind(ctx);
    record(SchemeEvent::kWorkArrived, from);
    inner_->on_work(*this, from);
  }
  void on_quantum(core::SchemeContext& ctx) override {
    bind(ctx);
    inner_->on_quantum(*this);
  }
  void on_generated(core::SchemeContext& ctx, std::uint32_t depth, std::uint32_t count) override {
    bind(ctx);
    core::SchemeMessage generated;
    generated.values[0] = depth;
    generated.values[1] = count;
    record(SchemeEvent::kGenerated, -1, generated);
    inner_->on_generated(*this, depth, count);
  }
  void on_message(core::SchemeContext& ctx, int from, const core::SchemeMessage& m) override {
    bind(ctx);
    record(SchemeEvent::kReceived, from, m);
    inner_->on_message(*this, from, m);
  }

  // A scheme factory that records into `log`.
  static std::function<std::unique_ptr<core::Scheme>()> factory(
      std::function<std::unique_ptr<core::Scheme>()> make, std::shared_ptr<SchemeLog> log) {
    return [make = std::move(make), log = std::move(log)] {
      return std::make_unique<RecordingScheme>(make(), log);
    };
  }

 private:
  void bind(core::SchemeContext& ctx) { ctx_ = &ctx; }
  void record(SchemeEvent::Kind kind, int peer = -1, const core::SchemeMessage& m = {}) {
    record(kind, peer, m, ctx_->depth());
  }
  void record(SchemeEvent::Kind kind, int peer, const core::SchemeMessage& m, std::uint32_t depth) {
    log_->of(ctx_->rank()).push_back(SchemeEvent{kind, peer, m, depth});
  }

  // SchemeContext: forward, and record the actions.
  int rank() const override { return ctx_->rank(); }
  int size() const override { return ctx_->size(); }
  const core::Topology& topology() const override { return ctx_->topology(); }
  const core::Placement& placement() const override { return ctx_->placement(); }
  double now() const override { return ctx_->now(); }
  std::uint64_t random_below(std::uint64_t bound) override { return ctx_->random_below(bound); }
  bool has_work() const override { return ctx_->has_work(); }
  std::uint64_t untried() const override { return ctx_->untried(); }
  std::uint32_t depth() const override { return ctx_->depth(); }
  bool request_outstanding() const override { return ctx_->request_outstanding(); }
  std::uint32_t cutoff_depth() const override { return ctx_->cutoff_depth(); }
  std::uint32_t serial_depth() const override { return ctx_->serial_depth(); }
  void request_work(int victim) override {
    record(SchemeEvent::kRequestWork, victim);
    ctx_->request_work(victim);
  }
  bool send_work(int to) override {
    const std::uint32_t depth = ctx_->depth();
    return sent(to, ctx_->send_work(to), -1, -1, depth);
  }
  bool send_work(int to, const core::SplitRequest& part) override {
    const std::uint32_t depth = ctx_->depth();  // before the split changes it
    return sent(to, ctx_->send_work(to, part), part.min_depth, part.max_depth, depth);
  }
  void reject(int to) override {
    record(SchemeEvent::kReject, to);
    ctx_->reject(to);
  }
  void send(int to, const core::SchemeMessage& message) override {
    record(SchemeEvent::kSend, to, message);
    ctx_->send(to, message);
  }
  void watch_generated(std::uint32_t depth) override { ctx_->watch_generated(depth); }

  bool sent(int to, bool done, std::int64_t min_depth, std::int64_t max_depth,
            std::uint32_t depth) {
    core::SchemeMessage outcome;
    outcome.values = {done ? 1 : 0, min_depth, max_depth};
    record(SchemeEvent::kSendWork, to, outcome, depth);
    return done;
  }

  std::unique_ptr<core::Scheme> inner_;
  std::shared_ptr<SchemeLog> log_;
  core::SchemeContext* ctx_ = nullptr;
};

}  // namespace stacksplit::testing
