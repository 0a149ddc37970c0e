// Conservation on the UTS sample trees T1 (geometric, depth 10) and T3
// (binomial, depth 1572), whose sizes the benchmark publishes: every scheme on
// a representative part of the matrix (both runtimes, a small and a large P,
// each topology, both splitting strategies) counts exactly the published tree.

#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "apps/uts/uts_presets.hpp"
#include "apps/uts/uts_tree.hpp"
#include "core/runtime/run_search.hpp"
#include "tests/schemes/scheme_cases.hpp"

namespace stacksplit::core {
namespace {

using apps::uts::UtsTree;

using Case = std::tuple<std::string /*tree*/, std::string /*scheme*/, std::string /*runtime*/,
                        int /*workers*/, std::string /*topology*/, SplitStrategy>;

class UtsConservation : public ::testing::TestWithParam<Case> {};

TEST_P(UtsConservation, CountsThePublishedTree) {
  const auto& [tree, scheme, runtime, workers, topology, split] = GetParam();
  const apps::uts::UtsPreset& preset = apps::uts::find_uts_preset(tree);
  const apps::uts::UtsParams params = preset.params();
  const RunSetup setup = stacksplit::testing::scheme_setup(scheme, workers, topology, split,
                                                           /*seed=*/7, /*quantum=*/256);
  const auto result = run_search<UtsTree>(runtime, setup, [&] { return UtsTree(params); });
  EXPECT_EQ(result.total.nodes, preset.expected.nodes);
  EXPECT_EQ(result.total.max_depth, preset.expected.max_depth);
  EXPECT_EQ(result.total.leaves, preset.expected.leaves);
  EXPECT_EQ(result.total.work_sent, result.total.work_received);
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  const auto& [tree, scheme, runtime, workers, topology, split] = info.param;
  std::string name = tree + "_" + scheme + "_" + runtime + "_P" + std::to_string(workers) + "_" +
                     topology + "_" + std::string(to_string(split));
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
}

const auto kSchemes = ::testing::ValuesIn(stacksplit::testing::every_scheme());

// Threads: 4 workers on a ring with half splitting.
INSTANTIATE_TEST_SUITE_P(Threads, UtsConservation,
                         ::testing::Combine(::testing::Values("T1", "T3"), kSchemes,
                                            ::testing::Values("threads"), ::testing::Values(4),
                                            ::testing::Values("ring"),
                                            ::testing::Values(SplitStrategy::kHalf)),
                         case_name);
// Step: 16 workers on a hypercube with bottom splitting, and on a mesh with half.
INSTANTIATE_TEST_SUITE_P(Step, UtsConservation,
                         ::testing::Combine(::testing::Values("T1"), kSchemes,
                                            ::testing::Values("step"), ::testing::Values(16),
                                            ::testing::Values("hypercube"),
                                            ::testing::Values(SplitStrategy::kBottom)),
                         case_name);
INSTANTIATE_TEST_SUITE_P(StepDeep, UtsConservation,
                         ::testing::Combine(::testing::Values("T3"), kSchemes,
                                            ::testing::Values("step"), ::testing::Values(16),
                                            ::testing::Values("mesh"),
                                            ::testing::Values(SplitStrategy::kHalf)),
                         case_name);

}  // namespace
}  // namespace stacksplit::core
