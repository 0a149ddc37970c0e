#pragma once
// `--scheme auto`: the decision process of Zaki, Parthasarathy & Li
// ("Customized Dynamic Load Balancing", §1.3.3), over the whole loop family.
// The loop starts in equal blocks and runs to the first synchronization (the
// first processor out of work interrupts the others; every profile goes to
// every processor); then the loads, speeds and iteration times seen so far go
// into the cost model (analysis/cost_model), every processor picks the same
// predicted best, and that scheme takes over where the loop stands: an
// interrupt strategy makes this synchronization's moves by its own rule,
// profiled re-partitions, static-block carries on, and a self-scheduling
// scheme gets the iterations left as its pool (each stays with its holder
// until a chunk's taker asks for its data).
//
// The choice and every candidate's predicted time are reported (the run
// record's "auto" object).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "analysis/cost_model/loop_model_input.hpp"
#include "analysis/cost_model/strategy_choice.hpp"
#include "core/loop/loop_scheme.hpp"
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

  AutoStrategy(const LoopSchemeOptions& options, MakeScheme make)
      : options_(options), make_(make) {}
  std::string_view name() const override { return "auto"; }

  std::vector<core::IterationSet> initial_share(int rank, int size, std::uint64_t n) override {
    const core::IterationSet block = equal_block(rank, size, n);
    if (block.empty()) return {};
    return {block};
  }

  void on_loop_start(core::LoopContext& ctx) override {
    delegate_.reset();
    early_messages_.clear();
    early_work_.clear();
    profiles_.assign(ctx.size(), Profile{});
    heard_ = 0;
    synchronizing_ = false;
    started_ = ctx.now();
  }

  void on_idle(core::LoopContext& ctx) override {
    if (delegate_) return delegate_->on_idle(ctx);
    if (synchronizing_ || ctx.size() < 2) return;
    synchronize(ctx);
  }

  void on_message(core::LoopContext& ctx, int from, const core::LoopSchemeMessage& m) override {
    if (m.kind == kProfile) {
      if (!synchronizing_) synchronize(ctx);
      take(ctx, from, m);
      return;
    }
    if (delegate_) return delegate_->on_message(ctx, from, m);
    early_messages_.push_back({from, m});
  }

  void on_chunk(core::LoopContext& ctx, const core::IterationSet& chunk) override {
    if (delegate_) delegate_->on_chunk(ctx, chunk);
  }
  void on_work(core::LoopContext& ctx, int from, std::uint64_t count) override {
    if (delegate_) return delegate_->on_work(ctx, from, count);
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
  static constexpr std::int32_t kProfile = 11;  // values: done, busy (ns), remaining, elapsed (ns)

  struct Profile {
    bool heard = false;
    std::uint64_t done = 0;
    double busy = 0;
    std::uint64_t remaining = 0;
    double elapsed = 0;
  };

  // Stop and tell everyone how it went (the chapter's interrupt and profiles,
  // to all as the distributed balancer does, so every processor decides).
  void synchronize(core::LoopContext& ctx) {
    synchronizing_ = true;
    ctx.pause();
    core::LoopSchemeMessage profile;
    profile.kind = kProfile;
    profile.values = {
        static_cast<std::int64_t>(ctx.done_since_mark()), std::llround(ctx.busy_since_mark() * 1e9),
        static_cast<std::int64_t>(ctx.remaining()), std::llround((ctx.now() - started_) * 1e9)};
    for (int other = 0; other < ctx.size(); ++other)
      if (other != ctx.rank()) ctx.send(other, profile);
    take(ctx, ctx.rank(), profile);
  }

  void take(core::LoopContext& ctx, int from, const core::LoopSchemeMessage& m) {
    Profile& p = profiles_[from];
    if (p.heard) return;
    p = {true, static_cast<std::uint64_t>(m.values[0]), static_cast<double>(m.values[1]) * 1e-9,
         static_cast<std::uint64_t>(m.values[2]), static_cast<double>(m.values[3]) * 1e-9};
    if (++heard_ == ctx.size()) decide(ctx);
  }

  void decide(core::LoopContext& ctx) {
    namespace model = analysis::cost_model;
    const auto n = static_cast<std::int64_t>(ctx.iterations());
    const int loop = ctx.loop();
    const LoopModel& loop_model = *options_.model;
    const model::IterationCost cost = model::IterationCost::from_function(n, [&](std::int64_t i) {
      return loop_model.iteration_seconds(loop, static_cast<std::uint64_t>(i));
    });
    std::vector<model::ProcessorLoad> loads;
    double time = 0;
    for (const Profile& profile : profiles_) {
      loads.push_back({static_cast<std::int64_t>(profile.done), profile.busy});
      time = std::max(time, profile.elapsed);
    }
    const model::FirstSynchronization first =
        model::observe_first_synchronization(n, cost, loads, time);
    model::LoopModelInput input;
    input.cost = cost;
    input.start = first.start;
    input.forecast = first.forecast;
    input.data_bytes_per_iteration = loop_model.data_bytes_per_iteration(loop);
    describe_tunables(options_, input);
    const std::vector<model::StrategyPrediction> predictions =
        model::predict_strategies(input, loop_model.network());
    const model::StrategyPrediction& best = model::best_prediction(predictions);
    AutoDecision& decision = decisions_.emplace_back();
    decision.loop = loop;
    decision.chosen = std::string(model::strategy_name(best.strategy));
    for (const auto& prediction : predictions)
      decision.predicted.emplace_back(std::string(model::strategy_name(prediction.strategy)),
                                      prediction.time_s);
    std::sort(decision.predicted.begin(), decision.predicted.end(),
              [](const auto& a, const auto& b) { return a.second < b.second; });
    decision.at_seconds = time;  // since this loop began
    commit(ctx);
    // What the processors that decided first sent meanwhile, in order.
    for (const auto& [from, message] : early_messages_) delegate_->on_message(ctx, from, message);
    for (const auto& [from, count] : early_work_) delegate_->on_work(ctx, from, count);
    early_messages_.clear();
    early_work_.clear();
  }

  // The chosen scheme takes over where the loop stands.
  void commit(core::LoopContext& ctx) {
    const int p = ctx.size();
    delegate_ = make_(decisions_.back().chosen, options_);
    if (auto* interrupt = dynamic_cast<InterruptStrategy*>(delegate_.get())) {
      std::vector<InterruptStrategy::Profile> everyone;
      for (int r = 0; r < p; ++r)
        everyone.push_back({r, profiles_[r].done, profiles_[r].busy, profiles_[r].remaining});
      interrupt->adopt(ctx, everyone);  // resumes
      return;
    }
    if (auto* profiled = dynamic_cast<Profiled*>(delegate_.get())) {
      std::vector<double> rates;
      std::vector<std::uint64_t> remaining;
      for (const Profile& profile : profiles_) {
        rates.push_back(profile.busy > 0 ? static_cast<double>(profile.done) / profile.busy : 0);
        remaining.push_back(profile.remaining);
      }
      profiled->adopt(ctx, rates, remaining);  // resumes
      return;
    }
    if (delegate_->uses_pool()) {
      // The iterations left become the pool, each with the processor that holds it.
      std::vector<std::pair<core::IterationSet, int>> pieces;
      for (int r = 0; r < p; ++r) {
        const core::IterationSet block = equal_block(r, p, ctx.iterations());
        const std::uint64_t left = profiles_[r].remaining;
        pieces.emplace_back(core::IterationSet::range(block.first + block.count - left, left), r);
      }
      // The pool scheme starts before the pool is refilled: refilling serves
      // the chunk requests that processors which decided first sent here,
      // and the scheme sizes them (AWF's weights, factoring's batches).
      std::uint64_t left = 0;
      for (const Profile& profile : profiles_) left += profile.remaining;
      static_cast<PoolScheme*>(delegate_.get())->start_pool(ctx, left);
      ctx.refill_pool(pieces);
      ctx.release_remaining();
      ctx.resume();
      // A processor that was out of work told the engine so before the
      // decision; the pool scheme has not heard it yet.
      if (ctx.remaining() == 0) delegate_->on_idle(ctx);
      return;
    }
    ctx.resume();
  }

  LoopSchemeOptions options_;
  MakeScheme make_;
  std::unique_ptr<core::LoopScheme> delegate_;  // the chosen scheme, once chosen
  std::vector<Profile> profiles_;
  // The chosen scheme's messages and work that came before this processor
  // had every profile, kept for it.
  std::vector<std::pair<int, core::LoopSchemeMessage>> early_messages_;
  std::vector<std::pair<int, std::uint64_t>> early_work_;
  int heard_ = 0;
  bool synchronizing_ = false;
  double started_ = 0;
  std::vector<AutoDecision> decisions_;
};

}  // namespace stacksplit::schemes
