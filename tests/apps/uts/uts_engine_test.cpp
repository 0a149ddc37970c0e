// The published UTS trees through the parallel engine: every worker count,
// runtime, scheme and split counts the exact published size, depth and leaves.

#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "apps/uts/uts_presets.hpp"
#include "apps/uts/uts_tree.hpp"
#include "core/run_search.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/schemes/scheme_cases.hpp"

namespace stacksplit::apps::uts {
namespace {

using Case = std::tuple<std::string /*tree*/, std::string /*runtime*/, std::string /*scheme*/,
                        int /*workers*/, core::SplitStrategy>;

class UtsOnTheEngine : public ::testing::TestWithParam<Case> {};

TEST_P(UtsOnTheEngine, CountsThePublishedTree) {
  const auto& [tree, runtime, scheme, workers, split] = GetParam();
  const UtsPreset& preset = find_uts_preset(tree);
  const UtsParams params = preset.params();
  core::RunConfig setup;
  setup.workers = workers;
  setup.search.split.strategy = split;
  setup.search.seed = static_cast<std::uint64_t>(workers) * 7 + 1;
  const std::string name = scheme;
  setup.make_scheme = [name] { return schemes::make_scheme(name); };
  const auto result = core::run_search<UtsTree>(testing::on_runtime(setup, runtime),
                                                [&] { return UtsTree(params); });
  EXPECT_EQ(result.total.nodes, preset.expected.nodes);
  EXPECT_EQ(result.total.max_depth, preset.expected.max_depth);
  EXPECT_EQ(result.total.leaves, preset.expected.leaves);
  if (workers > 1) {
    EXPECT_GT(result.total.work_sent, 0u) << "with several workers, work must move";
  }
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  const auto& [tree, runtime, scheme, workers, split] = info.param;
  return tree + "_" + runtime + "_" + scheme + "_P" + std::to_string(workers) + "_" +
         std::string(core::to_string(split));
}

// T1 (geometric, shallow) and T3 (binomial, 1572 deep) are the two shapes the
// engine finds hardest; T5 and T2 add depth and shape variety on one setting.
INSTANTIATE_TEST_SUITE_P(
    T1T3, UtsOnTheEngine,
    ::testing::Combine(::testing::Values("T1", "T3"), ::testing::Values("threads", "step"),
                       ::testing::Values("rp", "arr"), ::testing::Values(2, 3),
                       ::testing::Values(core::SplitStrategy::kHalf, core::SplitStrategy::kBottom)),
    case_name);
INSTANTIATE_TEST_SUITE_P(Others, UtsOnTheEngine,
                         ::testing::Combine(::testing::Values("T2", "T4", "T5"),
                                            ::testing::Values("threads"), ::testing::Values("rp"),
                                            ::testing::Values(2),
                                            ::testing::Values(core::SplitStrategy::kHalf)),
                         case_name);

}  // namespace
}  // namespace stacksplit::apps::uts
