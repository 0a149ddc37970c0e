#include "apps/cli/common_options.hpp"

#include <cstdio>
#include <stdexcept>
#include <thread>

#include "apps/cli/choice_option.hpp"
#include "core/mpi/launcher.hpp"
#include "core/sim/machine_file.hpp"
#include "core/topology/topology_registry.hpp"
#include "schemes/balance_policy.hpp"
#include "schemes/scheme_registry.hpp"

namespace stacksplit::cli {

namespace {

constexpr int kMaxWorkersAcrossRanks = 1 << 16;  // RunConfig::validate's bound on P

std::vector<std::string> scheme_names(const CommandDefaults& defaults) {
  std::vector<std::string> names;
  for (const std::string& family : defaults.scheme_families)
    for (std::string& name : schemes::scheme_registry().names(family)) names.push_back(name);
  return names;
}

core::MachineModel make_machine(const CommonOptions& options) {
  std::vector<std::string> overrides = options.machine_params;
  if (options.node_time) {
    if (!(*options.node_time >= 0))
      throw std::invalid_argument("--node-time must be a number of seconds >= 0");
    char text[64];
    std::snprintf(text, sizeof text, "t_node=%.17g", *options.node_time);
    overrides.emplace_back(text);
  }
  return core::make_machine(options.machine, overrides);
}

}  // namespace

int CommonOptions::default_workers() {
  if (core::launched_by_mpirun()) return 1;  // a rank's: one worker a rank
  const unsigned cores = std::thread::hardware_concurrency();
  return cores == 0 ? 1 : static_cast<int>(cores);
}

std::string CommonOptions::default_runtime() {
  return core::launched_by_mpirun() ? "mpi" : "threads";
}

void add_common_options(CLI::App& command, CommonOptions& options,
                        const CommandDefaults& defaults) {
  options.scheme = defaults.scheme;
  options.mode = defaults.mode;
  const std::string group = "Common options";
  auto add = [&](const std::string& name, auto& value, const std::string& meaning) {
    return command.add_option(name, value, meaning)->group(group);
  };
  add("-w,--workers", options.workers,
      "processors (default: hardware threads); under mpirun, worker threads in each rank "
      "(default 1)")
      ->capture_default_str();
  add("--scheme", options.scheme,
      "load-balancing scheme: " + core::join_names(scheme_names(defaults)))
      ->capture_default_str();
  add_choice_option(command, "--balance", options.balance, schemes::balance_registry(),
                    "how the scheme meets a simulated machine of nodes of several cores")
      ->group(group)
      ->capture_default_str();
  add_choice_option(command, "--split", options.split, core::split_strategy_registry(),
                    "stack splitting")
      ->group(group)
      ->capture_default_str();
  add("--cutoff", options.cutoff, "never give away nodes deeper than this (default: none)");
  add("--serial-depth", options.serial_depth,
      "nodes this deep are counted whole by the application where it can, for granularity "
      "(default: the application's choice; off in first and optimize mode)");
  add_choice_option(command, "--mode", options.mode, core::search_mode_registry(),
                    "what the search looks for")
      ->group(group)
      ->capture_default_str();
  add("--runtime", options.runtime,
      "where the workers run: " + core::join_names(core::runtime_registry().names()) +
          " (mpi is the default under mpirun)")
      ->capture_default_str();
  add("--topology", options.topology,
      "interconnection the scheme sees: " + core::join_names(core::topology_registry().names()) +
          " (default: complete; under --runtime sim the machine's network)");
  add("--machine", options.machine,
      "simulated machine for --runtime sim: " + core::join_names(core::machine_registry().names()) +
          ", or the path of a machine file of nodes x cores (see README.md)")
      ->capture_default_str();
  std::vector<std::string> parameters;
  for (const core::MachineParameterInfo& info : core::machine_parameters())
    parameters.emplace_back(info.name);
  add("--machine-param", options.machine_params,
      "override a machine parameter, key=value, repeatable (" + core::join_names(parameters) +
          "; see experiments/README.md)");
  add("--node-time", options.node_time,
      "simulated seconds per node expansion (the machine's t_node)");
  add("--seed", options.seed, "seed of every random decision")->capture_default_str();
  add("--quantum", options.quantum,
      "node expansions between mailbox checks (default: " + std::to_string(defaults.quantum) +
          "; under --runtime sim the machine's)");
  add("--baseline-nodes", options.baseline_nodes,
      "the node count of the same search on one worker: the summary and record then give the "
      "search overhead (nodes here / baseline)");
  add("--json", options.json, "append a run record (JSON Lines) to this file");
  command.add_flag("--quiet", options.quiet, "print only the result")->group(group);
}

core::RunConfig make_run_config(const CommonOptions& options, const CommandDefaults& defaults) {
  core::RunConfig config;
  config.workers = options.workers;
  config.runtime = core::parse_runtime(options.runtime);
  // Under mpirun --workers is a rank's: R ranks of T threads are R x T workers.
  if (const auto ranks = core::mpirun_rank_count();
      config.runtime == core::RuntimeKind::kMpi && ranks && options.workers >= 1) {
    if (options.workers > kMaxWorkersAcrossRanks / *ranks)
      throw std::invalid_argument("--workers " + std::to_string(options.workers) + " in each of " +
                                  std::to_string(*ranks) + " ranks is too many workers");
    config.workers = options.workers * *ranks;
  }
  config.search.mode = core::parse_search_mode(options.mode);
  config.search.split.strategy = core::parse_split_strategy(options.split);
  if (options.cutoff) config.search.split.cutoff_depth = *options.cutoff;
  if (options.serial_depth) config.search.split.serial_depth = *options.serial_depth;
  config.search.seed = options.seed;
  if (options.topology) {
    if (options.topology->empty())
      throw std::invalid_argument("--topology needs a name (known: " +
                                  core::join_names(core::topology_registry().names()) + ")");
    config.topology = core::parse_topology(*options.topology);
  }
  // The machine is checked whatever the runtime, so a bad --machine is never silent.
  config.machine = make_machine(options);
  config.search.quantum = options.quantum                             ? *options.quantum
                          : config.runtime == core::RuntimeKind::kSim ? config.machine.quantum
                                                                      : defaults.quantum;
  schemes::use_scheme(config, options.scheme, scheme_names(defaults), options.balance);
  config.validate();
  return config;
}

}  // namespace stacksplit::cli
