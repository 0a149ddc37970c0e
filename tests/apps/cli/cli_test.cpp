// The command line as scripts use it: exact output lines, exit statuses and
// one-line errors for bad input.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace {

struct CommandRun {
  int status = -1;
  std::string output;  // stdout and stderr together
};

CommandRun run(const std::string& arguments) {
  const std::string command = std::string(STACKSPLIT_BINARY) + " " + arguments + " 2>&1";
  CommandRun result;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return result;
  std::array<char, 4096> chunk;
  while (std::fgets(chunk.data(), chunk.size(), pipe)) result.output += chunk.data();
  const int raw = pclose(pipe);
  result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return result;
}

int line_count(const std::string& text) {
  int lines = 0;
  for (char c : text) lines += c == '\n';
  return lines;
}

TEST(Cli, NQueensPrintsTheSolutionCount) {
  const CommandRun r = run("nqueens 12 --workers 2");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("solutions = 14200\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("nodes = "), std::string::npos) << "the summary is printed";
  EXPECT_NE(r.output.find("overhead: requests = "), std::string::npos);
}

TEST(Cli, QuietPrintsOnlyTheResult) {
  const CommandRun r = run("nqueens 8 --workers 2 --quiet");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.output, "solutions = 92\n");
}

TEST(Cli, FirstModePrintsAValidPlacement) {
  const CommandRun r = run("nqueens 10 --workers 2 --mode first --runtime step --quiet");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("solution = "), std::string::npos) << r.output;
}

TEST(Cli, EveryCommonOptionIsAccepted) {
  const CommandRun r = run("nqueens 9 --workers 3 --scheme arr --split bottom --cutoff 4 --mode count "
                    "--runtime step --topology complete --seed 9 --quantum 16 --serial-depth 4 --quiet");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(r.output, "solutions = 352\n");
}

TEST(Cli, JsonAppendsOneRecordPerRun) {
  const std::string path = ::testing::TempDir() + "/cli_test_records.jsonl";
  std::remove(path.c_str());
  ASSERT_EQ(run("nqueens 8 --workers 2 --quiet --json " + path).status, 0);
  ASSERT_EQ(run("nqueens 9 --workers 1 --quiet --scheme arr --json " + path).status, 0);
  std::ifstream in(path);
  std::string line;
  std::vector<nlohmann::json> records;
  while (std::getline(in, line)) records.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0]["schema"], "stacksplit-run/1");
  EXPECT_EQ(records[0]["app"], "nqueens");
  EXPECT_EQ(records[0]["instance"], "8");
  EXPECT_EQ(records[0]["workers"], 2);
  EXPECT_EQ(records[0]["solutions"], 92);
  EXPECT_EQ(records[0]["per_worker"].size(), 2u);
  EXPECT_TRUE(records[0]["counters"].contains("requests"));
  EXPECT_EQ(records[1]["scheme"], "arr");
  EXPECT_GT(records[1]["nodes"].get<long>(), records[0]["nodes"].get<long>());
}

// Bad input: one line naming the problem, exit status 2.
struct BadInput {
  const char* arguments;
  const char* mentions;
};

class CliBadInput : public ::testing::TestWithParam<BadInput> {};

TEST_P(CliBadInput, OneLineAndExitStatus2) {
  const CommandRun r = run(GetParam().arguments);
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(line_count(r.output), 1) << r.output;
  EXPECT_NE(r.output.find(GetParam().mentions), std::string::npos) << r.output;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, CliBadInput,
    ::testing::Values(BadInput{"sudoku 9", "sudoku"}, BadInput{"", "subcommand"},
                      BadInput{"nqueens 8 --scheme nope", "unknown scheme 'nope'"},
                      BadInput{"nqueens 8 --workers 0", "--workers"},
                      BadInput{"nqueens 8 --workers -4", "--workers"},
                      BadInput{"nqueens 8 --workers many", "many"},
                      BadInput{"nqueens 0", "out of range"}, BadInput{"nqueens 31", "out of range"},
                      BadInput{"nqueens 8 --split third", "split strategy 'third'"},
                      BadInput{"nqueens 8 --mode all", "mode 'all'"},
                      BadInput{"nqueens 8 --runtime gpu", "runtime 'gpu'"},
                      BadInput{"nqueens 8 --topology torus", "topology 'torus'"},
                      BadInput{"nqueens 8 --cutoff -5", "--cutoff"},
                      BadInput{"nqueens 8 --quantum 0", "--quantum"},
                      BadInput{"nqueens 8 --serial-depth -5", "--serial-depth"},
                      BadInput{"nqueens 8 --frobnicate", "frobnicate"}));

}  // namespace
