// `stacksplit knapsack FILE` and `stacksplit-gen-knapsack` as a user runs
// them: the answer lines, optimize mode by default, exit 1 with FILE:LINE on a
// bad file.

#include <gtest/gtest.h>

#include <chrono>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "apps/knapsack/knapsack_instance.hpp"
#include "tests/apps/knapsack/knapsack_test_support.hpp"
#include "tests/support/subprocess.hpp"

namespace stacksplit::apps::knapsack {
namespace {

using namespace std::chrono_literals;

stacksplit::testing::ProcessOutcome run(std::vector<std::string> argv) {
  return stacksplit::testing::run_process(argv, 120s);
}

// The instance the generator writes for these options, through its file.
std::string generate(const std::string& name, const std::vector<std::string>& options) {
  const std::string path = (testing::scratch_directory() / name).string();
  std::vector<std::string> argv = {STACKSPLIT_GEN_KNAPSACK};
  argv.insert(argv.end(), options.begin(), options.end());
  argv.insert(argv.end(), {"-o", path});
  const auto outcome = run(argv);
  EXPECT_EQ(outcome.exit_code, 0) << outcome.output;
  return path;
}

std::string line_value(const std::string& output, const std::string& key) {
  std::smatch match;
  const std::regex pattern("(^|\n)" + key + " = ([^\n]*)");
  if (!std::regex_search(output, match, pattern)) return "";
  return match[2];
}

TEST(KnapsackCommand, PrintsTheOptimumAndItsItems) {
  for (const std::string kind : {"uncorrelated", "weakly-correlated", "strongly-correlated"}) {
    SCOPED_TRACE(kind);
    const std::string path =
        generate(kind + ".kp", {"--class", kind, "-n", "30", "-R", "200", "--seed", "3"});
    const KnapsackInstance instance = read_knapsack(path);
    const auto outcome = run(
        {STACKSPLIT_BINARY, "knapsack", path, "--workers", "2", "--runtime", "threads", "--quiet"});
    ASSERT_EQ(outcome.exit_code, 0) << outcome.output;
    const std::int64_t optimum = testing::dynamic_program_optimum(instance);
    EXPECT_EQ(line_value(outcome.output, "optimum"), std::to_string(optimum)) << outcome.output;
    std::vector<int> items;
    std::istringstream numbers(line_value(outcome.output, "items"));
    for (int item; numbers >> item;) items.push_back(item - 1);  // printed from 1
    const testing::Selection selection = testing::selection_of(instance, items);
    EXPECT_EQ(selection.profit, optimum);
    EXPECT_LE(selection.weight, instance.capacity);
    EXPECT_EQ(line_value(outcome.output, "weight"),
              std::to_string(selection.weight) + " of " + std::to_string(instance.capacity));
  }
}

TEST(KnapsackCommand, SummaryNamesOptimizeMode) {
  const std::string path = generate("summary.kp", {"-n", "20", "--seed", "2"});
  const auto outcome = run({STACKSPLIT_BINARY, "knapsack", path, "--workers", "1"});
  ASSERT_EQ(outcome.exit_code, 0) << outcome.output;
  EXPECT_NE(outcome.output.find("optimize"), std::string::npos) << outcome.output;
}

TEST(KnapsackCommand, CountModeCountsFeasibleSelections) {
  const std::string path = testing::write_text("count.kp", "3 5\n4 3\n5 3\n1 2\n");
  const auto outcome =
      run({STACKSPLIT_BINARY, "knapsack", path, "--mode", "count", "--workers", "1", "--quiet"});
  ASSERT_EQ(outcome.exit_code, 0) << outcome.output;
  // {}, {1}, {2}, {3}, {1,3}, {2,3}
  EXPECT_EQ(line_value(outcome.output, "selections"), "6") << outcome.output;
}

TEST(KnapsackCommand, BadFileExitsOneWithFileAndLine) {
  const std::string path = testing::write_text("bad.kp", "2 10\n3 4\n5 -1\n");
  const auto outcome = run({STACKSPLIT_BINARY, "knapsack", path});
  EXPECT_EQ(outcome.exit_code, 1) << outcome.output;
  EXPECT_NE(outcome.output.find(path + ":3: item 2 of 2: the weight is negative"),
            std::string::npos)
      << outcome.output;
  const auto missing = run({STACKSPLIT_BINARY, "knapsack", path + ".absent"});
  EXPECT_EQ(missing.exit_code, 1) << missing.output;
}

// An unknown name is a command line's error, exit status 2 as the README says
// of every unknown name (it was 1, a file's).
TEST(KnapsackGeneratorCommand, RefusesAnUnknownClass) {
  const auto outcome = run({STACKSPLIT_GEN_KNAPSACK, "--class", "hard"});
  EXPECT_EQ(outcome.exit_code, 2) << outcome.output;
  EXPECT_NE(outcome.output.find("unknown knapsack instance class 'hard'"), std::string::npos)
      << outcome.output;
}

}  // namespace
}  // namespace stacksplit::apps::knapsack
