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
#include <map>
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

// Every candidate's predicted time from input.start, in the order the model
// ranks them for the speeds seen (ties keep it).
inline std::vector<std::pair<std::string, double>> expected_times(
    schemes::loop::cost_model::LoopModelInput input,
    const schemes::loop::cost_model::NetworkModel& network,
    std::span<const schemes::loop::cost_model::LoopStrategy> candidates, const ExternalLoad& load) {
  namespace model = schemes::loop::cost_model;
  std::vector<std::pair<std::string, double>> times;
  if (load.max_load == 0) {
    for (const auto& prediction : model::predict_strategies(input, network, candidates))
      times.emplace_back(std::string(model::strategy_name(prediction.strategy)), prediction.time_s);
    return times;
  }
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
  model::LoadFutureOptions futures;
  futures.nominal_speeds = load.nominal_speeds;
  futures.max_load = load.max_load;
  futures.persistence_s = load.persistence_s;
  futures.futures = kLoadFutures;
  futures.seed = load.seed;
  const double horizon = slowest > 0 ? work_left / slowest : 0;
  std::map<std::string, double> sum;
  std::vector<std::string> order;
  for (const model::SpeedForecast& future :
       model::sample_load_futures(observed, futures, now, horizon)) {
    input.forecast = future;
    for (const auto& prediction : model::predict_strategies(input, network, candidates)) {
      const std::string name(model::strategy_name(prediction.strategy));
      if (!sum.count(name)) order.push_back(name);
      sum[name] += prediction.time_s;
    }
  }
  for (const std::string& name : order) times.emplace_back(name, sum[name] / kLoadFutures);
  return times;
}

}  // namespace stacksplit::schemes
