#pragma once
// The options every run command shares, as the command line gives them, and
// the one place they become a run configuration: parsed into enums and
// checked once, before the command prints anything.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/run_config.hpp"

namespace stacksplit::cli {

// What differs between commands: the scheme family they balance with and
// their own default quantum.
struct CommandDefaults {
  std::uint32_t quantum = 256;  // node expansions between mailbox checks
  // Where --scheme names are looked up: the tree search's families by default.
  std::vector<std::string> scheme_families = {"receiver", "sender"};
  std::string scheme = "rp";
  // --mode when not given: optimize for a branch-and-bound application.
  std::string mode = "count";
};

struct CommonOptions {
  int workers = default_workers();
  std::string scheme;
  std::string balance = "flat";  // schemes/balance_policy.hpp
  std::string split = "half";
  std::optional<std::uint32_t> cutoff;        // none: any depth may be given away
  std::optional<std::uint32_t> serial_depth;  // none: the application's choice
  std::string mode = "count";
  std::string runtime = default_runtime();
  std::optional<std::string> topology;  // none: complete, or the machine's network on sim
  std::string machine{core::kDefaultMachine};
  std::vector<std::string> machine_params;  // key=value overrides
  std::optional<double> node_time;          // the machine's t_node
  std::uint64_t seed = 1;
  std::optional<std::uint32_t> quantum;  // none: the command's, or the machine's on sim
  // The 1-worker node count, for the search overhead.
  std::optional<std::uint64_t> baseline_nodes;
  std::string json;
  bool quiet = false;

  // Under mpirun: the mpi runtime, one worker per rank.
  static int default_workers();
  static std::string default_runtime();
};

void add_common_options(CLI::App& command, CommonOptions& options, const CommandDefaults& defaults);

// Turns the options into a run configuration and validates it; throws
// std::invalid_argument with a one-line message naming what is wrong.
core::RunConfig make_run_config(const CommonOptions& options, const CommandDefaults& defaults);

}  // namespace stacksplit::cli
