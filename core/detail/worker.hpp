#pragma once
// A worker: one processor's share of the search. It is reactive and never
// blocks: a runtime hands it messages (handle) and turns (work), and it talks
// to the others only through its Outbox. The same worker runs on threads, on
// MPI ranks and in the simulator (docs/design.md, "A work request, end to end").

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <variant>
#include <vector>

#include "core/detail/message.hpp"
#include "core/detail/outbox.hpp"
#include "core/detail/random.hpp"
#include "core/detail/search_stack.hpp"
#include "core/detail/termination.hpp"
#include "core/observer.hpp"
#include "core/scheme.hpp"
#include "core/search_options.hpp"
#include "core/search_space.hpp"
#include "core/sim/machine_model.hpp"
#include "core/split_request.hpp"
#include "core/topology/placement.hpp"
#include "core/topology/topology.hpp"
#include "core/worker_statistics.hpp"

namespace stacksplit::core {

template <SearchSpace S>
class Worker final : public SchemeContext {
 public:
  using Choice = typename S::Choice;
  using Message = core::Message<Choice>;
  using Solution = typename SolutionOf<S>::type;

  Worker(int rank, S space, std::unique_ptr<Scheme> scheme, const Topology& topology,
         const Placement& placement, Outbox<Message>& outbox, const SearchOptions& options,
         const Observers& observers)
      : rank_(rank),
        size_(topology.size()),
        outbox_(outbox),
        scheme_(std::move(scheme)),
        random_(Random::stream(options.seed, static_cast<std::uint64_t>(rank))),
        space_(std::move(space)),
        stack_(space_, split_policy_for(options)),
        termination_(rank, topology.size(), placement.per_node()),
        topology_(topology),
        placement_(placement),
        options_(options),
        observers_(observers) {}

  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  // Rank 0 enters the root; then the scheme starts and idle workers go asking.
  void start() {
    if constexpr (WatchesMail<S>) space_.watch_mail([this] { return outbox_.mail_waiting(rank_); });
    if constexpr (OptimizingSearchSpace<S>) {
      if (optimizing())
        stack_.optimize(
            [](void* self, std::int64_t v) { static_cast<Worker*>(self)->on_better_objective(v); },
            this);
    }
    if (rank_ == 0) {
      const Outcome root = stack_.start_at_root(statistics_);
      if (root == Outcome::kSolution) on_solution_found();
    }
    // Expanding the root is work, not idleness.
    idle_since_ = outbox_.now();
    emit(WorkerEventKind::kStart);
    scheme_->on_start(*this);
    // The root's children were generated before the scheme could watch them.
    if (stack_.has_work() && stack_.depth() == 1 && stack_.watched_depth() >= 1)
      scheme_->on_generated(*this, 1, static_cast<std::uint32_t>(stack_.untried()));
    if (has_work()) {
      end_idleness();
    } else {
      become_idle();
    }
  }

  // One quantum of node expansions, then the scheme's turn.
  void work() {
    if (terminated_ || stopped_) return;
    if (stands_aside()) {
      hand_everything_out();
      if (!has_work()) {
        become_idle();
        return;
      }
      // What the cutoff keeps here is searched here: no work is lost.
    }
    if (!stack_.has_work()) {
      if (pending_.empty()) return;
      take_up_pending();
    }
    if constexpr (OptimizingSearchSpace<S>) refresh_incumbent();
    const std::uint64_t before = statistics_.nodes;
    stack_.expand(options_.quantum, statistics_, [this] { return on_solution_found(); });
    read_app_counters();
    if constexpr (SharesKnowledge<S>) share_knowledge();
    emit(WorkerEventKind::kQuantum, -1, statistics_.nodes - before);
    if (const std::uint32_t generated = stack_.take_generated(); generated != 0 && !stopped_)
      scheme_->on_generated(*this, stack_.depth(), generated);
    if (has_work()) scheme_->on_quantum(*this);  // may push work away
    if (!has_work()) become_idle();
  }

  void handle(Message&& message) {
    const int from = message.from;
    emit(WorkerEventKind::kMessageReceived, from);
    std::visit([&](auto& body) { on(from, body); }, message.body);
    // A message may have taken the last work away (a request answered with
    // the only queued unit, a scheme pushing a part): then go asking again.
    if (!has_work()) {
      if (!idle_ && !stopped_ && !terminated_) {
        become_idle();
      } else {
        try_terminate();
      }
    }
  }

  // A turn while idle, where the runtime gives one (the MPI runtime's first
  // thread while it waits for mail): what the space has to share may come
  // from outside the search (the SAT race's verdict), and goes out now.
  void idle_turn() {
    if constexpr (SharesKnowledge<S>) share_knowledge();
  }

  // The run is interrupted (Ctrl-C): stop searching, as first mode does when
  // a solution is found; termination detection still ends the run cleanly.
  void interrupt() {
    stop();
    try_terminate();
  }

  bool terminated() const { return terminated_; }
  // The simulator's hint that this worker is idle: its empty stack and queue
  // give their storage back, so idle processors cost the run no buffers.
  void release_idle_storage() {
    if (stack_.has_work() || !pending_.empty()) return;
    stack_.release_storage();
    std::vector<WorkUnit<Choice>>().swap(pending_);
  }
  // The simulator's hint that this worker acts next: its stack's top, its
  // scheme's state and what the space reads first (if it says).
  void prefetch() const {
    stack_.prefetch();
    __builtin_prefetch(scheme_.get());
    if constexpr (requires(const S& space) { space.prefetch(); }) space_.prefetch();
  }
  bool has_work() const override { return !stopped_ && (stack_.has_work() || !pending_.empty()); }
  const WorkerStatistics& statistics() const { return statistics_; }
  const std::optional<Solution>& solution() const { return solution_; }
  // Optimize mode: the best objective this worker found, kNoObjective if none.
  std::int64_t best_objective() const { return own_best_; }
  const Scheme& scheme() const { return *scheme_; }
  const S& space() const { return space_; }

  // The modelled time of everything this worker expanded and replayed (the
  // simulator's clock runs on it).
  double busy_seconds(const MachineModel& machine) const {
    return machine.expansion_time(statistics_.nodes + statistics_.replayed,
                                  statistics_.node_cost + statistics_.replay_cost);
  }

  // SchemeContext
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  const Topology& topology() const override { return topology_; }
  const Placement& placement() const override { return placement_; }
  double now() const override { return outbox_.now(); }
  std::uint64_t random_below(std::uint64_t bound) override { return random_.below(bound); }
  std::uint64_t untried() const override {
    std::uint64_t n = stack_.untried();
    for (const auto& unit : pending_) n += unit.node_count();
    return n;
  }
  std::uint32_t depth() const override { return stack_.depth(); }
  bool request_outstanding() const override { return request_outstanding_; }
  std::uint32_t cutoff_depth() const override { return options_.split.cutoff_depth; }
  std::uint32_t serial_depth() const override { return stack_.serial_depth(); }
  void watch_generated(std::uint32_t depth) override { stack_.watch_generated(depth); }

  void request_work(int victim) override {
    request_outstanding_ = true;
    request_target_ = victim;
    emit(WorkerEventKind::kRequestSent, victim);
    send_message(victim, WorkRequest{});
  }

  bool send_work(int to) override {
    if (stopped_ || terminated_) return false;
    // The last queued unit is taken up and split, not handed over whole:
    // the donor keeps part of its work instead of going idle.
    if (!stack_.has_work() && pending_.size() == 1) take_up_pending();
    std::optional<WorkUnit<Choice>> unit;
    if (!pending_.empty() && (!stack_.has_work() || stack_.untried() < 2)) {
      // A queued unit goes whole before the running stack is cut.
      unit = std::move(pending_.back());
      pending_.pop_back();
    } else {
      unit = stack_.split();
    }
    return send_unit(to, std::move(unit));
  }

  bool send_work(int to, const SplitRequest& part) override {
    if (stopped_ || terminated_) return false;
    return send_unit(to, stack_.split(part));
  }

  void reject(int to) override {
    emit(WorkerEventKind::kRejectSent, to);
    send_message(to, Reject{});
  }

  void send(int to, const SchemeMessage& control) override { send_message(to, control); }

 private:
  // ---- Messages, one handler per kind ----

  void on(int from, WorkRequest&) {
    emit(WorkerEventKind::kRequestReceived, from);
    if (stopped_ || terminated_) {
      reject(from);
    } else {
      scheme_->on_work_request(*this, from);
    }
  }

  void on(int from, Work<Choice>& work) {
    emit(WorkerEventKind::kWorkReceived, from, work.unit.node_count());
    termination_.on_activating_received();
    if (request_outstanding_ && from == request_target_) request_outstanding_ = false;
    if (stopped_ || terminated_) return;  // first mode: the search is over anyway
    const bool was_idle = !has_work();
    pending_.push_back(std::move(work.unit));
    if (was_idle) end_idleness();
    scheme_->on_work(*this, from);
  }

  void on(int from, Reject&) {
    emit(WorkerEventKind::kRejectReceived, from);
    if (request_outstanding_ && from == request_target_) request_outstanding_ = false;
    if (!stopped_ && !terminated_ && !has_work() && !request_outstanding_ && !stands_aside())
      scheme_->on_reject(*this, from);
  }

  void on(int /*from*/, TerminationProbe&) { act_on(termination_.on_probe()); }
  void on(int /*from*/, TerminationReport& report) {
    termination_.on_report(Token{report.count, report.black});
  }
  void on(int /*from*/, Stop&) { stop(); }
  void on(int /*from*/, Terminate&) { finish(); }
  void on(int from, SchemeMessage& control) {
    if (!terminated_) scheme_->on_message(*this, from, control);
  }
  void on(int /*from*/, Incumbent& incumbent) {
    if constexpr (OptimizingSearchSpace<S>) learn_incumbent(incumbent.value);
  }
  void on(int /*from*/, Shared& shared) {
    if constexpr (SharesKnowledge<S>) {
      if (!terminated_) space_.receive_shared(shared.words);
    }
  }

  // What the space has to share goes to every other worker (search_space.hpp).
  void share_knowledge() {
    if (terminated_ || size_ < 2) return;
    std::vector<std::int32_t> words;
    if (!space_.take_shared(words) || words.empty()) return;
    const bool urgent = shared_is_urgent(space_);
    for (int other = 0; other < size_; ++other)
      if (other != rank_) send_message(other, Shared{words, urgent});
  }

  // SearchOptions::aside_worker, where someone else can search.
  bool stands_aside() const { return rank_ == options_.aside_worker && size_ > 1; }

  // Everything queued and every alternative the cutoff lets go, to the next
  // worker, as pushed work (counted by termination like any other).
  void hand_everything_out() {
    const int to = (rank_ + 1) % size_;
    for (WorkUnit<Choice>& unit : pending_) send_unit(to, std::move(unit));
    pending_.clear();
    send_unit(to, stack_.split(SplitRequest{1, kNoCutoff, SplitRequest::kAllNodes, false}));
  }

  // The one counted path work leaves by (termination counts every unit).
  bool send_unit(int to, std::optional<WorkUnit<Choice>>&& unit) {
    if (!unit) return false;
    emit(WorkerEventKind::kWorkSent, to, unit->node_count());
    termination_.on_activating_sent();
    send_message(to, Work<Choice>{std::move(*unit)});
    return true;
  }

  template <class Body>
  void send_message(int to, Body&& body) {
    Message message{rank_, std::forward<Body>(body)};
    emit(WorkerEventKind::kMessageSent, to, message_bytes(message, outbox_.header_bytes()), 0,
         !placement_.same_node(rank_, to));
    outbox_.send(to, std::move(message));
  }

  void emit(WorkerEventKind kind, int peer = -1, std::uint64_t count = 0, double seconds = 0,
            bool between_nodes = false) {
    // The statistics need no time; reading the clock is for the observers
    // (a virtual call into the runtime, once a quantum in the simulator).
    WorkerEvent event{kind, peer, count, seconds, 0, between_nodes};
    statistics_.record(event);
    if (observers_.empty()) return;
    event.time = outbox_.now();
    for (const auto& observer : observers_) observer->on_event(rank_, event, statistics_);
  }

  void read_app_counters() {
    if constexpr (HasCounters<S>) {
      static_assert(S::kCounters.size() <= kMaxAppCounters, "too many application counters");
      space_.read_counters(
          std::span<std::uint64_t>(statistics_.app_counters.data(), S::kCounters.size()));
    }
  }

  void take_up_pending() {
    stack_.load(pending_.front(), statistics_);
    pending_.erase(pending_.begin());
  }

  // ---- Idleness and termination ----

  // The worker just ran out of work.
  void become_idle() {
    idle_since_ = outbox_.now();
    idle_ = true;
    emit(WorkerEventKind::kIdle);
    if (!stopped_ && !request_outstanding_ && !stands_aside()) scheme_->on_idle(*this);
    try_terminate();
  }

  void end_idleness() {
    if (idle_) emit(WorkerEventKind::kBusy, -1, 0, outbox_.now() - idle_since_);
    idle_ = false;
  }

  void try_terminate() {
    if (terminated_) return;
    act_on(termination_.when_passive());
  }

  // Sends what termination detection decided: probes, a report, the end.
  void act_on(const SafraTermination::Decision& decision) {
    for (int i = 0; i < decision.probe_count; ++i)
      send_message(decision.probes[i], TerminationProbe{});
    if (decision.report)
      send_message(termination_.parent(),
                   TerminationReport{decision.report->count, decision.report->black});
    if (decision.terminated) {
      for (int other = 0; other < size_; ++other)
        if (other != rank_) send_message(other, Terminate{});
      finish();
    }
  }

  // ---- Solutions ----

  // Returns whether the search goes on (count mode) or stops (first mode).
  bool on_solution_found() {
    if constexpr (HasSolution<S>) {
      if (!solution_ && !optimizing()) solution_ = space_.solution();
    }
    emit(WorkerEventKind::kSolution);
    if (options_.mode != SearchMode::kFirst) return true;
    if (!stopped_) {
      for (int other = 0; other < size_; ++other)
        if (other != rank_) send_message(other, Stop{});
    }
    stop();
    return false;
  }

  bool optimizing() const { return options_.mode == SearchMode::kOptimize; }

  // The stack found a node whose objective beats the incumbent.
  void on_better_objective(std::int64_t value) {
    own_best_ = value;
    if constexpr (HasSolution<S>) solution_ = space_.solution();
    emit(WorkerEventKind::kIncumbent, -1, static_cast<std::uint64_t>(value));
    if (std::atomic<std::int64_t>* shared = outbox_.shared_incumbent()) {
      // One process: the others read it before their next quantum.
      std::int64_t known = shared->load(std::memory_order_relaxed);
      while (value > known && !shared->compare_exchange_weak(known, value)) {
      }
    } else {
      for (int other = 0; other < size_; ++other)
        if (other != rank_) send_message(other, Incumbent{value});
    }
  }

  void refresh_incumbent() {
    if (!optimizing()) return;
    if (std::atomic<std::int64_t>* shared = outbox_.shared_incumbent())
      learn_incumbent(shared->load(std::memory_order_relaxed));
  }

  void learn_incumbent(std::int64_t value) {
    if (value > stack_.incumbent()) stack_.raise_incumbent(value);
  }

  void stop() {
    if (stopped_) return;
    stopped_ = true;
    stack_.clear();
    pending_.clear();
    emit(WorkerEventKind::kStopped);
    if (!idle_) {
      idle_since_ = outbox_.now();
      idle_ = true;
    }
  }

  void finish() {
    if (terminated_) return;
    terminated_ = true;
    end_idleness();
    read_app_counters();
    emit(WorkerEventKind::kTerminated);
  }

  // First and optimize mode must see every node (a solution, an objective),
  // so no subtree is counted whole.
  static SplitPolicy split_policy_for(const SearchOptions& options) {
    SplitPolicy policy = options.split;
    if (options.mode != SearchMode::kCount) policy.serial_depth = kNoCutoff;
    return policy;
  }

  // The fields most events read come first, the counters the simulator's
  // clock reads (nodes to replay_cost) in the first cache line: with a
  // worker per simulated processor, each turn starts with the worker out of
  // the cache, and fewer lines touched are fewer misses.
  WorkerStatistics statistics_;
  bool stopped_ = false;
  bool terminated_ = false;
  bool idle_ = true;
  bool request_outstanding_ = false;
  int request_target_ = -1;
  const int rank_;
  const int size_;
  Outbox<Message>& outbox_;
  std::unique_ptr<Scheme> scheme_;
  Random random_;
  // Received while busy (pushed work); a few at most. A vector, not a deque:
  // an empty one holds no memory, and the simulator keeps a worker per processor.
  std::vector<WorkUnit<Choice>> pending_;
  S space_;
  SearchStack<S> stack_;
  SafraTermination termination_;
  const Topology& topology_;
  const Placement& placement_;
  const SearchOptions options_;
  const Observers& observers_;
  std::optional<Solution> solution_;
  std::int64_t own_best_ = kNoObjective;
  double idle_since_ = 0;
};

}  // namespace stacksplit::core
