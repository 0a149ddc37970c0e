// `--scheme auto` on the simulated machine, with the network measured the
// way a run measures it (netchar on the same machine, fitted): it picks
// the strategy a case is built for, and it is never far behind the best one.

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "analysis/cost_model/network_fit.hpp"
#include "apps/synthetic/synthetic_loop.hpp"
#include "core/loop/run_loop.hpp"
#include "core/netchar/characterize_network.hpp"
#include "core/sim/machine_model.hpp"
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
  analysis::cost_model::FitOptions fit;
  fit.degree_p = 1;
  core::NetcharOptions netchar;
  netchar.repeats = 1;
  auto network =
      analysis::cost_model::fit_network(core::characterize_network(config, netchar), fit);
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

struct Outcome {
  double seconds = 0;
  std::string chosen;  // auto's first decision
};

Outcome run(const std::string& scheme, const SyntheticLoop& kernel, const core::RunConfig& config,
            const core::LoadOptions& load) {
  const schemes::LoopSchemeOptions options = options_for(kernel, config);
  core::LoopConfig loop;
  loop.make_scheme = [scheme, options] { return schemes::make_loop_scheme(scheme, options); };
  loop.load = load;
  const auto result = core::run_loop<SyntheticLoop>(config, loop, [&] { return kernel; });
  EXPECT_TRUE(kernel.matches(core::run_loops_sequentially(kernel), result.output)) << scheme;
  Outcome outcome{result.seconds, ""};
  if (result.scheme_report.is_object() && !result.scheme_report["decisions"].empty())
    outcome.chosen = result.scheme_report["decisions"][0]["chosen"].get<std::string>();
  return outcome;
}

TEST(AutoStrategy, ANearlyBalancedLoopOnADearNetworkStaysStatic) {
  // One processor at 0.95 of the others' speed, a uniform loop, 50 ms a
  // message: the 50 ms of work left at the first synchronization are not
  // worth a single message.
  SyntheticOptions synthetic;
  synthetic.iterations = 4000;
  synthetic.data = 1024;
  const SyntheticLoop kernel(synthetic);
  const core::RunConfig config = simulated(4, {"t_unit=1e-3", "t_node=0", "t_s=0.05"});
  const Outcome chosen = run("auto", kernel, config, {{1, 1, 1, 0.95}, 0, 1, 1});
  EXPECT_EQ(chosen.chosen, "static-block");
}

TEST(AutoStrategy, ASlowProcessorOnACheapNetworkIsBalanced) {
  // One processor at a tenth of the others' speed: staying static leaves it
  // nine tenths of its block; auto must move work, and come close to the best
  // fixed strategy of the family.
  SyntheticOptions synthetic;
  synthetic.iterations = 4000;
  synthetic.data = 64;
  const SyntheticLoop kernel(synthetic);
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

}  // namespace
}  // namespace stacksplit
