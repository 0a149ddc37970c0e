#pragma once
// What every search command shares: the common options (one table, below),
// running on the chosen runtime, the summary and the run record. An
// application's command adds its own arguments and calls run_and_report.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "apps/cli/run_summary.hpp"
#include "core/run_record.hpp"
#include "core/runtime/run_search.hpp"
#include "schemes/scheme_registry.hpp"

namespace stacksplit::cli {

struct CommonOptions {
  int workers = default_workers();
  std::string scheme = "rp";
  std::string split = "half";
  std::int64_t cutoff = -1;        // none
  std::int64_t serial_depth = -1;  // the application's own choice
  std::string mode = "count";
  std::string runtime = default_runtime();
  std::string topology;  // empty: complete, or the machine's network under --runtime sim
  std::string machine{core::kDefaultMachine};
  std::vector<std::string> machine_params;  // key=value overrides
  double node_time = -1;                    // --node-time; negative: the machine's t_node
  std::uint64_t seed = 1;
  std::uint32_t quantum = 256;
  std::string json;
  bool quiet = false;

  // Under mpirun: the mpi runtime, one worker per rank.
  static int default_workers();
  static std::string default_runtime();
};

void add_common_options(CLI::App& command, CommonOptions& options);

// Checks the options and turns them into a run set-up; throws
// std::invalid_argument with a one-line message naming what is wrong.
core::RunSetup make_run_setup(const CommonOptions& options);

// The machine model the options select (also outside --runtime sim, so that
// a bad --machine is reported whatever the runtime).
core::MachineModel make_machine(const CommonOptions& options);

// The topology the schemes see: --topology, else the simulated machine's
// network under --runtime sim, else complete.
std::string resolved_topology(const CommonOptions& options);

core::RunDescription describe_run(const CommonOptions& options, std::string app,
                                  std::string instance);

// An application with nothing of its own to record.
struct NoAppDetails {
  template <class Result>
  nlohmann::json operator()(const Result&) const {
    return nlohmann::json::object();
  }
};

// Runs the search, prints the summary unless --quiet, appends the run record
// if --json was given, and returns the result for the application to print.
// `app_details(result)` gives the record's "app_details" object: called after
// the search, so that it can hold the application's answer and counters.
template <core::SearchSpace S, class MakeSpace, class AppDetails = NoAppDetails>
auto run_and_report(const CommonOptions& options, const std::string& app,
                    const std::string& instance, MakeSpace&& make_space,
                    AppDetails&& app_details = {}) {
  const core::RunSetup setup = make_run_setup(options);
  auto result = core::run_search<S>(options.runtime, setup, make_space);
  core::RunDescription description = describe_run(options, app, instance);
  if (result.reporting) description.app_details = app_details(result);
  core::RunMeasurement measurement{
      &result.per_worker,        result.total,        result.seconds,   result.time_kind,
      result.sequential_seconds, result.wall_seconds, result.sim_events};
  if (result.reporting) {
    if (!options.quiet) print_run_summary(std::cout, description, measurement);
    if (!options.json.empty())
      core::append_run_record(options.json, core::make_run_record(description, measurement));
  }
  return result;
}

// The process exit status a command asks for (SAT: 10 or 20); 0 by default.
void set_exit_status(int status);
int exit_status();

}  // namespace stacksplit::cli
