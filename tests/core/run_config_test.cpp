// What an application may ask of the runtime instead of naming it
// (docs/design.md, Rules): each predicate, for every runtime of the registry.

#include "core/run_config.hpp"

#include <gtest/gtest.h>

#include <iterator>

namespace stacksplit::core {
namespace {

TEST(RuntimePredicates, SayWhatEachRuntimeIs) {
  struct Expected {
    const char* name;
    bool real_time;
    bool processes;
    bool machine_model;
  };
  const Expected table[] = {{"threads", true, false, false},
                            {"step", false, false, false},
                            {"sim", false, false, true},
                            {"mpi", true, true, false}};
  ASSERT_EQ(runtime_registry().entries().size(), std::size(table));
  for (const Expected& expected : table) {
    SCOPED_TRACE(expected.name);
    const RuntimeKind kind = parse_runtime(expected.name);
    EXPECT_EQ(runs_in_real_time(kind), expected.real_time);
    EXPECT_EQ(spans_processes(kind), expected.processes);
    EXPECT_EQ(runs_on_machine_model(kind), expected.machine_model);
  }
}

TEST(RuntimePredicates, TheSimulatorsSchemesSeeTheMachinesNetwork) {
  RunConfig config;
  config.machine.topology = TopologyKind::kHypercube;
  config.runtime = RuntimeKind::kSim;
  EXPECT_EQ(config.scheme_topology(), TopologyKind::kHypercube);
  config.runtime = RuntimeKind::kThreads;
  EXPECT_EQ(config.scheme_topology(), TopologyKind::kComplete);
}

}  // namespace
}  // namespace stacksplit::core
