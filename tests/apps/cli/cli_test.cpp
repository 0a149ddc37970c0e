// The command line as scripts use it: exact output lines, exit statuses and
// one-line errors for bad input.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "tests/support/run_records.hpp"

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

// "010" is ten, not octal eight.
TEST(Cli, AWholeNumberWithLeadingZerosIsDecimal) {
  const CommandRun r = run("nqueens 010 --workers 02 --quiet");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(r.output, "solutions = 724\n");
}

TEST(Cli, FirstModePrintsAValidPlacement) {
  const CommandRun r = run("nqueens 10 --workers 2 --mode first --runtime step --quiet");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("solution = "), std::string::npos) << r.output;
}

TEST(Cli, EveryCommonOptionIsAccepted) {
  const CommandRun r =
      run("nqueens 9 --workers 3 --scheme arr --split bottom --cutoff 4 --mode count "
          "--runtime step --topology complete --seed 9 --quantum 16 --serial-depth 4 --quiet");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(r.output, "solutions = 352\n");
}

TEST(Cli, JsonAppendsOneRecordPerRun) {
  const std::string path = ::testing::TempDir() + "/cli_test_records.jsonl";
  std::remove(path.c_str());
  ASSERT_EQ(run("nqueens 8 --workers 2 --quiet --json " + path).status, 0);
  ASSERT_EQ(run("nqueens 9 --workers 1 --quiet --scheme arr --json " + path).status, 0);
  const std::vector<nlohmann::json> records = stacksplit::testing::read_run_records(path);
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
    ::testing::Values(
        BadInput{"sudoku 9", "sudoku"}, BadInput{"", "subcommand"},
        BadInput{"nqueens 8 --scheme nope", "unknown scheme 'nope'"},
        BadInput{"nqueens 8 --workers 0", "--workers"},
        BadInput{"nqueens 8 --workers -4", "--workers"},
        BadInput{"nqueens 8 --workers many", "many"}, BadInput{"nqueens 0", "out of range"},
        BadInput{"nqueens 31", "out of range"},
        BadInput{"nqueens 8 --split third", "unknown split strategy 'third' (known: half, bottom)"},
        BadInput{"nqueens 8 --mode all", "unknown mode 'all' (known: count, first, optimize)"},
        BadInput{"loop trfd --loop L3", "unknown TRFD loop 'L3' (known: both, L1, L2)"},
        BadInput{"loop maptri --reverse maybe",
                 "unknown reverse move setting 'maybe' (known: auto, on, off)"},
        BadInput{"nqueens 8 --runtime gpu", "runtime 'gpu'"},
        BadInput{"list solvers", "unknown kind of name 'solvers' (known: schemes, topologies"},
        BadInput{"analyze --group-by colour x.jsonl", "--group-by: unknown field \"colour\""},
        BadInput{"nqueens 8 --topology torus", "topology 'torus'"},
        BadInput{"nqueens 8 --cutoff -5", "--cutoff"},
        BadInput{"nqueens 8 --quantum 0", "--quantum"},
        BadInput{"nqueens 8 --serial-depth -5", "--serial-depth"},
        BadInput{"nqueens 8 --frobnicate", "frobnicate"},
        // --quiet has no short form: -q is UTS's binomial probability.
        BadInput{"nqueens 8 -q", "-q"}, BadInput{"uts --tree T1 -q", "-q"},
        // The loop family.
        BadInput{"loop sudoku", "sudoku"}, BadInput{"loop mxm --scheme rp", "unknown scheme 'rp'"},
        BadInput{"loop mxm --workers 3 --speeds 1,1", "--speeds gives 2 speeds"},
        BadInput{"loop mxm --speeds 1,0", "--speeds"},
        BadInput{"loop mxm --speeds 1,x", "--speeds"}, BadInput{"loop mxm --load ml=-1", "ml"},
        BadInput{"loop mxm --load ml=5,tl=0", "tl"},
        BadInput{"loop mxm --load xl=5", "unknown key 'xl'"}, BadInput{"loop mxm --n 0", "--n"},
        BadInput{"loop trfd --n 999", "--n"}, BadInput{"loop ac --n 0", "--n"},
        BadInput{"loop maptri --n 0", "--n"}, BadInput{"loop ep --class Q", "EP class 'Q'"},
        BadInput{"loop synthetic --profile wavy", "profile 'wavy'"},
        BadInput{"loop synthetic --n 0", "--n"}, BadInput{"loop mxm --steps 0", "--steps"},
        // CLI11 read "-1" into an unsigned 64-bit option as 2^64 - 1.
        BadInput{"loop mxm --chunk -1", "--chunk: expected a non-negative whole number, got '-1'"},
        BadInput{"loop trfd --n -1", "--n: expected a non-negative whole number, got '-1'"},
        BadInput{"nqueens 8 --seed -1", "--seed: expected a non-negative whole number"},
        // CLI::Range alone lets NaN through.
        BadInput{"loop mxm --threshold nan", "--threshold: expected a number in [0, 1], got 'nan'"},
        BadInput{"loop mxm --dampening nan", "--dampening: expected a number in [0, 1], got 'nan'"},
        BadInput{"loop mxm --dampening 1.5", "--dampening: expected a number in [0, 1]"}));

// With two workers (the default on a two-core machine) netchar measures one
// P: the fit is constant in P, where a P² polynomial said "least squares: 2
// measurements cannot fit 6 coefficients".
// Three rounds (the default), not one: on threads a single round on a loaded
// host once timed a large message faster than a small one, and the fit
// rightly refused a bandwidth (seen once in about 40 runs under load).
TEST(Cli, NetcharWithTwoWorkersFitsAndSaves) {
  const std::string saved = ::testing::TempDir() + "/cli_test_network_two.json";
  for (const char* runtime : {"sim", "threads"}) {
    const CommandRun r = run(std::string("netchar --runtime ") + runtime +
                             " --workers 2 --repeats 3 --quiet --out " + saved);
    EXPECT_EQ(r.status, 0) << runtime << '\n' << r.output;
    const CommandRun used = run(std::string("loop mxm --n 40 --workers 2 --runtime ") + runtime +
                                " --predict --network " + saved);
    EXPECT_EQ(used.status, 0) << runtime << '\n' << used.output;
    EXPECT_NE(used.output.find("predicted best: "), std::string::npos) << used.output;
  }
}

// A network file that is not one, or that was measured elsewhere: one line,
// exit 1, as every input file's error (it was 2, a command line's).
TEST(Cli, ABadOrMismatchedNetworkFileIsOneLineAndExitStatus1) {
  const std::string dir = ::testing::TempDir();
  const std::string measured = dir + "/cli_test_network_sim.json";
  const CommandRun netchar =
      run("netchar --runtime sim --machine zaki-now --workers 4 --repeats 1 "
          "--quiet --out " +
          measured);
  ASSERT_EQ(netchar.status, 0) << netchar.output;
  const std::string garbage = dir + "/cli_test_network_garbage.json";
  std::ofstream(garbage) << "{\"latency_s\": 1,";
  for (const std::string& arguments :
       {"loop mxm --n 40 --scheme auto --network " + garbage,
        "loop mxm --n 40 --scheme auto-adaptive --network " + garbage,
        "loop mxm --n 40 --predict --network " + dir + "/no_such_network.json",
        // measured on the simulated machine, used on threads
        "loop mxm --n 40 --scheme auto --runtime threads --network " + measured}) {
    const CommandRun r = run(arguments);
    EXPECT_EQ(r.status, 1) << arguments << '\n' << r.output;
    EXPECT_EQ(line_count(r.output), 1) << arguments << '\n' << r.output;
    EXPECT_NE(r.output.find("network"), std::string::npos) << r.output;
  }
  // The same file on the machine it was measured on: every strategy predicted.
  const CommandRun predicted =
      run("loop mxm --n 400 --workers 4 --runtime sim --machine zaki-now "
          "--load ml=5,tl=1 --predict --network " +
          measured);
  EXPECT_EQ(predicted.status, 0) << predicted.output;
  for (const char* scheme : {"gcdlb", "gddlb", "lcdlb", "lddlb", "ss", "gss", "tss", "fac2", "awf",
                             "shared-iterator", "profiled", "static-block", "predicted best: "})
    EXPECT_NE(predicted.output.find(scheme), std::string::npos) << scheme << predicted.output;
}

// Every name an option takes is listed from its registry: the common options'
// and each app's own, with what each means.
TEST(Cli, ListOptionsGivesTheNamesOfEveryRegistry) {
  const CommandRun r = run("list options");
  EXPECT_EQ(r.status, 0) << r.output;
  for (const char* row :
       {"count +--mode +exhaustive", "first +--mode", "optimize +--mode", "half +--split",
        "bottom +--split", "L1 +loop trfd --loop +the uniform loop alone", "both +loop trfd --loop",
        "auto +loop maptri --reverse", "off +loop maptri --reverse", "T1L +uts --tree",
        "portfolio +sat --solver"})
    EXPECT_TRUE(std::regex_search(r.output, std::regex(std::string("(^|\n)") + row))) << row << '\n'
                                                                                      << r.output;
  // And the help of an option says the same names with their meaning.
  const CommandRun help = run("loop trfd --help");
  EXPECT_NE(help.output.find("both (L1, the transpose, then L2), L1 (the uniform loop alone)"),
            std::string::npos)
      << help.output;
}

// The schemes that ask the cost model are the registry's word, not the front
// end's: --network's help names them, and each gets the model it needs.
TEST(Cli, TheSchemesThatNeedTheModelComeFromTheRegistry) {
  const CommandRun help = run("loop mxm --help");
  EXPECT_NE(help.output.find("--scheme auto, auto-adaptive, from"), std::string::npos)
      << help.output;
  for (const char* scheme : {"auto", "auto-adaptive"}) {
    const CommandRun r = run(std::string("loop mxm --n 40 --workers 2 --runtime sim --quiet ") +
                             "--machine zaki-now --scheme " + scheme);
    EXPECT_EQ(r.status, 0) << scheme << '\n' << r.output;
  }
}

// Nothing reaches stdout before every option is checked.
TEST(Cli, ABadOptionPrintsNothingButTheError) {
  for (const char* arguments : {"uts --tree T1 --runtime gpu", "uts --tree T1 --workers 0",
                                "sat examples/none.cnf --scheme nope"}) {
    const std::string command = std::string(STACKSPLIT_BINARY) + " " + arguments + " 2>/dev/null";
    FILE* pipe = popen(command.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::string out;
    std::array<char, 256> chunk;
    while (std::fgets(chunk.data(), chunk.size(), pipe)) out += chunk.data();
    EXPECT_NE(WEXITSTATUS(pclose(pipe)), 0) << arguments;
    EXPECT_EQ(out, "") << arguments;
  }
}

TEST(Cli, UtsKeepsItsQForTheBinomialProbability) {
  const CommandRun r = run("uts -t 0 -b 20 -q 0.2 -m 4 -r 1 --workers 1 --quiet");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(line_count(r.output), 1) << r.output;
  EXPECT_NE(r.output.find("Tree size = "), std::string::npos) << r.output;
}

// README's table of common options gives the defaults the help gives.
TEST(Cli, ReadmeGivesTheDefaultsTheHelpGives) {
  std::ifstream readme(std::string(STACKSPLIT_SOURCE_DIR) + "/README.md");
  ASSERT_TRUE(readme);
  const std::string help = run("nqueens --help").output;
  int rows = 0;
  bool in_table = false;
  for (std::string line; std::getline(readme, line);) {
    if (line.rfind("| option | meaning | default |", 0) == 0) in_table = true;
    if (!in_table) continue;
    if (line.empty()) break;
    if (line.rfind("| `-", 0) != 0) continue;
    // | `--name ARG` | meaning | default |
    const std::string option = line.substr(3, line.find_first_of(" `", 3) - 3);
    std::string given = line.substr(line.rfind('|', line.size() - 2) + 1);
    given = given.substr(0, given.size() - 1);
    std::erase(given, '`');
    given = given.substr(given.find_first_not_of(' '));
    given = given.substr(0, given.find(" ("));
    while (!given.empty() && given.back() == ' ') given.pop_back();
    const std::size_t at = help.find(option + " ");
    ASSERT_NE(at, std::string::npos) << option << " is not in the help";
    const std::string help_line = help.substr(at, help.find('\n', at) - at);
    ++rows;
    if (given == "—") {
      EXPECT_EQ(help_line.find("default"), std::string::npos) << help_line;
      EXPECT_EQ(help_line.find('='), std::string::npos) << help_line;
      continue;
    }
    const bool shown = help_line.find("=" + given + " ") != std::string::npos ||
                       help_line.find("(default: " + given) != std::string::npos;
    EXPECT_TRUE(shown) << "README says " << option << " defaults to '" << given
                       << "', the help says: " << help_line;
  }
  EXPECT_GE(rows, 12);
  EXPECT_NE(run("sat --help").output.find("(default: 16;"), std::string::npos)
      << "README says sat's quantum is 16";
}

// README's simulator example shows the scheme, not a quantum too coarse for
// the machine: the machine carries the quantum it is run with.
TEST(Cli, TheSimulatorExampleRunsAtTheMachinesQuantum) {
  const std::string path = ::testing::TempDir() + "/cli_test_sim_quantum.jsonl";
  std::remove(path.c_str());
  ASSERT_EQ(run("uts --tree T1 --runtime sim --machine ncube2 --workers 1024 --scheme grr-m "
                "--quiet --json " +
                path)
                .status,
            0);
  ASSERT_EQ(run("uts --tree T1 --runtime sim --machine ncube2 --workers 1024 --scheme grr-m "
                "--quiet --quantum 256 --json " +
                path)
                .status,
            0);
  const std::vector<nlohmann::json> records = stacksplit::testing::read_run_records(path);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0]["quantum"], 1);
  EXPECT_GT(records[0]["efficiency"].get<double>(), 0.8);
  EXPECT_EQ(records[1]["quantum"], 256) << "--quantum still wins";
  EXPECT_LT(records[1]["efficiency"].get<double>(), records[0]["efficiency"].get<double>());
}

}  // namespace
