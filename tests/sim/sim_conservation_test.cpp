// Work is never lost or duplicated on the simulated machine: every scheme, up
// to 1024 processors, counts exactly what the sequential search counts.

#include <gtest/gtest.h>

#include <bit>
#include <string>
#include <tuple>

#include "apps/nqueens/nqueens.hpp"
#include "apps/uts/uts_presets.hpp"
#include "apps/uts/uts_tree.hpp"
#include "core/reference_search.hpp"
#include "core/run_search.hpp"
#include "core/sim/sim_runtime.hpp"
#include "schemes/scheme_registry.hpp"

namespace stacksplit::core {
namespace {

// `config` on the simulated machine.
inline RunConfig sim(RunConfig config) {
  config.runtime = RuntimeKind::kSim;
  return config;
}

// P = 7 is no hypercube: it runs on the workstation network.
RunConfig setup_for(const std::string& scheme, int workers, std::uint32_t quantum) {
  RunConfig setup;
  setup.workers = workers;
  setup.search.quantum = quantum;
  setup.machine =
      make_machine_model(std::has_single_bit(static_cast<unsigned>(workers)) ? "ncube2" : "now");
  setup.make_scheme = [scheme] { return schemes::make_scheme(scheme); };
  return setup;
}

template <class Result>
void expect_counts(const Result& result, const ReferenceCounts& expected, int workers) {
  EXPECT_EQ(result.total.nodes, expected.nodes);
  EXPECT_EQ(result.total.leaves, expected.leaves);
  EXPECT_EQ(result.total.solutions, expected.solutions);
  EXPECT_EQ(result.total.max_depth, expected.max_depth);
  EXPECT_EQ(result.per_worker.size(), static_cast<std::size_t>(workers));
  EXPECT_EQ(result.total.work_sent, result.total.work_received) << "a work unit got lost";
  EXPECT_GT(result.seconds, 0);
  EXPECT_LE(*result.sequential_seconds / result.seconds, workers * (1 + 1e-9))
      << "no superlinear speedup in an exhaustive search";
}

using Case = std::tuple<std::string /*scheme*/, int /*workers*/>;

class SimConservation : public ::testing::TestWithParam<Case> {};

TEST_P(SimConservation, NQueens) {
  const auto& [scheme, workers] = GetParam();
  using apps::nqueens::NQueens;
  NQueens sequential(10);
  const ReferenceCounts expected = reference_count(sequential);
  ASSERT_EQ(expected.solutions, 724u);
  const auto result =
      run_search<NQueens>(sim(setup_for(scheme, workers, 4)), [] { return NQueens(10); });
  expect_counts(result, expected, workers);
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  std::string scheme = std::get<0>(info.param);
  for (char& c : scheme)
    if (c == '-') c = '_';
  return scheme + "_P" + std::to_string(std::get<1>(info.param));
}

INSTANTIATE_TEST_SUITE_P(EveryScheme, SimConservation,
                         ::testing::Combine(::testing::ValuesIn(schemes::tree_scheme_names()),
                                            ::testing::Values(1, 2, 7, 64, 1024)),
                         case_name);

// UTS T1 (4.1 M nodes) under RP on 1024 simulated hypercube processors: the
// throughput case of the simulator, checked against the published counts.
TEST(SimConservationUts, T1On1024HypercubeProcessors) {
  const apps::uts::UtsPreset& t1 = apps::uts::find_uts_preset("T1");
  const apps::uts::UtsParams params = t1.params();
  const auto result = run_search<apps::uts::UtsTree>(sim(setup_for("rp", 1024, 1)),
                                                     [&] { return apps::uts::UtsTree(params); });
  EXPECT_EQ(result.total.nodes, t1.expected.nodes);
  EXPECT_EQ(result.total.leaves, t1.expected.leaves);
  EXPECT_EQ(result.total.max_depth, t1.expected.max_depth);
  EXPECT_EQ(result.total.work_sent, result.total.work_received);
}

// The largest machine the simulator is meant for: 4096 hypercube processors
// on a tree of 35 k nodes, for the schemes whose traffic stays bounded: a
// global counter at processor 0, a scheduler, the sender-initiated ones. (RP
// and NN are checked up to 1024: at 4096 their idle processors exchange about
// 2·P² requests and rejects while the termination token travels the ring, a
// minute of simulation.)
class SimConservation4096 : public ::testing::TestWithParam<std::string> {};

TEST_P(SimConservation4096, NQueens) {
  using apps::nqueens::NQueens;
  NQueens sequential(10);
  const ReferenceCounts expected = reference_count(sequential);
  const auto result =
      run_search<NQueens>(sim(setup_for(GetParam(), 4096, 4)), [] { return NQueens(10); });
  expect_counts(result, expected, 4096);
}

INSTANTIATE_TEST_SUITE_P(LargestMachine, SimConservation4096,
                         ::testing::Values("grr", "sb", "sl", "ml", "random"),
                         [](const auto& info) {
                           std::string name = info.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

}  // namespace
}  // namespace stacksplit::core
