#pragma once
// A worker: one processor's share of the search. It is reactive and never
// blocks: a runtime hands it messages (handle) and turns (work), and it talks
// to the others only through its Outbox. The same worker runs on threads, on
// MPI ranks and in the simulator.

#include <cstdint>
#include <deque>
#include <optional>
#include <utility>
#include <variant>

#include "core/message.hpp"
#include "core/outbox.hpp"
#include "core/random.hpp"
#include "core/scheme.hpp"
#include "core/search_options.hpp"
#include "core/search_space.hpp"
#include "core/search_stack.hpp"
#include "core/termination.hpp"
#include "core/topology.hpp"
#include "core/worker_statistics.hpp"

namespace stacksplit::core {

template <class S>
struct SolutionOf {
  using type = std::monostate;
};
template <HasSolution S>
struct SolutionOf<S> {
  using type = typename S::Solution;
};

template <SearchSpace S>
class Worker final : public SchemeContext {
 public:
  using Choice = typename S::Choice;
  using Msg = Message<Choice>;
  using Solution = typename SolutionOf<S>::type;

  Worker(int rank, S space, std::unique_ptr<Scheme> scheme, const Topology& topology,
         Outbox<Choice>& outbox, const SearchOptions& options)
      : rank_(rank),
        size_(topology.size()),
        space_(std::move(space)),
        stack_(space_, split_policy_for(options)),
        scheme_(std::move(scheme)),
        topology_(topology),
        outbox_(outbox),
        options_(options),
        random_(Random::stream(options.seed, static_cast<std::uint64_t>(rank))),
        termination_(rank, topology.size()) {}

  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  // Rank 0 enters the root; then the scheme starts and idle workers go asking.
  void start() {
    if (rank_ == 0) {
      Outcome root = stack_.start_at_root(statistics_);
      if (root == Outcome::kSolution) on_solution_found();
    }
    // Expanding the root is work, not idleness.
    idle_since_ = outbox_.now();
    scheme_->on_start(*this);
    // The root's children were generated before the scheme could watch them.
    if (stack_.has_work() && stack_.depth() == 1 && stack_.watched_depth() >= 1)
      scheme_->on_generated(*this, 1, static_cast<std::uint32_t>(stack_.untried()));
    if (has_work()) {
      account_idle_until(outbox_.now());
    } else {
      become_idle();
    }
  }

  // One quantum of node expansions, then the scheme's turn.
  void work() {
    if (terminated_ || stopped_) return;
    if (!stack_.has_work()) {
      if (pending_.empty()) return;
      take_up_pending();
    }
    stack_.expand(options_.quantum, statistics_, [this] { return on_solution_found(); });
    if (const std::uint32_t generated = stack_.take_generated(); generated != 0 && !stopped_)
      scheme_->on_generated(*this, stack_.depth(), generated);
    if (has_work()) scheme_->on_quantum(*this);  // may push work away
    if (!has_work()) become_idle();
  }

  void handle(Msg&& message) {
    ++statistics_.messages_received;
    const int from = message.from;
    switch (message.tag) {
      case MessageTag::kWorkRequest:
        ++statistics_.requests_received;
        if (stopped_ || terminated_) {
          reject(from);
        } else {
          scheme_->on_work_request(*this, from);
        }
        break;
      case MessageTag::kWork: {
        ++statistics_.work_received;
        termination_.on_activating_received();
        if (request_outstanding_ && from == request_target_) request_outstanding_ = false;
        if (stopped_ || terminated_) break;  // first mode: the search is over anyway
        const bool was_idle = !has_work();
        pending_.push_back(std::move(message.work));
        if (was_idle) account_idle_until(outbox_.now());
        scheme_->on_work(*this, from);
        break;
      }
      case MessageTag::kReject:
        ++statistics_.rejects_received;
        if (request_outstanding_ && from == request_target_) request_outstanding_ = false;
        if (!stopped_ && !terminated_ && !has_work() && !request_outstanding_)
          scheme_->on_reject(*this, from);
        break;
      case MessageTag::kToken:
        if (message.control.values[2] == kProbe) {
          act_on(termination_.on_probe());
        } else {
          termination_.on_report(Token{message.control.values[0], message.control.values[1] != 0});
        }
        break;
      case MessageTag::kStop:
        stop();
        break;
      case MessageTag::kTerminate:
        finish();
        break;
      case MessageTag::kScheme:
        if (!terminated_) scheme_->on_message(*this, from, message.control);
        break;
    }
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

  bool terminated() const { return terminated_; }
  bool has_work() const override { return !stopped_ && (stack_.has_work() || !pending_.empty()); }
  const WorkerStatistics& statistics() const { return statistics_; }
  const std::optional<Solution>& solution() const { return solution_; }
  const Scheme& scheme() const { return *scheme_; }

  // SchemeContext
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  const Topology& topology() const override { return topology_; }
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
    ++statistics_.requests_sent;
    send_message(victim, Msg{MessageTag::kWorkRequest, rank_, {}, {}});
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
    ++statistics_.rejects_sent;
    send_message(to, Msg{MessageTag::kReject, rank_, {}, {}});
  }

  void send(int to, const SchemeMessage& control) override {
    send_message(to, Msg{MessageTag::kScheme, rank_, control, {}});
  }

 private:
  // The one counted path work leaves by (termination counts every unit).
  bool send_unit(int to, std::optional<WorkUnit<Choice>>&& unit) {
    if (!unit) return false;
    ++statistics_.work_sent;
    statistics_.nodes_sent += unit->node_count();
    termination_.on_activating_sent();
    Msg message{MessageTag::kWork, rank_, {}, std::move(*unit)};
    send_message(to, std::move(message));
    return true;
  }

  void send_message(int to, Msg&& message) {
    ++statistics_.messages_sent;
    statistics_.bytes_sent +=
        kHeaderBytes +
        (message.tag == MessageTag::kWork ? message.work.payload_bytes() : sizeof(SchemeMessage));
    outbox_.send(to, std::move(message));
  }

  void take_up_pending() {
    stack_.load(pending_.front(), statistics_);
    pending_.pop_front();
  }

  // The worker just ran out of work.
  void become_idle() {
    idle_since_ = outbox_.now();
    idle_ = true;
    if (!stopped_ && !request_outstanding_) scheme_->on_idle(*this);
    try_terminate();
  }

  void account_idle_until(double time) {
    if (idle_) statistics_.idle_seconds += time - idle_since_;
    idle_ = false;
  }

  void try_terminate() {
    if (terminated_) return;
    act_on(termination_.when_passive());
  }

  // Sends what termination detection decided: probes, a report, the end.
  void act_on(const SafraTermination::Decision& decision) {
    for (int i = 0; i < decision.probe_count; ++i) {
      SchemeMessage probe;
      probe.values[2] = kProbe;
      send_message(decision.probes[i], Msg{MessageTag::kToken, rank_, probe, {}});
    }
    if (decision.report) {
      SchemeMessage report;
      report.values[0] = decision.report->count;
      report.values[1] = decision.report->black ? 1 : 0;
      send_message(termination_.parent(), Msg{MessageTag::kToken, rank_, report, {}});
    }
    if (decision.terminated) {
      for (int other = 0; other < size_; ++other)
        if (other != rank_) send_message(other, Msg{MessageTag::kTerminate, rank_, {}, {}});
      finish();
    }
  }

  // Returns whether the search goes on (count mode) or stops (first mode).
  bool on_solution_found() {
    if constexpr (HasSolution<S>) {
      if (!solution_) solution_ = space_.solution();
    }
    if (options_.mode != SearchMode::kFirst) return true;
    if (!stopped_) {
      for (int other = 0; other < size_; ++other)
        if (other != rank_) send_message(other, Msg{MessageTag::kStop, rank_, {}, {}});
    }
    stop();
    return false;
  }

  void stop() {
    if (stopped_) return;
    stopped_ = true;
    stack_.clear();
    pending_.clear();
    if (!idle_) {
      idle_since_ = outbox_.now();
      idle_ = true;
    }
  }

  void finish() {
    if (terminated_) return;
    terminated_ = true;
    account_idle_until(outbox_.now());
  }

  // First mode must see every solution node, so no subtree is counted whole.
  static SplitPolicy split_policy_for(const SearchOptions& options) {
    SplitPolicy policy = options.split;
    if (options.mode == SearchMode::kFirst) policy.serial_depth = kNoCutoff;
    return policy;
  }

  static constexpr std::uint64_t kHeaderBytes = 8;
  static constexpr std::int64_t kProbe = 1;  // a kToken's values[2]: probe (1) or report (0)

  const int rank_;
  const int size_;
  S space_;
  SearchStack<S> stack_;
  std::deque<WorkUnit<Choice>> pending_;  // received while busy (pushed work)
  std::unique_ptr<Scheme> scheme_;
  const Topology& topology_;
  Outbox<Choice>& outbox_;
  const SearchOptions options_;
  Random random_;
  SafraTermination termination_;
  WorkerStatistics statistics_;
  std::optional<Solution> solution_;
  double idle_since_ = 0;
  bool idle_ = true;
  bool request_outstanding_ = false;
  int request_target_ = -1;
  bool stopped_ = false;
  bool terminated_ = false;
};

}  // namespace stacksplit::core
