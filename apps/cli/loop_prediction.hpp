#pragma once
// The loop cost model (schemes/loop/cost_model) fed from a loop command: the
// model `auto` decides with, and `--predict`, which prints every strategy's
// predicted time for the app, size, P, load and machine without running.
// On the simulator an iteration's time is its cost·t_unit + t_node, as the
// simulator charges it; on a real runtime it is measured here, by running a
// few iterations of the kernel.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <ostream>
#include <vector>

#include "core/loop/bitonic_kernel.hpp"
#include "core/loop/load_model.hpp"
#include "core/loop/loop_kernel.hpp"
#include "core/loop/run_loop.hpp"
#include "core/run_config.hpp"
#include "schemes/loop/cost_model/loop_model_input.hpp"
#include "schemes/loop/cost_model/speed_forecast.hpp"
#include "schemes/loop/cost_model/strategy_choice.hpp"
#include "schemes/loop/loop_scheme_options.hpp"

namespace stacksplit::cli {

// Seconds a unit of the kernel's cost takes: the machine's t_unit on the
// simulator, else measured on a copy (iterations run until 20 ms have passed).
template <core::LoopKernel K>
double seconds_per_cost_unit(K kernel, const core::RunConfig& config) {
  if (config.runtime == core::RuntimeKind::kSim) return config.machine.t_unit;
  kernel.begin_loop(0);
  const std::uint64_t n = kernel.iterations();
  kernel.generate(0, n);
  double cost = 0;
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t i = 0;
  for (; i < n && std::chrono::steady_clock::now() - start < std::chrono::milliseconds(20); ++i) {
    kernel.run(i, 1);
    cost += kernel.cost(i);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return cost > 0 ? seconds / cost : 0;
}

// The model of the program `prototype` (paired bitonically when asked), each
// nest's kernel kept for its costs.
template <core::LoopKernel K>
std::shared_ptr<const schemes::FunctionLoopModel> make_unpaired_loop_model(
    const K& prototype, const core::RunConfig& config,
    schemes::loop::cost_model::NetworkModel network) {
  const double per_unit = seconds_per_cost_unit(prototype, config);
  const double per_iteration =
      config.runtime == core::RuntimeKind::kSim ? config.machine.t_node : 0;
  auto nests = std::make_shared<std::vector<K>>();
  for (int k = 0; k < prototype.loop_count(); ++k) {
    nests->push_back(prototype);
    nests->back().begin_loop(k);
  }
  return std::make_shared<schemes::FunctionLoopModel>(
      [nests, per_unit, per_iteration](int loop, std::uint64_t i) {
        const K& kernel = (*nests)[static_cast<std::size_t>(loop) % nests->size()];
        return kernel.cost(i) * per_unit + per_iteration;
      },
      [nests](int loop) {
        return static_cast<double>(
            (*nests)[static_cast<std::size_t>(loop) % nests->size()].bytes_per_iteration());
      },
      std::move(network));
}

template <core::LoopKernel K>
std::shared_ptr<const schemes::FunctionLoopModel> make_loop_model(
    const K& prototype, const core::RunConfig& config, bool bitonic,
    schemes::loop::cost_model::NetworkModel network) {
  if (bitonic)
    return make_unpaired_loop_model(core::BitonicKernel<K>(prototype), config, std::move(network));
  return make_unpaired_loop_model(prototype, config, std::move(network));
}

// The input for a loop of n iterations starting in equal blocks, the load
// known in advance (--load, --speeds: the same seeded loads the run would see).
inline schemes::loop::cost_model::LoopModelInput prediction_input(
    const schemes::LoopModel& model, int loop, std::uint64_t n, const core::RunConfig& config,
    const core::LoopConfig& loop_config, const schemes::LoopSchemeOptions& options) {
  namespace cm = schemes::loop::cost_model;
  cm::LoopModelInput input;
  input.cost = cm::IterationCost::from_function(static_cast<std::int64_t>(n), [&](std::int64_t i) {
    return model.iteration_seconds(loop, static_cast<std::uint64_t>(i));
  });
  input.start = cm::equal_blocks(static_cast<std::int64_t>(n), config.workers);
  const core::LoadModel load(loop_config.load, config.workers);
  std::vector<double> speeds;
  for (int r = 0; r < config.workers; ++r) speeds.push_back(load.speed(r));
  if (load.options().max_load == 0) {
    input.forecast = cm::SpeedForecast::constant(speeds);
  } else {
    // Enough periods to outlast the loop even on its slowest processor alone.
    const double total = input.cost.of({0, static_cast<std::int64_t>(n)});
    const double slowest = *std::min_element(speeds.begin(), speeds.end());
    const double horizon = total * (load.options().max_load + 1) / slowest;
    const auto periods = static_cast<std::size_t>(
        std::clamp(horizon / load.options().persistence + 2, 2.0, 200000.0));
    std::vector<std::vector<int>> loads(static_cast<std::size_t>(config.workers));
    for (int r = 0; r < config.workers; ++r)
      for (std::size_t k = 0; k < periods; ++k) loads[r].push_back(load.load(r, k));
    input.forecast = cm::SpeedForecast::from_loads(speeds, loads, load.options().persistence);
  }
  input.data_bytes_per_iteration = model.data_bytes_per_iteration(loop);
  schemes::describe_tunables(options, input);
  return input;
}

// Every strategy's predicted time for the whole program (every nest, every
// step), fastest first.
template <core::LoopKernel K>
void print_predictions(std::ostream& out, const K& prototype, const core::RunConfig& config,
                       const core::LoopConfig& loop, const schemes::LoopSchemeOptions& options,
                       const schemes::LoopModel& model) {
  namespace cm = schemes::loop::cost_model;
  std::vector<std::pair<cm::LoopStrategy, double>> totals;
  std::vector<std::string> summaries(cm::kLoopStrategies.size());
  for (int nest = 0; nest < prototype.loop_count(); ++nest) {
    K kernel = prototype;
    kernel.begin_loop(nest);
    std::uint64_t n = kernel.iterations();
    if (loop.bitonic) n = (n + 1) / 2;
    const auto input = prediction_input(model, nest, n, config, loop, options);
    for (const cm::StrategyPrediction& p : cm::predict_strategies(input, model.network())) {
      auto at = std::find_if(totals.begin(), totals.end(),
                             [&](const auto& t) { return t.first == p.strategy; });
      if (at == totals.end()) {
        totals.emplace_back(p.strategy, 0.0);
        at = totals.end() - 1;
      }
      at->second += p.time_s * loop.steps;
      summaries[static_cast<std::size_t>(p.strategy)] = p.summary();
    }
  }
  std::sort(totals.begin(), totals.end(),
            [](const auto& a, const auto& b) { return a.second < b.second; });
  char line[256];
  std::snprintf(line, sizeof line,
                "predicted times (%d workers, runtime %s, network L = %.4g us, B = %.4g MB/s):\n",
                config.workers, std::string(core::to_string(config.runtime)).c_str(),
                model.network().latency_s * 1e6, model.network().bandwidth_bytes_per_s / 1e6);
  out << line;
  for (const auto& [strategy, seconds] : totals) {
    std::snprintf(line, sizeof line, "  %-16s %12.6g s   %s\n",
                  std::string(cm::strategy_name(strategy)).c_str(), seconds,
                  summaries[static_cast<std::size_t>(strategy)].c_str());
    out << line;
  }
  if (!totals.empty()) out << "predicted best: " << cm::strategy_name(totals.front().first) << '\n';
}

}  // namespace stacksplit::cli
