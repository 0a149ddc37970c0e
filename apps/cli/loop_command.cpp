#include "apps/cli/loop_command.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "apps/cli/netchar/characterize_network.hpp"
#include "apps/cli/number_check.hpp"
#include "schemes/loop/cost_model/network_fit.hpp"
#include "schemes/loop/cost_model/network_model_file.hpp"
#include "schemes/scheme_registry.hpp"

namespace stacksplit::cli {

namespace {

// Loops take the common options that mean something for a loop.
constexpr const char* kTreeOnly[] = {"--split", "--cutoff", "--serial-depth", "--mode",
                                     "--balance"};

// The loop schemes that ask the cost model (the registry says which).
std::string model_scheme_names() {
  std::vector<std::string> names;
  for (const auto& entry : schemes::scheme_registry().entries())
    if (entry.payload.needs_loop_model) names.push_back(entry.name);
  return core::join_names(names);
}

}  // namespace

void add_loop_options(CLI::App& command, LoopOptions& options) {
  const std::string group = "Loop options";
  const auto add = [&](const std::string& name, auto& target, const std::string& help) {
    return command.add_option(name, target, help)->group(group);
  };
  add("--speeds", options.speeds,
      "normalized processor speeds S_i, one per processor, e.g. 1,1,0.5");
  add("--load", options.load,
      "external load: ml=MAX,tl=SECONDS; processor i's load is redrawn from 0..ml every tl "
      "seconds (virtual seconds on sim) and divides its speed by load+1 (default: none)");
  add("--steps", options.steps, "the loop program repeated (outer time steps)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  command
      .add_flag("--bitonic", options.bitonic,
                "pair iteration i with N-1-i: a triangular loop becomes a uniform one of N/2")
      ->group(group);
  command
      .add_flag("--predict", options.predict,
                "print every scheme's predicted time (the cost model), and do not run")
      ->group(group);
  add("--network", options.network,
      "the network model for --predict and --scheme " + model_scheme_names() +
          ", from `stacksplit netchar --out` (default: measured now)");
  add("--chunk", options.scheme.chunk,
      "chunk size: ss, shared-iterator, static-cyclic (default 1); profiled's chunk_size (0: "
      "re-partition in blocks)");
  add("--group", options.scheme.group,
      "lcdlb, lddlb: processors per group, K (default: P/2, two groups)")
      ->check(CLI::Range(1, 1 << 20));
  add("--eval-size", options.scheme.eval_size, "profiled: iterations measured")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{1}, ~std::uint64_t{0}));
  add("--eval-skip", options.scheme.eval_skip, "profiled: iterations done before measuring")
      ->capture_default_str();
  add("--threshold", options.scheme.threshold, "least predicted improvement for which work moves")
      ->capture_default_str()
      ->check(finite_range(0, 1));
  add("--dampening", options.scheme.dampening, "profiled: share of the way toward a new partition")
      ->capture_default_str()
      ->check(finite_range(0, 1));
}

LoopSetup make_loop_setup(const LoopOptions& options, const core::RunConfig& config) {
  LoopSetup setup{core::LoopConfig{}, options};
  core::LoopConfig& loop = setup.loop;
  if (!options.speeds.empty()) loop.load.speeds = core::parse_speeds(options.speeds);
  if (!options.load.empty()) core::parse_load(options.load, loop.load);
  loop.load.seed = config.search.seed;
  (void)core::LoadModel(loop.load, config.workers);  // every check, before anything runs
  loop.steps = options.steps;
  loop.bitonic = options.bitonic;
  if (!options.network.empty())  // a bad file fails now, with its one line
    (void)network_for(options, config);
  return setup;
}

schemes::loop::cost_model::NetworkModel network_for(const LoopOptions& options,
                                                    const core::RunConfig& config) {
  if (!options.network.empty()) {
    const std::string machine =
        config.runtime == core::RuntimeKind::kSim ? config.machine.name : "none";
    return schemes::loop::cost_model::load_network_model(
        options.network, {std::string(core::to_string(config.runtime)), machine});
  }
  if (config.workers < 2) return schemes::serial_network(1e-6, 1e9);  // nothing to exchange
  cli::NetcharOptions netchar;
  const schemes::loop::cost_model::FitOptions fit = cli::netchar_fit_options(config.workers);
  // One round of probes is enough on a quiet machine (0.05 s with 2
  // threads); on a loaded one a single sample can make the larger message
  // the faster, and no bandwidth can be fitted (one run in three at load 10
  // on threads): then the median of more rounds.
  for (const int rounds : {1, 3}) {
    netchar.repeats = rounds;
    try {
      return schemes::loop::cost_model::fit_network(cli::characterize_network(config, netchar),
                                                    fit);
    } catch (const std::invalid_argument&) {
      // noise, or no bandwidth to fit: again with more rounds
    }
  }
  netchar.repeats = 9;
  return schemes::loop::cost_model::fit_network(cli::characterize_network(config, netchar), fit);
}

CLI::App& loop_command(CLI::App& app) {
  for (CLI::App* existing : app.get_subcommands({}))
    if (existing->get_name() == "loop") return *existing;
  CLI::App* loop = app.add_subcommand(
      "loop", "run a parallel loop, balanced by a loop scheme (stacksplit loop APP --help)");
  loop->require_subcommand(1);
  return *loop;
}

LoopCommand::LoopCommand(CLI::App& parent, const AppEntry& app)
    : command_(parent.add_subcommand(app.name, app.summary)) {
  defaults_.quantum = 1;
  defaults_.scheme_families = {"loop"};
  defaults_.scheme = "gss";
  add_common_options(*command_, common_, defaults_);
  for (const char* name : kTreeOnly) command_->remove_option(command_->get_option(name));
  add_loop_options(*command_, loop_);
}

LoopCommand& add_loop_command(CLI::App& parent, const AppEntry& app) {
  auto command = std::make_shared<LoopCommand>(parent, app);
  LoopCommand& reference = *command;
  command->cli().callback([command] {
    CommandRun run(command->cli().get_name(), command->common_, command->defaults_);
    const LoopSetup setup = make_loop_setup(command->loop_, run.config());
    if (command->body_) command->body_(run, setup);
  });
  return reference;
}

}  // namespace stacksplit::cli
