// `--scheme auto` on the simulated machine, with the network measured the
// way a run measures it (netchar on the same machine, fitted): it picks
// the strategy a case is built for, and it is never far behind the best one.

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "apps/cli/netchar/characterize_network.hpp"
#include "apps/synthetic/synthetic_loop.hpp"
#include "core/loop/run_loop.hpp"
#include "core/sim/machine_model.hpp"
#include "schemes/loop/cost_model/network_fit.hpp"
#include "schemes/loop/loop_scheme_options.hpp"
#include "schemes/scheme_registry.hpp"

namespace stacksplit {
namespace {

using apps::synthetic::SyntheticLoop;
using apps::synthetic::SyntheticOptions;

core::RunConfig simulated(int workers, std::vector<std::string> machine) {
  core::RunConfig config;
  config.workers = workers;
  config.runtime = core::RuntimeKind::kSim;
  config.machine = core::make_machine_model("now", machine);
  config.search.quantum = 1;
  return config;
}

// The options auto is made with: the kernel's own iteration times (as the
// simulator charges them) and the network netchar measures on this machine.
schemes::LoopSchemeOptions options_for(const SyntheticLoop& kernel, const core::RunConfig& config) {
  schemes::loop::cost_model::FitOptions fit;
  fit.degree_p = 1;
  cli::NetcharOptions netchar;
  netchar.repeats = 1;
  auto network =
      schemes::loop::cost_model::fit_network(cli::characterize_network(config, netchar), fit);
  const double t_unit = config.machine.t_unit, t_node = config.machine.t_node;
  auto prototype = std::make_shared<SyntheticLoop>(kernel);
  prototype->begin_loop(0);
  schemes::LoopSchemeOptions options;
  options.model = std::make_shared<schemes::FunctionLoopModel>(
      [prototype, t_unit, t_node](int, std::uint64_t i) {
        return prototype->cost(i) * t_unit + t_node;
      },
      [prototype](int) { return static_cast<double>(prototype->bytes_per_iteration()); },
      std::move(network));
  return options;
}

// 4000 iterations of the same cost, `data` bytes moving with each.
SyntheticLoop uniform_loop(std::size_t data) {
  SyntheticOptions synthetic;
  synthetic.iterations = 4000;
  synthetic.data = data;
  return SyntheticLoop(synthetic);
}

struct Outcome {
  double seconds = 0;
  std::string chosen;                // auto's first decision
  std::vector<std::string> choices;  // every decision, in order
  std::vector<double> decided_at;    // when, since the loop began
  double predicted_end = 0;          // the first decision's: when its choice would end
};

Outcome run(const std::string& scheme, const SyntheticLoop& kernel, const core::RunConfig& config,
            const core::LoadOptions& load) {
  const schemes::LoopSchemeOptions options = options_for(kernel, config);
  core::LoopConfig loop;
  loop.make_scheme = [scheme, options] { return schemes::make_loop_scheme(scheme, options); };
  loop.load = load;
  const auto result = core::run_loop<SyntheticLoop>(config, loop, [&] { return kernel; });
  EXPECT_TRUE(kernel.matches(core::run_loops_sequentially(kernel), result.output)) << scheme;
  Outcome outcome;
  outcome.seconds = result.seconds;
  if (result.scheme_report.is_object() && !result.scheme_report["decisions"].empty()) {
    outcome.chosen = result.scheme_report["decisions"][0]["chosen"].get<std::string>();
    for (const auto& decision : result.scheme_report["decisions"]) {
      outcome.choices.push_back(decision["chosen"].get<std::string>());
      outcome.decided_at.push_back(decision["decided_at_s"].get<double>());
    }
    for (const auto& candidate : result.scheme_report["decisions"][0]["predicted"])
      if (candidate["scheme"] == outcome.chosen)
        outcome.predicted_end = outcome.decided_at.front() + candidate["predicted_s"].get<double>();
  }
  return outcome;
}

TEST(AutoStrategy, ANearlyBalancedLoopOnADearNetworkStaysStatic) {
  // One processor at 0.95 of the others' speed, a uniform loop, 50 ms a
  // message: the 50 ms of work left at the first synchronization are not
  // worth a single message.
  const SyntheticLoop kernel = uniform_loop(1024);
  const core::RunConfig config = simulated(4, {"t_unit=1e-3", "t_node=0", "t_s=0.05"});
  const Outcome chosen = run("auto", kernel, config, {{1, 1, 1, 0.95}, 0, 1, 1});
  EXPECT_EQ(chosen.chosen, "static-block");
}

TEST(AutoStrategy, ASlowProcessorOnACheapNetworkIsBalanced) {
  // One processor at a tenth of the others' speed: staying static leaves it
  // nine tenths of its block; auto must move work, and come close to the best
  // fixed strategy of the family.
  const SyntheticLoop kernel = uniform_loop(64);
  const core::RunConfig config = simulated(4, {"t_unit=1e-3", "t_node=0"});
  const core::LoadOptions load{{1, 1, 1, 0.1}, 0, 1, 1};
  const Outcome automatic = run("auto", kernel, config, load);
  EXPECT_NE(automatic.chosen, "static-block");
  double best = std::numeric_limits<double>::infinity();
  std::string best_name;
  for (const char* scheme : {"static-block", "ss", "gss", "tss", "fac2", "awf", "shared-iterator",
                             "profiled", "gcdlb", "gddlb", "lcdlb", "lddlb"}) {
    const double seconds = run(scheme, kernel, config, load).seconds;
    if (seconds < best) best = seconds, best_name = scheme;
  }
  const double static_seconds = run("static-block", kernel, config, load).seconds;
  EXPECT_LT(automatic.seconds, 0.5 * static_seconds);
  EXPECT_LT(automatic.seconds, 1.15 * best)
      << "auto chose " << automatic.chosen << ", the best was " << best_name;
}

TEST(AutoAdaptive, DecidesAgainWhileItsChoiceIsGlobalAndLosesNoIteration) {
  // Loads redrawn every 0.5 s on a cheap network: the first decision is a
  // global interrupt strategy (as auto's), and while the choice stays one,
  // each later synchronization is auto-adaptive's and decides again among
  // the strategies that can take over there. run() checks the result.
  const SyntheticLoop kernel = uniform_loop(0);
  const core::RunConfig config = simulated(4, {"t_unit=1e-3", "t_node=0"});
  const core::LoadOptions load{{}, 5, 0.5, 1};
  const Outcome once = run("auto", kernel, config, load);
  const Outcome adaptive = run("auto-adaptive", kernel, config, load);
  ASSERT_EQ(once.choices.size(), 1u);
  ASSERT_GT(adaptive.choices.size(), 2u);
  EXPECT_EQ(adaptive.choices.front(), once.chosen);
  EXPECT_TRUE(adaptive.choices.front() == "gcdlb" || adaptive.choices.front() == "gddlb")
      << adaptive.choices.front();
  const std::vector<std::string> later = {"static-block", "profiled", "gcdlb",
                                          "gddlb",        "lcdlb",    "lddlb"};
  for (std::size_t k = 1; k < adaptive.choices.size(); ++k) {
    EXPECT_NE(std::find(later.begin(), later.end(), adaptive.choices[k]), later.end())
        << "decision " << k << " chose " << adaptive.choices[k];
    EXPECT_GT(adaptive.decided_at[k], adaptive.decided_at[k - 1]);
    // Only a global strategy or static-block leaves the next decision to auto.
    const std::string& before = adaptive.choices[k - 1];
    EXPECT_TRUE(before == "gcdlb" || before == "gddlb" || before == "static-block") << before;
  }
}

TEST(AutoAdaptive, DecidesOnceWhenItsFirstChoiceIsAPool) {
  // Moving 4 KiB with each iteration, a processor at a tenth of the others'
  // speed: the first choice is a self-scheduling scheme, which keeps the loop.
  const SyntheticLoop kernel = uniform_loop(4096);
  const core::RunConfig config = simulated(4, {"t_unit=1e-3", "t_node=0"});
  const core::LoadOptions load{{1, 1, 1, 0.1}, 0, 1, 1};
  const Outcome once = run("auto", kernel, config, load);
  const Outcome adaptive = run("auto-adaptive", kernel, config, load);
  const std::vector<std::string> pools = {"ss", "gss", "tss", "fac2", "awf", "shared-iterator"};
  ASSERT_NE(std::find(pools.begin(), pools.end(), once.chosen), pools.end()) << once.chosen;
  ASSERT_EQ(adaptive.choices.size(), 1u);
  EXPECT_EQ(adaptive.chosen, once.chosen);
  EXPECT_DOUBLE_EQ(adaptive.seconds, once.seconds);
}

TEST(AutoStrategy, APoolTakesOverOneChunkAtATime) {
  // As above, auto hands the iterations left to a pool scheme. Each
  // processor then asks for one chunk: when one asked twice (once as it
  // resumed, once as auto passed on its being out of work) it held two of
  // the first, largest chunks, and the loop waited for it, well past what the
  // model had predicted for the pool.
  const SyntheticLoop kernel = uniform_loop(4096);
  const core::RunConfig config = simulated(4, {"t_unit=1e-3", "t_node=0"});
  const core::LoadOptions load{{1, 0.1, 1, 1}, 0, 1, 1};
  const Outcome handed = run("auto", kernel, config, load);
  const std::vector<std::string> pools = {"ss", "gss", "tss", "fac2", "awf", "shared-iterator"};
  ASSERT_NE(std::find(pools.begin(), pools.end(), handed.chosen), pools.end()) << handed.chosen;
  ASSERT_GT(handed.predicted_end, 0);
  EXPECT_LT(handed.seconds, 1.1 * handed.predicted_end) << handed.chosen;
}

}  // namespace
}  // namespace stacksplit
