#include "apps/uts/uts_sequential.hpp"

#include <gtest/gtest.h>

#include "apps/uts/uts_presets.hpp"

namespace stacksplit::apps::uts {
namespace {

class UtsSequentialPreset : public ::testing::TestWithParam<const char*> {};

TEST_P(UtsSequentialPreset, CountsThePublishedTree) {
  const UtsPreset& preset = find_uts_preset(GetParam());
  EXPECT_EQ(uts_sequential_count(preset.params()), preset.expected);
}

INSTANTIATE_TEST_SUITE_P(Published, UtsSequentialPreset,
                         ::testing::Values("T1", "T2", "T3", "T4", "T5"));

// About 100 M nodes each, too long for every build; run them with
// uts_test --gtest_also_run_disabled_tests --gtest_filter='DISABLED_Large*'
INSTANTIATE_TEST_SUITE_P(DISABLED_Large, UtsSequentialPreset,
                         ::testing::Values("T1L", "T2L", "T3L"));

TEST(UtsSequential, RejectsParamsOutOfRange) {
  UtsParams params;
  params.granularity = 0;
  EXPECT_THROW(uts_sequential_count(params), std::invalid_argument);
}

}  // namespace
}  // namespace stacksplit::apps::uts
