#pragma once
// `--scheme auto`: the decision process of Zaki, Parthasarathy & Li
// ("Customized Dynamic Load Balancing", §1.3.3), over the whole loop family.
// The loop starts in equal blocks and runs to the first synchronization (the
// first processor out of work interrupts the others; every profile goes to
// every processor); then the loads, speeds and iteration times seen so far go
// into the cost model (schemes/loop/cost_model), every processor picks the same
// predicted best, and that scheme takes over where the loop stands: an
// interrupt strategy makes this synchronization's moves by its own rule,
// profiled re-partitions, static-block carries on, and a self-scheduling
// scheme gets the iterations left as its pool (each stays with its holder
// until a chunk's taker asks for its data).
//
// `--scheme auto-adaptive` (the chapter's future work) decides again at later
// synchronizations while its choice is a global interrupt strategy or
// static-block: the next processor out of work interrupts everyone as at the
// first one (profiles to all, each now with the iterations it holds and the
// work it did since the last decision), and the model, started from where
// the loop stands, picks again among the whole family. Those
// synchronizations are auto's own, every processor hearing every profile so
// that all decide alike; a local strategy (whose groups synchronize apart), a
// self-scheduling scheme or profiled, once chosen, keeps the rest of the loop.
//
// Under an external load, a candidate's predicted time is its mean over
// futures of the chapter's load model drawn from what the synchronization
// saw (schemes/loop/cost_model/load_futures.hpp).
//
// The choices and every candidate's predicted times are reported (the run
// record's "auto" or "auto-adaptive" object).
//
// On each processor auto is in one of four phases (Phase; the transitions
// are listed in docs/design.md, "auto's phases"): running (equal blocks, or
// the chosen scheme), synchronizing (paused, gathering the profiles),
// committing (the chosen scheme taking over: what it does to the worker
// may come back as events, which must not call a synchronization), and
// retired (out of work after a decision that gave it none: the next
// synchronization is another's to call).

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/loop/loop_scheme.hpp"
#include "schemes/loop/auto_prediction.hpp"
#include "schemes/loop/cost_model/iteration_cost.hpp"
#include "schemes/loop/cost_model/loop_model_input.hpp"
#include "schemes/loop/interrupt_strategy.hpp"
#include "schemes/loop/loop_scheme_options.hpp"
#include "schemes/loop/pool_scheme.hpp"
#include "schemes/loop/profiled.hpp"
#include "schemes/loop/static_block.hpp"

namespace stacksplit::schemes {

// What auto decided, for the summary and the record.
struct AutoDecision {
  int loop = 0;  // the loop (nest, step) it was made in
  std::string chosen;
  std::vector<std::pair<std::string, double>> predicted;  // every candidate, fastest first
  double at_seconds = 0;                                  // when, since the loop began
};

class AutoStrategy final : public core::LoopScheme {
 public:
  using MakeScheme = std::unique_ptr<core::LoopScheme> (*)(std::string_view,
                                                           const LoopSchemeOptions&);
  enum class Mode { kOnce, kAdaptive };
  enum class Phase : std::uint8_t { kRunning, kSynchronizing, kCommitting, kRetired };

  AutoStrategy(const LoopSchemeOptions& options, MakeScheme make, Mode mode = Mode::kOnce)
      : options_(options), make_(make), mode_(mode) {}
  std::string_view name() const override { return mode_ == Mode::kOnce ? "auto" : "auto-adaptive"; }
  Phase phase() const { return phase_; }

  std::vector<core::IterationSet> initial_share(int rank, int size, std::uint64_t n) override {
    const core::IterationSet block = equal_block(rank, size, n);
    if (block.empty()) return {};
    return {block};
  }

  void on_loop_start(core::LoopContext& ctx) override {
    delegate_.reset();
    early_messages_.clear();
    early_work_.clear();
    arrived_.clear();
    epoch_ = 0;
    phase_ = Phase::kRunning;
    started_ = ctx.now();
    done_before_ = 0;
    busy_before_ = 0;
    rates_.assign(static_cast<std::size_t>(ctx.size()), 0);
    if (mode_ == Mode::kAdaptive) {
      cost_ = loop_cost(ctx);
      held_work_ = work_of(ctx.held());
      arrived_work_ = 0;
    }
  }

  void on_idle(core::LoopContext& ctx) override {
    if (delegate_ && !redecides()) return delegate_->on_idle(ctx);
    // Running → synchronizing.
    if (phase_ != Phase::kRunning || ctx.size() < 2) return;
    synchronize(ctx, epoch_ + 1);
  }

  void on_message(core::LoopContext& ctx, int from, const core::LoopSchemeMessage& m) override {
    if (m.kind == kProfile) {
      const int epoch = m.list.empty() ? 1 : static_cast<int>(m.list[0]);
      const bool synchronizing = phase_ == Phase::kSynchronizing;
      if (epoch <= epoch_ && !synchronizing) return;  // cannot happen: decided without it
      // Running or retired → synchronizing: another called it.
      if (!synchronizing && epoch == epoch_ + 1) synchronize(ctx, epoch);
      take(ctx, epoch, from, m);
      return;
    }
    if (delegate_ && phase_ != Phase::kSynchronizing) return delegate_->on_message(ctx, from, m);
    early_messages_.push_back({from, m});
  }

  void on_chunk(core::LoopContext& ctx, const core::IterationSet& chunk) override {
    if (delegate_) delegate_->on_chunk(ctx, chunk);
  }
  void on_work(core::LoopContext& ctx, int from, std::uint64_t count) override {
    if (phase_ == Phase::kRetired) phase_ = Phase::kRunning;  // retired → running: work came
    if (mode_ == Mode::kAdaptive) arrived_work_ += work_of_last(ctx.held(), count);
    if (delegate_ && phase_ != Phase::kSynchronizing) return delegate_->on_work(ctx, from, count);
    early_work_.push_back({from, count});
  }
  void on_quantum(core::LoopContext& ctx) override {
    if (delegate_) delegate_->on_quantum(ctx);
  }
  std::uint64_t chunk_size(std::uint64_t remaining, std::uint64_t index, double weight,
                           int requester, int size) override {
    return delegate_ ? delegate_->chunk_size(remaining, index, weight, requester, size) : 1;
  }
  double pool_weight() const override { return delegate_ ? delegate_->pool_weight() : 1; }

  nlohmann::json report() const override {
    // A loop that ended before its first synchronization has no decision.
    nlohmann::json decisions = nlohmann::json::array();
    for (const AutoDecision& decision : decisions_) {
      nlohmann::json predicted = nlohmann::json::array();
      for (const auto& [strategy, seconds] : decision.predicted)
        predicted.push_back({{"scheme", strategy}, {"predicted_s", seconds}});
      decisions.push_back({{"loop", decision.loop},
                           {"chosen", decision.chosen},
                           {"decided_at_s", decision.at_seconds},
                           {"predicted", std::move(predicted)}});
    }
    return {{"decisions", std::move(decisions)}};
  }

 private:
  // values: done, busy (ns), remaining, elapsed (ns); auto-adaptive's list:
  // the synchronization's number, the work done since the last one (ns of
  // the base processor), then the held iteration sets (first, count, block,
  // stride each).
  static constexpr std::int32_t kProfile = 11;

  // Whether the scheme chosen last leaves the next synchronization to auto.
  bool redecides() const {
    if (mode_ != Mode::kAdaptive || decisions_.empty()) return false;
    const std::string& chosen = decisions_.back().chosen;
    return chosen == "gcdlb" || chosen == "gddlb" || chosen == "static-block";
  }

  schemes::loop::cost_model::IterationCost loop_cost(const core::LoopContext& ctx) const {
    const int loop = ctx.loop();
    const LoopModel& model = *options_.model;
    return schemes::loop::cost_model::IterationCost::from_function(
        static_cast<std::int64_t>(ctx.iterations()), [&](std::int64_t i) {
          return model.iteration_seconds(loop, static_cast<std::uint64_t>(i));
        });
  }

  double work_of(const std::vector<core::IterationSet>& sets) const {
    double work = 0;
    for (const core::IterationSet& set : sets)
      set.for_each_range([&](std::uint64_t first, std::uint64_t count) {
        work += cost_.of({static_cast<std::int64_t>(first), static_cast<std::int64_t>(count)});
      });
    return work;
  }

  // Work that arrives is appended to what is held: the last `count` iterations.
  double work_of_last(const std::vector<core::IterationSet>& sets, std::uint64_t count) const {
    double work = 0;
    for (auto set = sets.rbegin(); set != sets.rend() && count > 0; ++set) {
      std::vector<core::IterationSet> head, tail;
      core::split_iterations(*set, set->count - std::min(count, set->count), head, tail);
      work += work_of(tail);
      count -= std::min(count, set->count);
    }
    return work;
  }

  // Stop and tell everyone how it went (the chapter's interrupt and profiles,
  // to all as the distributed balancer does, so every processor decides).
  void synchronize(core::LoopContext& ctx, int epoch) {
    phase_ = Phase::kSynchronizing;
    epoch_ = epoch;
    ctx.pause();
    core::LoopSchemeMessage profile;
    profile.kind = kProfile;
    // Measured since the last decision. The profile's mark is left where it
    // is: a pool scheme chosen for good measures first from the loop's start,
    // the time under auto included; an interrupt strategy or profiled marks it
    // when it takes over, as its own synchronization does.
    const std::uint64_t done = ctx.done_since_mark() - done_before_;
    const double busy = ctx.busy_since_mark() - busy_before_;
    done_before_ = ctx.done_since_mark();
    busy_before_ = ctx.busy_since_mark();
    profile.values = {static_cast<std::int64_t>(done), std::llround(busy * 1e9),
                      static_cast<std::int64_t>(ctx.remaining()),
                      std::llround((ctx.now() - started_) * 1e9)};
    if (mode_ == Mode::kAdaptive) {
      // Done since the last decision: what was held then and what came
      // since, less what is held now (nothing is sent but at decisions).
      const std::vector<core::IterationSet> held = ctx.held();
      const double work = held_work_ + arrived_work_ - work_of(held);
      profile.list = {epoch, std::llround(std::max(0.0, work) * 1e9)};
      for (const core::IterationSet& set : held) {
        for (std::uint64_t value : {set.first, set.count, set.block, set.stride})
          profile.list.push_back(static_cast<std::int64_t>(value));
      }
    }
    for (int other = 0; other < ctx.size(); ++other)
      if (other != ctx.rank()) ctx.send(other, profile);
    take(ctx, epoch, ctx.rank(), profile);
  }

  void take(core::LoopContext& ctx, int epoch, int from, const core::LoopSchemeMessage& m) {
    std::map<int, SynchronizationProfile>& profiles = arrived_[epoch];
    if (profiles.count(from)) return;
    SynchronizationProfile& p = profiles[from];
    p.done = static_cast<std::uint64_t>(m.values[0]);
    p.busy = static_cast<double>(m.values[1]) * 1e-9;
    p.remaining = static_cast<std::uint64_t>(m.values[2]);
    p.elapsed = static_cast<double>(m.values[3]) * 1e-9;
    if (m.list.size() >= 2) {
      p.work = static_cast<double>(m.list[1]) * 1e-9;
      for (std::size_t i = 2; i + 3 < m.list.size(); i += 4) {
        p.held.push_back(
            {static_cast<std::uint64_t>(m.list[i]), static_cast<std::uint64_t>(m.list[i + 1]),
             static_cast<std::uint64_t>(m.list[i + 2]), static_cast<std::uint64_t>(m.list[i + 3])});
      }
    }
    if (phase_ == Phase::kSynchronizing && epoch == epoch_ &&
        static_cast<int>(profiles.size()) == ctx.size())
      decide(ctx);
  }

  void decide(core::LoopContext& ctx) {
    namespace model = schemes::loop::cost_model;
    const auto n = static_cast<std::int64_t>(ctx.iterations());
    const int loop = ctx.loop();
    const LoopModel& loop_model = *options_.model;
    std::vector<SynchronizationProfile> profiles;
    for (auto& entry : arrived_[epoch_]) profiles.push_back(std::move(entry.second));
    arrived_.erase(epoch_);
    double time = 0;
    for (const SynchronizationProfile& profile : profiles) time = std::max(time, profile.elapsed);

    const bool first = decisions_.empty() || decisions_.back().loop != loop;
    if (mode_ == Mode::kAdaptive) note_rates(profiles, rates_);
    model::LoopModelInput input =
        first ? first_synchronization_input(
                    profiles, mode_ == Mode::kAdaptive ? cost_ : loop_cost(ctx), n, time)
              : later_synchronization_input(profiles, cost_, time, rates_);
    input.data_bytes_per_iteration = loop_model.data_bytes_per_iteration(loop);
    describe_tunables(options_, input);
    AutoDecision& decision = decisions_.emplace_back();
    decision.loop = loop;
    ExternalLoad load;
    load.nominal_speeds = ctx.load_parameters().speeds;
    load.max_load = ctx.load_parameters().max_load;
    load.persistence_s = ctx.load_parameters().persistence;
    // The model's own draws, alike on every processor: not the run's seed.
    load.seed = 0x9e3779b97f4a7c15ULL ^ (static_cast<std::uint64_t>(loop) << 20) ^
                static_cast<std::uint64_t>(epoch_);
    decision.predicted =
        expected_times(input, loop_model.network(),
                       first ? std::span<const model::LoopStrategy>(model::kLoopStrategies)
                             : std::span<const model::LoopStrategy>(kLaterCandidates),
                       load);
    std::stable_sort(decision.predicted.begin(), decision.predicted.end(),
                     [](const auto& a, const auto& b) { return a.second < b.second; });
    decision.chosen = decision.predicted.front().first;
    decision.at_seconds = time;   // since this loop began
    phase_ = Phase::kCommitting;  // synchronizing → committing
    commit(ctx, profiles);
    if (mode_ == Mode::kAdaptive) {
      held_work_ = work_of(ctx.held());  // what arrived early is in it, what was sent is not
      arrived_work_ = 0;
    }
    // Committing → retired: out of work and given none (what came early is
    // held already), it leaves the next synchronization to another; or →
    // running.
    phase_ = ctx.remaining() == 0 ? Phase::kRetired : Phase::kRunning;
    // What the processors that decided first sent meanwhile, in order.
    for (const auto& [from, message] : early_messages_) delegate_->on_message(ctx, from, message);
    for (const auto& [from, count] : early_work_) delegate_->on_work(ctx, from, count);
    early_messages_.clear();
    early_work_.clear();
    // Another processor, done deciding, has already run out and called the next one.
    if (redecides() && arrived_.count(epoch_ + 1)) synchronize(ctx, epoch_ + 1);
  }

  // The chosen scheme takes over where the loop stands.
  void commit(core::LoopContext& ctx, const std::vector<SynchronizationProfile>& profiles) {
    const int p = ctx.size();
    delegate_ = make_(decisions_.back().chosen, options_);
    if (auto* interrupt = dynamic_cast<InterruptStrategy*>(delegate_.get())) {
      std::vector<InterruptStrategy::Profile> everyone;
      for (int r = 0; r < p; ++r)
        everyone.push_back({r, profiles[r].done, profiles[r].busy, profiles[r].remaining});
      // It marks the profile (the next one measures from here), so auto's
      // own counts since the mark start again too.
      done_before_ = 0;
      busy_before_ = 0;
      interrupt->adopt(ctx, everyone);  // resumes
      return;
    }
    if (auto* profiled = dynamic_cast<Profiled*>(delegate_.get())) {
      std::vector<double> rates;
      std::vector<std::uint64_t> remaining;
      for (const SynchronizationProfile& profile : profiles) {
        rates.push_back(profile.busy > 0 ? static_cast<double>(profile.done) / profile.busy : 0);
        remaining.push_back(profile.remaining);
      }
      profiled->adopt(ctx, rates, remaining);  // resumes
      return;
    }
    if (delegate_->uses_pool()) {
      // Only at the first synchronization (kLaterCandidates), where the
      // blocks were equal: the iterations left become the pool, each with
      // the processor that holds it.
      std::vector<std::pair<core::IterationSet, int>> pieces;
      for (int r = 0; r < p; ++r) {
        const core::IterationSet block = equal_block(r, p, ctx.iterations());
        const std::uint64_t left = profiles[r].remaining;
        pieces.emplace_back(core::IterationSet::range(block.first + block.count - left, left), r);
      }
      // The pool scheme starts before the pool is refilled: refilling serves
      // the chunk requests that processors which decided first sent here,
      // and the scheme sizes them (AWF's weights, factoring's batches).
      std::uint64_t left = 0;
      for (const SynchronizationProfile& profile : profiles) left += profile.remaining;
      static_cast<PoolScheme*>(delegate_.get())->start_pool(ctx, left);
      ctx.refill_pool(pieces);
      ctx.release_remaining();
      ctx.resume();
      // A processor out of work before the decision told auto, not the pool
      // scheme, and resuming does not tell it again; for the others resuming
      // has asked already, and the engine takes one chunk at a time.
      if (ctx.remaining() == 0) delegate_->on_idle(ctx);
      return;
    }
    ctx.resume();
  }

  LoopSchemeOptions options_;
  MakeScheme make_;
  Mode mode_;
  std::unique_ptr<core::LoopScheme> delegate_;  // the scheme chosen last
  // Profiles by synchronization: the next one's can come before this one is decided.
  std::map<int, std::map<int, SynchronizationProfile>> arrived_;
  // The chosen scheme's messages and work that came before this processor
  // had every profile, kept for it.
  std::vector<std::pair<int, core::LoopSchemeMessage>> early_messages_;
  std::vector<std::pair<int, std::uint64_t>> early_work_;
  int epoch_ = 0;  // the synchronizations auto called in this loop
  Phase phase_ = Phase::kRunning;
  double started_ = 0;
  std::uint64_t done_before_ = 0;  // the profile's counts at the last synchronization
  double busy_before_ = 0;
  std::vector<double> rates_;  // auto-adaptive: each processor's last measured speed
  // auto-adaptive: this loop's iteration costs, and this processor's work
  // (base seconds) held after the last decision and received since.
  schemes::loop::cost_model::IterationCost cost_ =
      schemes::loop::cost_model::IterationCost::uniform(1);
  double held_work_ = 0;
  double arrived_work_ = 0;
  std::vector<AutoDecision> decisions_;
};

}  // namespace stacksplit::schemes
