#pragma once
// The run set-ups the scheme suites share: every scheme by name, the
// topologies that allow a worker count, and a RunSetup for one case.

#include <string>
#include <vector>

#include "core/run_result.hpp"
#include "schemes/scheme_registry.hpp"

namespace stacksplit::testing {

inline std::vector<std::string> every_scheme() { return schemes::scheme_names(); }

inline bool topology_allows(const std::string& topology, int workers) {
  return topology != "hypercube" || (workers & (workers - 1)) == 0;
}

inline core::RunSetup scheme_setup(const std::string& scheme, int workers,
                                   const std::string& topology = "complete",
                                   core::SplitStrategy split = core::SplitStrategy::kHalf,
                                   std::uint64_t seed = 1, std::uint32_t quantum = 8) {
  core::RunSetup setup;
  setup.workers = workers;
  setup.topology = topology;
  setup.options.split.strategy = split;
  setup.options.seed = seed;
  setup.options.quantum = quantum;  // small quanta: many requests, transfers and turns
  setup.make_scheme = [scheme] { return schemes::make_scheme(scheme); };
  return setup;
}

}  // namespace stacksplit::testing
