#include "apps/cli/search_command.hpp"

#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <thread>

#include "core/topology.hpp"

namespace stacksplit::cli {

namespace {
int exit_status_value = 0;

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}
}  // namespace

void set_exit_status(int status) { exit_status_value = status; }
int exit_status() { return exit_status_value; }

int CommonOptions::default_workers() {
  if (const auto ranks = core::mpirun_rank_count()) return *ranks;
  const unsigned cores = std::thread::hardware_concurrency();
  return cores == 0 ? 1 : static_cast<int>(cores);
}

std::string CommonOptions::default_runtime() {
  return core::launched_by_mpirun() ? "mpi" : "threads";
}

void add_common_options(CLI::App& command, CommonOptions& options) {
  command
      .add_option("-w,--workers", options.workers,
                  "workers (default: hardware threads; under mpirun: the ranks)")
      ->capture_default_str();
  command
      .add_option("--scheme", options.scheme,
                  "load-balancing scheme: " + joined(schemes::scheme_names()))
      ->capture_default_str();
  command.add_option("--split", options.split, "stack splitting: half or bottom")
      ->capture_default_str();
  command.add_option("--cutoff", options.cutoff, "never give away nodes deeper than this");
  command.add_option("--serial-depth", options.serial_depth,
                     "nodes this deep are counted whole by the application where it can "
                     "(granularity; default: the application's choice, off in first mode)");
  command.add_option("--mode", options.mode, "count (exhaustive) or first (stop at a solution)")
      ->capture_default_str();
  command
      .add_option("--runtime", options.runtime,
                  "threads, step, sim (simulated machine) or mpi (one worker per rank, the "
                  "default under mpirun)")
      ->capture_default_str();
  command
      .add_option("--topology", options.topology,
                  "interconnection the scheme sees: " + joined(core::topology_names()) +
                      " (default: complete; under --runtime sim the machine's network)")
      ->check([](const std::string& name) {
        return name.empty() ? "needs a name (known: " + joined(core::topology_names()) + ")"
                            : std::string();
      });
  command
      .add_option("--machine", options.machine,
                  "simulated machine for --runtime sim: " + joined(core::machine_names()))
      ->capture_default_str();
  command.add_option("--machine-param", options.machine_params,
                     "override a machine parameter, key=value, repeatable (t_node, t_unit, t_s, "
                     "t_h, t_w, t_recv, header_bytes; see experiments/README.md)");
  command.add_option("--node-time", options.node_time,
                     "simulated seconds per node expansion (the machine's t_node)");
  command.add_option("--seed", options.seed, "seed of every random decision")
      ->capture_default_str();
  command.add_option("--quantum", options.quantum, "node expansions between mailbox checks")
      ->capture_default_str();
  command.add_option("--json", options.json, "append a run record (JSON Lines) to this file");
  command.add_flag("-q,--quiet", options.quiet, "print only the result");
}

core::RunSetup make_run_setup(const CommonOptions& options) {
  constexpr int kMaxWorkers = 1 << 16;
  if (options.workers <= 0 || options.workers > kMaxWorkers)
    throw std::invalid_argument("--workers must be between 1 and " + std::to_string(kMaxWorkers) +
                                " (got " + std::to_string(options.workers) + ")");
  if (options.runtime == "threads" && options.workers > 4096)
    throw std::invalid_argument("--workers " + std::to_string(options.workers) +
                                " is too many OS threads; use --runtime step for large P");
  if (options.runtime == "mpi") core::check_mpi_setup(options.workers);
  if (const auto ranks = core::mpirun_rank_count(); options.runtime != "mpi" && ranks && *ranks > 1)
    throw std::invalid_argument("--runtime " + options.runtime + " under mpirun with " +
                                std::to_string(*ranks) + " ranks would run " +
                                std::to_string(*ranks) +
                                " separate searches; use --runtime mpi (the default there)");
  if (options.cutoff < -1 || options.cutoff > 1'000'000'000)
    throw std::invalid_argument("--cutoff must be a depth of 0 or more (got " +
                                std::to_string(options.cutoff) + ")");
  if (options.quantum == 0) throw std::invalid_argument("--quantum must be at least 1");

  core::RunSetup setup;
  setup.workers = options.workers;
  setup.options.mode = core::parse_search_mode(options.mode);
  setup.options.split.strategy = core::parse_split_strategy(options.split);
  if (options.cutoff >= 0)
    setup.options.split.cutoff_depth = static_cast<std::uint32_t>(options.cutoff);
  if (options.serial_depth < -1 || options.serial_depth > 1'000'000'000)
    throw std::invalid_argument("--serial-depth must be a depth of 0 or more (got " +
                                std::to_string(options.serial_depth) + ")");
  if (options.serial_depth >= 0)
    setup.options.split.serial_depth = static_cast<std::uint32_t>(options.serial_depth);
  setup.options.seed = options.seed;
  setup.options.quantum = options.quantum;
  setup.show_progress = !options.quiet && isatty(STDERR_FILENO) != 0;
  setup.topology = resolved_topology(options);
  setup.machine = make_machine(options);
  // Fail on a bad name or size now, with the option's name, not inside a worker.
  if (options.runtime != "sim" || !options.topology.empty())
    (void)core::make_topology(setup.topology, options.workers);
  if (options.runtime == "sim" && setup.machine.network == core::Network::kCutThrough) {
    try {
      (void)core::make_topology(setup.machine.topology, options.workers);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("--machine " + options.machine + " is a " +
                                  setup.machine.topology + ": " + e.what());
    }
  }
  (void)schemes::make_scheme(options.scheme);
  const std::string scheme = options.scheme;
  setup.make_scheme = [scheme] { return schemes::make_scheme(scheme); };
  return setup;
}

core::MachineModel make_machine(const CommonOptions& options) {
  if (options.node_time < 0 && options.node_time != -1)
    throw std::invalid_argument("--node-time must be a number of seconds >= 0");
  std::vector<std::string> overrides = options.machine_params;
  if (options.node_time >= 0) {
    char text[64];
    std::snprintf(text, sizeof text, "t_node=%.17g", options.node_time);
    overrides.emplace_back(text);
  }
  return core::make_machine_model(options.machine, overrides);
}

std::string resolved_topology(const CommonOptions& options) {
  if (!options.topology.empty()) return options.topology;
  if (options.runtime == "sim") return make_machine(options).topology;
  return "complete";
}

core::RunDescription describe_run(const CommonOptions& options, std::string app,
                                  std::string instance) {
  core::RunDescription description;
  description.app = std::move(app);
  description.instance = std::move(instance);
  description.scheme = options.scheme;
  description.runtime = options.runtime;
  description.topology = resolved_topology(options);
  if (options.runtime == "sim") {
    const core::MachineModel machine = make_machine(options);
    description.machine = machine.name;
    description.machine_params = machine.parameters();
  }
  description.workers = options.workers;
  description.options = make_run_setup(options).options;
  return description;
}

}  // namespace stacksplit::cli
