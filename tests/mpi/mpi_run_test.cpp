// The mpi runtime under mpirun: exact counts for every scheme at every rank
// count the suite covers (through mpi_search_driver, one MPI job per rank
// count and scheme), and the stacksplit command line under mpirun.

#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "apps/uts/uts_presets.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/mpi/mpirun_command.hpp"
#include "tests/mpi/subprocess.hpp"

namespace stacksplit::testing {
namespace {

using namespace std::chrono_literals;

constexpr std::uint64_t kQueens12Nodes = 856189;
constexpr std::uint64_t kQueens12Solutions = 14200;

struct DriverLine {
  std::uint64_t nodes = 0, leaves = 0, depth = 0, solutions = 0;
  std::vector<int> solution;
};

// "<case> nodes=.. leaves=.. depth=.. solutions=.. solution=a,b,.." by case.
std::map<std::string, DriverLine> parse_driver(const std::string& output) {
  static const std::regex line_pattern(
      R"(^(\S+) nodes=(\d+) leaves=(\d+) depth=(\d+) solutions=(\d+) solution=([\d,]*)$)");
  std::map<std::string, DriverLine> lines;
  std::istringstream in(output);
  for (std::string text; std::getline(in, text);) {
    std::smatch match;
    if (!std::regex_match(text, match, line_pattern)) continue;
    DriverLine line{std::stoull(match[2]),
                    std::stoull(match[3]),
                    std::stoull(match[4]),
                    std::stoull(match[5]),
                    {}};
    std::istringstream columns(match[6]);
    for (std::string column; std::getline(columns, column, ',');)
      line.solution.push_back(std::stoi(column));
    lines[match[1]] = line;
  }
  return lines;
}

class MpiSchemeTest : public ::testing::TestWithParam<std::tuple<int, std::string>> {};

TEST_P(MpiSchemeTest, CountsExactlyAndStopsAtAFirstSolution) {
  const auto& [ranks, scheme] = GetParam();
  const ProcessOutcome run = run_process(
      mpirun(ranks, {STACKSPLIT_MPI_DRIVER, scheme, std::to_string(ranks * 7 + 1)}), 120s);
  ASSERT_TRUE(run.finished) << "no end after " << run.seconds << " s:\n" << run.output;
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(occurrences(run.output, "done\n"), 1) << "only rank 0 prints:\n" << run.output;
  const auto lines = parse_driver(run.output);

  ASSERT_TRUE(lines.count("nqueens12")) << run.output;
  EXPECT_EQ(lines.at("nqueens12").nodes, kQueens12Nodes);
  EXPECT_EQ(lines.at("nqueens12").solutions, kQueens12Solutions);

  for (const char* tree : {"T1", "T3"}) {
    SCOPED_TRACE(tree);
    const std::string name = std::string("uts-") + tree;
    ASSERT_TRUE(lines.count(name)) << run.output;
    const apps::uts::UtsCounts& expected = apps::uts::find_uts_preset(tree).expected;
    EXPECT_EQ(lines.at(name).nodes, expected.nodes);
    EXPECT_EQ(lines.at(name).leaves, expected.leaves);
    EXPECT_EQ(lines.at(name).depth, expected.max_depth);
  }

  ASSERT_TRUE(lines.count("nqueens12-first")) << run.output;
  const DriverLine& first = lines.at("nqueens12-first");
  EXPECT_GE(first.solutions, 1u);
  EXPECT_LT(first.nodes, kQueens12Nodes) << "first mode stopped early";
  EXPECT_TRUE(queens_are_safe(first.solution, 12)) << run.output;
}

std::string case_name(const ::testing::TestParamInfo<MpiSchemeTest::ParamType>& info) {
  std::string name = "np" + std::to_string(std::get<0>(info.param)) + "_" + std::get<1>(info.param);
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

// Every scheme the registry has, so that a new scheme is covered unasked.
INSTANTIATE_TEST_SUITE_P(EveryScheme, MpiSchemeTest,
                         ::testing::Combine(::testing::Values(1, 2, 3, 4, 8),
                                            ::testing::ValuesIn(schemes::scheme_names())),
                         case_name);

// --- the command line under mpirun ---

TEST(MpiCommandLine, ChoosesTheMpiRuntimeAndOnlyRankZeroPrints) {
  const ProcessOutcome run = run_process(mpirun(3, {STACKSPLIT_CLI, "nqueens", "12"}), 60s);
  ASSERT_TRUE(run.finished) << run.output;
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(occurrences(run.output, "runtime mpi, 3 workers"), 1) << run.output;
  EXPECT_EQ(occurrences(run.output, "\nnodes = 856189,"), 1) << run.output;
  EXPECT_EQ(occurrences(run.output, "solutions = 14200\n"), 1) << run.output;
}

TEST(MpiCommandLine, AcceptsAnExplicitRuntimeAndMatchingWorkers) {
  const ProcessOutcome run = run_process(
      mpirun(2, {STACKSPLIT_CLI, "nqueens", "10", "--runtime", "mpi", "--workers", "2", "-q"}),
      60s);
  ASSERT_TRUE(run.finished) << run.output;
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(run.output, "solutions = 724\n");
}

TEST(MpiCommandLine, RefusesWorkersThatAreNotTheRankCount) {
  const ProcessOutcome run =
      run_process(mpirun(3, {STACKSPLIT_CLI, "nqueens", "10", "--workers", "4"}), 60s);
  ASSERT_TRUE(run.finished) << run.output;
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("--workers 4 does not match the 3 MPI ranks"), std::string::npos)
      << run.output;
}

TEST(MpiCommandLine, FirstModePrintsOneValidSolution) {
  const ProcessOutcome run = run_process(
      mpirun(4, {STACKSPLIT_CLI, "nqueens", "12", "--mode", "first", "--scheme", "arr"}), 60s);
  ASSERT_TRUE(run.finished) << run.output;
  ASSERT_EQ(run.exit_code, 0) << run.output;
  ASSERT_EQ(occurrences(run.output, "solution ="), 1) << run.output;
  std::istringstream line(run.output.substr(run.output.find("solution =") + 10));
  std::vector<int> columns(12);
  for (int& column : columns) line >> column;
  EXPECT_TRUE(queens_are_safe(columns, 12)) << run.output;
}

TEST(MpiCommandLine, CountsUtsT1WithFourRanks) {
  const ProcessOutcome help = run_process({STACKSPLIT_CLI, "uts", "--help"}, 30s);
  if (help.exit_code != 0) GTEST_SKIP() << "this stacksplit has no uts command";
  const ProcessOutcome run =
      run_process(mpirun(4, {STACKSPLIT_CLI, "uts", "--tree", "T1", "--scheme", "rp"}), 120s);
  ASSERT_TRUE(run.finished) << run.output;
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(occurrences(run.output, "Tree size = 4130071, tree depth = 10, num leaves = 3305118"),
            1)
      << run.output;
  EXPECT_EQ(occurrences(run.output, "runtime mpi, 4 workers"), 1) << run.output;
}

}  // namespace
}  // namespace stacksplit::testing
