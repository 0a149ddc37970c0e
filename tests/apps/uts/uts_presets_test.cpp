#include "apps/uts/uts_presets.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace stacksplit::apps::uts {
namespace {

TEST(UtsPresets, TableHoldsTheSampleTrees) {
  std::string names;
  for (const UtsPreset& preset : uts_presets()) {
    names += std::string(preset.name) + " ";
    EXPECT_NO_THROW(preset.params()) << preset.name;
    EXPECT_GT(preset.expected.nodes, preset.expected.leaves) << preset.name;
  }
  EXPECT_EQ(names, "T1 T2 T3 T4 T5 T1L T2L T3L ");
}

TEST(UtsPresets, FindsByName) {
  const UtsPreset& t1 = find_uts_preset("T1");
  EXPECT_EQ(t1.expected, (UtsCounts{4130071, 10, 3305118}));
  const UtsParams params = t1.params();
  EXPECT_EQ(params.tree_type, TreeType::kGeometric);
  EXPECT_EQ(params.shape, GeoShape::kFixed);
  EXPECT_EQ(params.depth, 10);
  EXPECT_EQ(params.root_branching, 4.0);
  EXPECT_EQ(params.root_seed, 19);
  EXPECT_EQ(find_uts_preset("T3L").expected, (UtsCounts{111345631, 17844, 89076904}));
}

TEST(UtsPresets, UnknownNameListsTheKnownOnes) {
  try {
    find_uts_preset("T9");
    FAIL() << "no exception";
  } catch (const std::invalid_argument& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("'T9'"), std::string::npos) << message;
    EXPECT_NE(message.find("T1, T2, T3, T4, T5, T1L, T2L, T3L"), std::string::npos) << message;
  }
}

TEST(UtsPresets, MatchesParamsBackToTheirPreset) {
  for (const UtsPreset& preset : uts_presets()) {
    EXPECT_EQ(match_uts_preset(preset.params()), &preset) << preset.name;
  }
  EXPECT_EQ(match_uts_preset(UtsParams{}), nullptr);
}

TEST(UtsPresets, CountsPrintAsTheBenchmarkDoes) {
  EXPECT_EQ(uts_counts_text(find_uts_preset("T1").expected),
            "Tree size = 4130071, tree depth = 10, num leaves = 3305118");
}

}  // namespace
}  // namespace stacksplit::apps::uts
