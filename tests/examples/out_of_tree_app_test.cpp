// stacksplit as a library, used the way another project uses it: installed
// into a prefix of its own, found by examples/out-of-tree-app/CMakeLists.txt
// with find_package, built there, and run. Both of the example's programs
// (the embedded engine and the command-line front end) must count what a
// dynamic program counts. README.md shows the example's files word for word
// (tests/readme), so its install + find_package recipe is this test's.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/subprocess.hpp"

namespace {

namespace fs = std::filesystem;
using stacksplit::testing::ProcessOutcome;
using stacksplit::testing::run_process;
using namespace std::chrono_literals;

// The subsets of {1, ..., n} adding up to `target`, by the textbook dynamic
// program over sums, which shares nothing with a tree search.
std::uint64_t subsets_adding_up_to(int n, std::int64_t target) {
  std::vector<std::uint64_t> ways(static_cast<std::size_t>(target) + 1, 0);
  ways[0] = 1;
  for (int item = 1; item <= n; ++item)
    for (std::int64_t sum = target; sum >= item; --sum) ways[sum] += ways[sum - item];
  return ways[target];
}

// The example's target: half the total of 1..n, rounded down.
std::int64_t half_total(int n) { return static_cast<std::int64_t>(n) * (n + 1) / 4; }

std::string described(const std::vector<std::string>& argv, const ProcessOutcome& outcome) {
  std::string text;
  for (const std::string& word : argv) text += word + ' ';
  return text + "\n exited " + std::to_string(outcome.exit_code) +
         (outcome.finished ? "" : " (killed at the deadline)") + ", output:\n" + outcome.output;
}

ProcessOutcome run_to_end(const std::vector<std::string>& argv,
                          std::chrono::duration<double> timeout = 120s) {
  return run_process(argv, timeout);
}

// The oracle itself, on values known independently: 2 x OEIS A058377 (the
// ways to split 1..n into two halves of equal sum, each split counted once).
TEST(SubsetSumOracle, AgreesWithKnownCounts) {
  EXPECT_EQ(subsets_adding_up_to(3, half_total(3)), 2u);
  EXPECT_EQ(subsets_adding_up_to(8, half_total(8)), 14u);
  EXPECT_EQ(subsets_adding_up_to(12, half_total(12)), 124u);
  EXPECT_EQ(subsets_adding_up_to(20, half_total(20)), 15272u);
}

// Runs the example's two programs, built in `build`, on the subsets of
// 1..items: both must count what the dynamic program counts, and refuse bad
// input with the usual messages.
void expect_example_programs_work(const fs::path& build, int items) {
  const std::string expected =
      "subsets = " + std::to_string(subsets_adding_up_to(items, half_total(items))) + "\n";

  // The embedded engine on each runtime a single process has, by name.
  const std::string count_subsets = (build / "count_subsets").string();
  for (const std::vector<std::string>& options : {std::vector<std::string>{"2", "rp", "threads"},
                                                  {"3", "arr", "step"},
                                                  {"4", "nn", "sim"},
                                                  {"3", "random", "threads"}}) {
    std::vector<std::string> argv = {count_subsets, std::to_string(items)};
    argv.insert(argv.end(), options.begin(), options.end());
    const ProcessOutcome counted = run_to_end(argv);
    EXPECT_TRUE(counted.finished && counted.exit_code == 0) << described(argv, counted);
    EXPECT_NE(counted.output.find(expected), std::string::npos) << described(argv, counted);
  }
  const std::vector<std::string> unknown_scheme = {count_subsets, "8", "2", "no-such-scheme"};
  const ProcessOutcome refused = run_to_end(unknown_scheme);
  EXPECT_EQ(refused.exit_code, 2) << described(unknown_scheme, refused);
  EXPECT_NE(refused.output.find("unknown scheme 'no-such-scheme'"), std::string::npos)
      << described(unknown_scheme, refused);

  const std::vector<std::string> not_a_number = {count_subsets, "8", "two"};
  const ProcessOutcome rejected = run_to_end(not_a_number);
  EXPECT_EQ(rejected.exit_code, 2) << described(not_a_number, rejected);
  EXPECT_NE(rejected.output.find("WORKERS must be a whole number, got 'two'"), std::string::npos)
      << described(not_a_number, rejected);

  // The command-line front end: the common options, the summary, the errors.
  const std::string subsets_cli = (build / "subsets_cli").string();
  const std::vector<std::string> cli_count = {subsets_cli, "subsets", std::to_string(items),
                                              "--workers", "2",       "--scheme",
                                              "grr",       "--quiet"};
  const ProcessOutcome cli_counted = run_to_end(cli_count);
  EXPECT_TRUE(cli_counted.finished && cli_counted.exit_code == 0)
      << described(cli_count, cli_counted);
  EXPECT_EQ(cli_counted.output, expected) << described(cli_count, cli_counted);

  const std::vector<std::string> cli_first = {subsets_cli, "subsets", std::to_string(items),
                                              "--workers", "2",       "--mode",
                                              "first",     "--quiet"};
  const ProcessOutcome found = run_to_end(cli_first);
  EXPECT_TRUE(found.finished && found.exit_code == 0) << described(cli_first, found);
  const std::size_t line = found.output.find("subset =");
  ASSERT_NE(line, std::string::npos) << described(cli_first, found);
  std::istringstream subset(found.output.substr(line + 8));
  std::int64_t sum = 0;
  for (int item = 0; subset >> item;) sum += item;
  EXPECT_EQ(sum, half_total(items)) << described(cli_first, found);

  const std::vector<std::string> cli_unknown = {subsets_cli, "nqueens", "8"};
  const ProcessOutcome unknown = run_to_end(cli_unknown);
  EXPECT_EQ(unknown.exit_code, 2) << described(cli_unknown, unknown);
  EXPECT_NE(unknown.output.find("subsets_cli: error: unknown command 'nqueens'"), std::string::npos)
      << described(cli_unknown, unknown);
}

TEST(OutOfTreeApp, BuildsAgainstAnInstalledStacksplitAndCounts) {
  const fs::path work = OUT_OF_TREE_WORK_DIR;
  const fs::path prefix = work / "prefix";
  const fs::path build = work / "build";
  fs::remove_all(work);
  fs::create_directories(work);

  const std::vector<std::string> install = {CMAKE_COMMAND, "--install", STACKSPLIT_BINARY_DIR,
                                            "--prefix", prefix.string()};
  const ProcessOutcome installed = run_to_end(install);
  ASSERT_TRUE(installed.finished && installed.exit_code == 0) << described(install, installed);

  // The headers the README names, and nothing of the tests or of the apps.
  const fs::path include = prefix / "include";
  for (const char* header :
       {"core/search_space.hpp", "core/reference_search.hpp", "core/run_search.hpp",
        "stacksplit/stacksplit.hpp", "apps/cli/front_end.hpp", "apps/cli/search_command.hpp"})
    EXPECT_TRUE(fs::exists(include / header)) << header << " is not installed";
  EXPECT_FALSE(fs::exists(include / "tests")) << "the tests' helpers are installed";
  EXPECT_FALSE(fs::exists(include / "apps" / "nqueens")) << "an application is installed";
  EXPECT_TRUE(fs::exists(prefix / STACKSPLIT_INSTALL_LIBDIR / "cmake" / "stacksplit" /
                         "stacksplitConfig.cmake"));

  // The installed program runs from the prefix: 6 queens have 4 placements.
  const std::string program = (prefix / STACKSPLIT_INSTALL_BINDIR / "stacksplit").string();
  const std::vector<std::string> queens = {program, "nqueens", "6", "--workers", "2", "--quiet"};
  const ProcessOutcome placed = run_to_end(queens);
  EXPECT_TRUE(placed.finished && placed.exit_code == 0) << described(queens, placed);
  EXPECT_EQ(placed.output, "solutions = 4\n") << described(queens, placed);

  const std::vector<std::string> configure = {
      CMAKE_COMMAND, "-S", std::string(STACKSPLIT_SOURCE_DIR) + "/examples/out-of-tree-app", "-B",
      build.string(), "-G", CMAKE_GENERATOR_NAME, "-DCMAKE_BUILD_TYPE=Release",
      "-DCMAKE_CXX_COMPILER=" CMAKE_CXX_COMPILER_PATH,
      // The example is held to the project's own warnings.
      std::string("-DCMAKE_CXX_FLAGS=-Wall -Wextra -Wpedantic -Werror ") + CONSUMER_SANITIZE_FLAGS,
      std::string("-DCMAKE_EXE_LINKER_FLAGS=") + CONSUMER_SANITIZE_FLAGS,
      "-DCMAKE_PREFIX_PATH=" + prefix.string()};
  const ProcessOutcome configured = run_to_end(configure, 300s);
  ASSERT_TRUE(configured.finished && configured.exit_code == 0) << described(configure, configured);

  const std::vector<std::string> compile = {CMAKE_COMMAND, "--build", build.string(), "-j", "2"};
  const ProcessOutcome built = run_to_end(compile, 1200s);
  ASSERT_TRUE(built.finished && built.exit_code == 0) << described(compile, built);

  expect_example_programs_work(build, 20);

  if (!HasFailure()) fs::remove_all(work);
}

// The other way to use stacksplit from another project: its source tree added
// with add_subdirectory (tests/examples/add-subdirectory). The parent checks
// the target names at configure time; built without optimization, which is
// what a parent that sets no build type gets, and quicker to compile.
TEST(OutOfTreeApp, BuildsWithStacksplitAsASubdirectory) {
  const fs::path work = ADD_SUBDIRECTORY_WORK_DIR;
  fs::remove_all(work);
  fs::create_directories(work);
  const std::vector<std::string> configure = {
      CMAKE_COMMAND,
      "-S",
      std::string(STACKSPLIT_SOURCE_DIR) + "/tests/examples/add-subdirectory",
      "-B",
      work.string(),
      "-G",
      CMAKE_GENERATOR_NAME,
      "-DCMAKE_CXX_COMPILER=" CMAKE_CXX_COMPILER_PATH,
      "-DCMAKE_CXX_FLAGS=-Wall -Wextra -Wpedantic -Werror",
      "-DSTACKSPLIT_SOURCE=" STACKSPLIT_SOURCE_DIR};
  const ProcessOutcome configured = run_to_end(configure, 300s);
  ASSERT_TRUE(configured.finished && configured.exit_code == 0) << described(configure, configured);
  // Only the libraries the two programs need are built, not the stacksplit program.
  const std::vector<std::string> compile = {
      CMAKE_COMMAND, "--build",  work.string(),   "-j",
      "2",           "--target", "count_subsets", "subsets_cli"};
  const ProcessOutcome built = run_to_end(compile, 1200s);
  ASSERT_TRUE(built.finished && built.exit_code == 0) << described(compile, built);

  expect_example_programs_work(work, 16);

  if (!HasFailure()) fs::remove_all(work);
}

}  // namespace
