#pragma once
// The run configurations the scheme suites share: every scheme by name, the
// topologies that allow a worker count, and a RunConfig for one case.

#include <string>
#include <vector>

#include "core/run_config.hpp"
#include "schemes/scheme_registry.hpp"

namespace stacksplit::testing {

inline std::vector<std::string> every_scheme() { return schemes::tree_scheme_names(); }

inline std::vector<std::string> every_topology() { return core::topology_registry().names(); }

inline bool topology_allows(const std::string& topology, int workers) {
  return topology != "hypercube" || (workers & (workers - 1)) == 0;
}

inline core::RunConfig scheme_setup(const std::string& scheme, int workers,
                                    const std::string& topology = "complete",
                                    core::SplitStrategy split = core::SplitStrategy::kHalf,
                                    std::uint64_t seed = 1, std::uint32_t quantum = 8) {
  core::RunConfig config;
  config.workers = workers;
  config.topology = core::parse_topology(topology);
  config.search.split.strategy = split;
  config.search.seed = seed;
  config.search.quantum = quantum;  // small quanta: many requests, transfers and turns
  config.scheme = scheme;
  config.make_scheme = [scheme] { return schemes::make_scheme(scheme); };
  return config;
}

// `config` on the runtime named `runtime`.
inline core::RunConfig on_runtime(core::RunConfig config, const std::string& runtime) {
  config.runtime = core::parse_runtime(runtime);
  return config;
}

// The runtimes a test runs inside its own process: every registered one but mpi.
inline std::vector<std::string> in_process_runtimes() {
  std::vector<std::string> names;
  for (const std::string& name : core::runtime_registry().names())
    if (name != "mpi") names.push_back(name);
  return names;
}

// Branch and bound with `scheme` on `runtime`; small quanta: many requests,
// splits and incumbent messages.
inline core::RunConfig optimize_setup(const std::string& runtime, const std::string& scheme,
                                      int workers) {
  core::RunConfig config = on_runtime(scheme_setup(scheme, workers), runtime);
  config.search.mode = core::SearchMode::kOptimize;
  config.search.quantum = 4;
  return config;
}

}  // namespace stacksplit::testing
