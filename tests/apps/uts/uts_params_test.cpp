#include "apps/uts/uts_params.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace stacksplit::apps::uts {
namespace {

// The message of the std::invalid_argument that parsing `flags` throws, or "" if none.
std::string parse_error(std::string_view flags) {
  try {
    parse_uts_flags(flags);
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  return "";
}

TEST(UtsParams, DefaultsAreTheBenchmarks) {
  const UtsParams params = parse_uts_flags(std::string_view(""));
  EXPECT_EQ(params.tree_type, TreeType::kGeometric);
  EXPECT_EQ(params.shape, GeoShape::kLinear);
  EXPECT_EQ(params.depth, 6);
  EXPECT_EQ(params.root_branching, 4.0);
  EXPECT_EQ(params.root_seed, 0);
  EXPECT_EQ(params.non_leaf_prob, 15.0 / 64.0);
  EXPECT_EQ(params.non_leaf_branching, 4);
  EXPECT_EQ(params.shift_depth, 0.5);
  EXPECT_EQ(params.granularity, 1);
  EXPECT_EQ(params, UtsParams{});
}

TEST(UtsParams, ParsesEveryFlag) {
  const UtsParams params = parse_uts_flags(
      std::string_view("-t 2 -a 1 -d 16 -b 6.5 -r 1 -q 0.234375 -m 4 -f 0.25 -g 3"));
  EXPECT_EQ(params.tree_type, TreeType::kHybrid);
  EXPECT_EQ(params.shape, GeoShape::kExpDec);
  EXPECT_EQ(params.depth, 16);
  EXPECT_EQ(params.root_branching, 6.5);
  EXPECT_EQ(params.root_seed, 1);
  EXPECT_EQ(params.non_leaf_prob, 0.234375);
  EXPECT_EQ(params.non_leaf_branching, 4);
  EXPECT_EQ(params.shift_depth, 0.25);
  EXPECT_EQ(params.granularity, 3);
}

TEST(UtsParams, TokensAndTextAgree) {
  const std::vector<std::string> tokens = {"-t", "0", "-b", "2000", "-q", "0.124875", "-m", "8"};
  EXPECT_EQ(parse_uts_flags(tokens),
            parse_uts_flags(std::string_view("  -t 0\t-b 2000 -q 0.124875 -m 8 ")));
}

TEST(UtsParams, LaterFlagsOverrideAndApplyKeepsTheRest) {
  UtsParams params = parse_uts_flags(std::string_view("-t 1 -r 19 -r 20"));
  EXPECT_EQ(params.root_seed, 20);
  const std::vector<std::string> more = {"-d", "9"};
  apply_uts_flags(params, more);
  EXPECT_EQ(params.depth, 9);
  EXPECT_EQ(params.root_seed, 20);
}

TEST(UtsParams, FlagsTextReadsBackExactly) {
  UtsParams params = parse_uts_flags(std::string_view("-t 0 -b 2000 -q 0.200014 -m 5 -r 7"));
  params.shift_depth = 1.0 / 3.0;  // no short decimal
  EXPECT_EQ(parse_uts_flags(uts_params_flags(params)), params);
  EXPECT_EQ(uts_params_flags(UtsParams{}), "-t 1 -a 0 -d 6 -b 4 -r 0 -q 0.234375 -m 4 -f 0.5 -g 1");
}

TEST(UtsParams, RejectsBadValuesNamingTheFlag) {
  EXPECT_NE(parse_error("-t 3").find("-t 3"), std::string::npos);
  EXPECT_NE(parse_error("-t 256").find("-t 256"), std::string::npos);
  EXPECT_NE(parse_error("-t geo").find("-t geo"), std::string::npos);
  EXPECT_NE(parse_error("-a 4").find("-a 4"), std::string::npos);
  EXPECT_NE(parse_error("-q 1.5").find("-q 1.5: must be in [0, 1]"), std::string::npos);
  EXPECT_NE(parse_error("-q -0.1").find("-q -0.1"), std::string::npos);
  EXPECT_NE(parse_error("-q nan").find("-q nan"), std::string::npos);
  EXPECT_NE(parse_error("-b -1").find("-b -1"), std::string::npos);
  EXPECT_NE(parse_error("-b inf").find("-b inf"), std::string::npos);
  EXPECT_NE(parse_error("-d 0").find("-d 0"), std::string::npos);
  EXPECT_NE(parse_error("-d 10x").find("-d 10x: expected an integer"), std::string::npos);
  EXPECT_NE(parse_error("-r -5").find("-r -5"), std::string::npos);
  EXPECT_NE(parse_error("-r 2147483648").find("-r 2147483648"), std::string::npos);
  EXPECT_NE(parse_error("-m -1").find("-m -1"), std::string::npos);
  EXPECT_NE(parse_error("-f 2").find("-f 2"), std::string::npos);
  EXPECT_NE(parse_error("-g 0").find("-g 0"), std::string::npos);
  EXPECT_NE(parse_error("-b 4.5.1").find("-b 4.5.1"), std::string::npos);
}

TEST(UtsParams, RejectsUnknownFlagsAndMissingValues) {
  EXPECT_NE(parse_error("-x 1").find("unknown UTS flag '-x'"), std::string::npos);
  EXPECT_NE(parse_error("--tree T1").find("unknown UTS flag '--tree'"), std::string::npos);
  EXPECT_NE(parse_error("19").find("unknown UTS flag '19'"), std::string::npos);
  EXPECT_NE(parse_error("-t 1 -r").find("-r is missing its value"), std::string::npos);
}

TEST(UtsParams, ValidatesParamsBuiltInCode) {
  EXPECT_NO_THROW(validate_uts_params(UtsParams{}));
  UtsParams params;
  params.non_leaf_prob = 2.0;
  EXPECT_THROW(validate_uts_params(params), std::invalid_argument);
  params = UtsParams{};
  params.tree_type = static_cast<TreeType>(7);
  EXPECT_THROW(validate_uts_params(params), std::invalid_argument);
}

TEST(UtsParams, FlagTableCoversEveryFlagOnce) {
  std::string letters;
  for (const UtsFlag& flag : uts_flags()) {
    letters += flag.letter;
    EXPECT_FALSE(flag.meaning.empty());
  }
  EXPECT_EQ(letters, "tadbrqmfg");
}

TEST(UtsParams, TextDescribesTheTree) {
  const std::string text = uts_params_text(
      parse_uts_flags(std::string_view("-t 2 -a 0 -d 16 -b 6 -r 1 -q 0.234375 -m 4")));
  EXPECT_NE(text.find("Hybrid"), std::string::npos) << text;
  EXPECT_NE(text.find("root seed = 1"), std::string::npos) << text;
  EXPECT_NE(text.find("gen_mx = 16"), std::string::npos) << text;
  EXPECT_NE(text.find("Linear decrease"), std::string::npos) << text;
  EXPECT_NE(text.find("q = 0.234375, m = 4"), std::string::npos) << text;
  EXPECT_NE(text.find("GEO from the root to depth 8, then BIN"), std::string::npos) << text;
  const std::string binomial = uts_params_text(parse_uts_flags(std::string_view("-t 0")));
  EXPECT_EQ(binomial.find("GEO"), std::string::npos) << binomial;
}

}  // namespace
}  // namespace stacksplit::apps::uts
