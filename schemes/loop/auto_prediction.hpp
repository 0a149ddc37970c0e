#pragma once
// What `--scheme auto` tells the cost model at a synchronization, and what
// it asks of it (Zaki, Parthasarathy & Li, "Customized Dynamic Load
// Balancing", §1.3.3: the loads seen so far go into the model, which
// predicts every strategy's time from there).
//
// - At the first synchronization the blocks were equal, so what each
//   processor holds and how fast it went follow from its counts.
// - At a later one (auto-adaptive) every profile carries the iteration sets
//   held and the work done since the last decision.
// - Under an external load (mℓ > 0) a candidate's time is its mean over
//   futures of the chapter's load model drawn from what was seen
//   (schemes/loop/cost_model/load_futures.hpp); without one, the speeds seen
//   hold for ever.

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <numeric>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/loop/iteration_set.hpp"
#include "schemes/loop/cost_model/iteration_cost.hpp"
#include "schemes/loop/cost_model/load_futures.hpp"
#include "schemes/loop/cost_model/loop_model_input.hpp"
#include "schemes/loop/cost_model/strategy_choice.hpp"

namespace stacksplit::schemes {

// One processor at a synchronization, since the last decision.
struct SynchronizationProfile {
  std::uint64_t done = 0;
  double busy = 0;  // seconds
  std::uint64_t remaining = 0;
  double elapsed = 0;                    // seconds since the loop began
  double work = 0;                       // base seconds done (auto-adaptive)
  std::vector<core::IterationSet> held;  // (auto-adaptive)
};

// What can take over at a later synchronization: not a pool, which would be
// made of what the profiles say is held, while iterations moved at the last
// decision may still be on their way.
inline constexpr std::array kLaterCandidates = {
    schemes::loop::cost_model::LoopStrategy::kStaticBlock,
    schemes::loop::cost_model::LoopStrategy::kProfiled,
    schemes::loop::cost_model::LoopStrategy::kGcdlb,
    schemes::loop::cost_model::LoopStrategy::kGddlb,
    schemes::loop::cost_model::LoopStrategy::kLcdlb,
    schemes::loop::cost_model::LoopStrategy::kLddlb};

inline schemes::loop::cost_model::LoopModelInput first_synchronization_input(
    const std::vector<SynchronizationProfile>& profiles,
    const schemes::loop::cost_model::IterationCost& cost, std::int64_t iterations, double time) {
  namespace model = schemes::loop::cost_model;
  std::vector<model::ProcessorLoad> loads;
  for (const SynchronizationProfile& profile : profiles)
    loads.push_back({static_cast<std::int64_t>(profile.done), profile.busy});
  const model::FirstSynchronization first =
      model::observe_first_synchronization(iterations, cost, loads, time);
  model::LoopModelInput input;
  input.cost = cost;
  input.start = first.start;
  input.forecast = first.forecast;
  // A pool scheme taking over measures from the loop's start (auto leaves
  // the profile's mark there), so AWF's first requests report these.
  input.chunks.awf_measured = loads;
  return input;
}

// Each processor's speed since the last decision (base seconds of work a
// second), where it worked; one that did nothing since keeps the rate it had.
inline void note_rates(const std::vector<SynchronizationProfile>& profiles,
                       std::vector<double>& rates) {
  for (std::size_t r = 0; r < profiles.size(); ++r)
    if (profiles[r].busy > 0 && profiles[r].work > 0)
      rates[r] = profiles[r].work / profiles[r].busy;
}

// From where the loop stands, at the rates known (note_rates); a processor
// never measured counts as the slowest seen.
inline schemes::loop::cost_model::LoopModelInput later_synchronization_input(
    const std::vector<SynchronizationProfile>& profiles,
    const schemes::loop::cost_model::IterationCost& cost, double time,
    const std::vector<double>& rates) {
  namespace model = schemes::loop::cost_model;
  model::LoopModelInput input;
  input.cost = cost;
  input.start.time_s = time;
  input.start.at_synchronization = true;
  std::vector<double> speeds;
  double slowest = 0;
  for (std::size_t r = 0; r < profiles.size(); ++r) {
    const SynchronizationProfile& profile = profiles[r];
    std::vector<model::IterationRange> ranges;
    for (const core::IterationSet& set : profile.held)
      set.for_each_range([&](std::uint64_t first, std::uint64_t count) {
        ranges.push_back({static_cast<std::int64_t>(first), static_cast<std::int64_t>(count)});
      });
    input.start.held.push_back(std::move(ranges));
    speeds.push_back(rates[r]);
    if (rates[r] > 0) slowest = slowest > 0 ? std::min(slowest, rates[r]) : rates[r];
  }
  for (double& speed : speeds)
    if (!(speed > 0)) speed = slowest > 0 ? slowest : 1;
  input.forecast = model::SpeedForecast::constant(std::move(speeds));
  return input;
}

// The chapter's external-load parameters of the run (§1.3.1), and the seed
// of the model's own draws.
struct ExternalLoad {
  std::vector<double> nominal_speeds;  // S_i
  int max_load = 0;                    // mℓ
  double persistence_s = 1;            // tℓ
  std::uint64_t seed = 1;
};

inline constexpr int kLoadFutures = 8;

// The futures a candidate's time is the mean over: the speeds seen, for
// ever, without an external load; kLoadFutures draws of the chapter's load
// model from them under one.
inline std::vector<schemes::loop::cost_model::SpeedForecast> load_futures(
    const schemes::loop::cost_model::LoopModelInput& input, const ExternalLoad& load) {
  namespace model = schemes::loop::cost_model;
  if (load.max_load == 0) return {input.forecast};
  const double now = input.start.time_s;
  std::vector<double> observed;
  double work_left = 0, slowest = 0;
  for (int i = 0; i < input.processors(); ++i) {
    observed.push_back(input.forecast.speed(i, now));
    if (observed.back() > 0)
      slowest = slowest > 0 ? std::min(slowest, observed.back()) : observed.back();
    for (const model::IterationRange& range : input.start.held[static_cast<std::size_t>(i)])
      work_left += input.cost.of(range);
  }
  model::LoadFutureOptions options;
  options.nominal_speeds = load.nominal_speeds;
  options.max_load = load.max_load;
  options.persistence_s = load.persistence_s;
  options.futures = kLoadFutures;
  options.seed = load.seed;
  const double horizon = slowest > 0 ? work_left / slowest : 0;
  return model::sample_load_futures(observed, options, now, horizon);
}

// Every candidate's predicted time from input.start (its mean over
// load_futures), in the order the model ranks them in the first future
// (ties keep the order given).
//
// The decision is made inside the loop, every processor waiting for it, so
// it is kept cheap: the candidates whose models take a step a
// synchronization go first, and a chunk scheduler (a step a chunk: ss over
// 400,000 iterations about 10 ms, as long as a fine-grained loop's whole
// balancing) is played only until its sum over the futures passes the best
// mean known times their number. It cannot be the best then, and its time
// is given as that lower bound; the choice and every other time are the
// same as played to the end.
inline std::vector<std::pair<std::string, double>> expected_times(
    schemes::loop::cost_model::LoopModelInput input,
    const schemes::loop::cost_model::NetworkModel& network,
    std::span<const schemes::loop::cost_model::LoopStrategy> candidates, const ExternalLoad& load) {
  namespace model = schemes::loop::cost_model;
  const std::vector<model::SpeedForecast> futures = load_futures(input, load);
  model::check_loop_model_input(input);
  const auto count = static_cast<double>(futures.size());
  std::vector<std::size_t> order(candidates.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_partition(order.begin(), order.end(),
                        [&](std::size_t c) { return !model::is_chunk_scheduler(candidates[c]); });
  std::vector<double> mean(candidates.size()), first(candidates.size());
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t c : order) {
    double sum = 0;
    for (std::size_t f = 0; f < futures.size(); ++f) {
      input.forecast = futures[f];
      const model::StrategyPrediction prediction =
          model::predict_strategy(candidates[c], input, network, best * count - sum);
      if (f == 0) first[c] = prediction.time_s;
      sum += prediction.time_s;
      if (prediction.chunk && prediction.chunk->gave_up) break;
    }
    mean[c] = sum / count;
    best = std::min(best, mean[c]);
  }
  std::vector<std::size_t> ranked(candidates.size());
  std::iota(ranked.begin(), ranked.end(), std::size_t{0});
  std::stable_sort(ranked.begin(), ranked.end(),
                   [&](std::size_t a, std::size_t b) { return first[a] < first[b]; });
  std::vector<std::pair<std::string, double>> times;
  for (std::size_t c : ranked)
    times.emplace_back(std::string(model::strategy_name(candidates[c])), mean[c]);
  return times;
}

}  // namespace stacksplit::schemes
