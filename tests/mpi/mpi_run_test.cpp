// The mpi runtime under mpirun: exact counts for every scheme at every rank
// count the suite covers (through mpi_search_driver, one MPI job per rank
// count and scheme), and the stacksplit command line under mpirun.

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "apps/sat/cdcl/portfolio_space.hpp"
#include "apps/uts/uts_presets.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/mpi/mpirun_command.hpp"
#include "tests/mpi/sat_files.hpp"
#include "tests/support/run_records.hpp"
#include "tests/support/subprocess.hpp"

namespace stacksplit::testing {
namespace {

using namespace std::chrono_literals;

constexpr std::uint64_t kQueens12Nodes = 856189;
constexpr std::uint64_t kQueens12Solutions = 14200;

struct DriverLine {
  std::string name;
  std::uint64_t nodes = 0, leaves = 0, depth = 0, solutions = 0, transfers = 0, leftover = 0,
                first_worker_nodes = 0;
  std::vector<int> solution;
};

// Every "<case> nodes=.. leaves=.. depth=.. solutions=.. transfers=.. leftover=..
// first_worker_nodes=.. solution=a,b,.." line, in order: a case printed twice (by two ranks) is
// there twice.
std::vector<DriverLine> parse_driver(const std::string& output) {
  static const std::regex line_pattern(
      R"(^(\S+) nodes=(\d+) leaves=(\d+) depth=(\d+) solutions=(\d+) transfers=(\d+) )"
      R"(leftover=(\d+) first_worker_nodes=(\d+) solution=([\d,]*)$)");
  std::vector<DriverLine> lines;
  std::istringstream in(output);
  for (std::string text; std::getline(in, text);) {
    std::smatch match;
    if (!std::regex_match(text, match, line_pattern)) continue;
    DriverLine line{match[1],
                    std::stoull(match[2]),
                    std::stoull(match[3]),
                    std::stoull(match[4]),
                    std::stoull(match[5]),
                    std::stoull(match[6]),
                    std::stoull(match[7]),
                    std::stoull(match[8]),
                    {}};
    std::istringstream columns(match[9]);
    for (std::string column; std::getline(columns, column, ',');)
      line.solution.push_back(std::stoi(column));
    lines.push_back(line);
  }
  return lines;
}

class MpiSchemeTest : public ::testing::TestWithParam<std::tuple<int, std::string>> {};

// The driver's suite under mpirun: exact counts, and a first mode that stops.
void expect_exact_suite(int ranks, const std::string& scheme, bool aside) {
  std::vector<std::string> command{STACKSPLIT_MPI_DRIVER, scheme, std::to_string(ranks * 7 + 1)};
  if (aside) command.push_back("--aside");
  const ProcessOutcome run = run_process(mpirun(ranks, command), 120s);
  ASSERT_TRUE(run.finished) << "no end after " << run.seconds << " s:\n" << run.output;
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(occurrences(run.output, "done\n"), 1) << "only rank 0 prints:\n" << run.output;
  const std::vector<DriverLine> lines = parse_driver(run.output);
  // Exactly once each: only the rank whose result reports prints.
  auto line_of = [&](const std::string& name) -> const DriverLine* {
    int count = 0;
    const DriverLine* found = nullptr;
    for (const DriverLine& line : lines)
      if (line.name == name) ++count, found = &line;
    EXPECT_EQ(count, 1) << name << " printed " << count << " times:\n" << run.output;
    return found;
  };
  EXPECT_EQ(lines.size(), 4u) << run.output;
  for (const DriverLine& line : lines) {
    EXPECT_EQ(line.leftover, 0u) << line.name << ": messages left after the run (not drained)";
    // Standing aside, rank 0 expands the root alone.
    if (aside) {
      EXPECT_EQ(line.first_worker_nodes, 1u) << line.name << ":\n" << run.output;
    }
  }

  const DriverLine* queens = line_of("nqueens12");
  ASSERT_NE(queens, nullptr);
  EXPECT_EQ(queens->nodes, kQueens12Nodes);
  EXPECT_EQ(queens->solutions, kQueens12Solutions);

  for (const char* tree : {"T1", "T3"}) {
    SCOPED_TRACE(tree);
    const DriverLine* uts = line_of(std::string("uts-") + tree);
    ASSERT_NE(uts, nullptr);
    const apps::uts::UtsCounts& expected = apps::uts::find_uts_preset(tree).expected;
    EXPECT_EQ(uts->nodes, expected.nodes);
    EXPECT_EQ(uts->leaves, expected.leaves);
    EXPECT_EQ(uts->depth, expected.max_depth);
  }

  // N-Queens 22 has trillions of solutions: a first mode that did not stop would time out.
  const DriverLine* first = line_of("nqueens22-first");
  ASSERT_NE(first, nullptr);
  EXPECT_GE(first->solutions, 1u);
  EXPECT_TRUE(queens_are_safe(first->solution, 22)) << run.output;
  // Work moved before the stop, so the stop raced with it.
  if (ranks > 1) {
    EXPECT_GE(first->transfers, 1u) << "no work moved in first mode";
  }
}

TEST_P(MpiSchemeTest, CountsExactlyAndStopsAtAFirstSolution) {
  expect_exact_suite(std::get<0>(GetParam()), std::get<1>(GetParam()), false);
}

// Rank 0's worker stands aside (SearchOptions::aside_worker): it hands the
// root's children on and the other ranks count everything, under every scheme.
class MpiAsideTest : public MpiSchemeTest {};

TEST_P(MpiAsideTest, TheOtherRanksCountExactlyAndStopAtAFirstSolution) {
  expect_exact_suite(std::get<0>(GetParam()), std::get<1>(GetParam()), true);
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
                                            ::testing::ValuesIn(schemes::tree_scheme_names())),
                         case_name);
INSTANTIATE_TEST_SUITE_P(EveryScheme, MpiAsideTest,
                         ::testing::Combine(::testing::Values(2, 3),
                                            ::testing::ValuesIn(schemes::tree_scheme_names())),
                         case_name);

// --- ranks x threads ---

struct MatrixLine {
  std::string name;
  std::uint64_t workers = 0, nodes = 0, expected = 0, leaves = 0, expected_leaves = 0,
                solutions = 0, expected_solutions = 0, leftover = 0;
};

// Every line of the ranks x threads matrix (mpi_search_driver --threads).
std::vector<MatrixLine> parse_matrix(const std::string& output) {
  static const std::regex line_pattern(
      R"(^(\S+) workers=(\d+) nodes=(\d+) expected=(\d+) leaves=(\d+) expected_leaves=(\d+) )"
      R"(solutions=(\d+) expected_solutions=(\d+) transfers=\d+ leftover=(\d+) solution=.*$)");
  std::vector<MatrixLine> lines;
  std::istringstream in(output);
  for (std::string text; std::getline(in, text);) {
    std::smatch match;
    if (!std::regex_match(text, match, line_pattern)) continue;
    lines.push_back({match[1], std::stoull(match[2]), std::stoull(match[3]), std::stoull(match[4]),
                     std::stoull(match[5]), std::stoull(match[6]), std::stoull(match[7]),
                     std::stoull(match[8]), std::stoull(match[9])});
  }
  return lines;
}

// R ranks of T worker threads: every scheme, under both balance policies and
// both splitting strategies, counts exactly what the sequential search
// counts, drains every message, and stops at a first solution.
class MpiRanksByThreadsTest
    : public ::testing::TestWithParam<std::tuple<std::pair<int, int>, std::string>> {};

TEST_P(MpiRanksByThreadsTest, CountsExactlyUnderEveryPolicyAndSplit) {
  const auto& [shape, scheme] = GetParam();
  const auto [ranks, threads] = shape;
  const ProcessOutcome run =
      run_process(mpirun(ranks, {STACKSPLIT_MPI_DRIVER, scheme, std::to_string(ranks * 7 + threads),
                                 "--threads", std::to_string(threads)}),
                  120s);
  ASSERT_TRUE(run.finished) << "no end after " << run.seconds << " s:\n" << run.output;
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(occurrences(run.output, "done\n"), 1) << "only rank 0 prints:\n" << run.output;
  const std::vector<MatrixLine> lines = parse_matrix(run.output);
  EXPECT_EQ(lines.size(), 8u) << run.output;  // 2 policies x 2 splits x 2 trees
  for (const MatrixLine& line : lines) {
    SCOPED_TRACE(line.name);
    EXPECT_EQ(line.workers, static_cast<std::uint64_t>(ranks * threads));
    EXPECT_EQ(line.nodes, line.expected);
    EXPECT_EQ(line.leaves, line.expected_leaves);
    EXPECT_EQ(line.solutions, line.expected_solutions);
    EXPECT_EQ(line.leftover, 0u) << "messages left after the run (not drained)";
  }
  const std::vector<DriverLine> first = parse_driver(run.output);
  ASSERT_EQ(first.size(), 1u) << run.output;
  EXPECT_EQ(first[0].name, "nqueens13-first");
  EXPECT_TRUE(queens_are_safe(first[0].solution, 13)) << run.output;
}

using RanksByThreads = std::tuple<std::pair<int, int>, std::string>;

// R x T in {1x2, 2x1, 2x2, 4x2}, every scheme the registry has.
std::vector<RanksByThreads> ranks_by_threads_cases() {
  std::vector<RanksByThreads> cases;
  for (const std::pair<int, int>& shape : {std::pair{1, 2}, {2, 1}, {2, 2}, {4, 2}})
    for (const std::string& scheme : schemes::tree_scheme_names())
      cases.emplace_back(shape, scheme);
  return cases;
}

std::string ranks_by_threads_name(const ::testing::TestParamInfo<RanksByThreads>& info) {
  const auto& [shape, scheme] = info.param;
  std::string name =
      "np" + std::to_string(shape.first) + "x" + std::to_string(shape.second) + "_" + scheme;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(EveryScheme, MpiRanksByThreadsTest,
                         ::testing::ValuesIn(ranks_by_threads_cases()), ranks_by_threads_name);

// --- the command line under mpirun ---

// Every loop scheme, every loop application, 1 to 4 ranks: the sequential
// result, with work and data moved between ranks by the balancing schemes.
class MpiLoopTest : public ::testing::TestWithParam<std::tuple<std::string, int>> {};

TEST_P(MpiLoopTest, EveryAppGivesTheSequentialResult) {
  const auto& [scheme, ranks] = GetParam();
  const ProcessOutcome run = run_process(mpirun(ranks, {STACKSPLIT_MPI_LOOP_DRIVER, scheme}), 120s);
  ASSERT_TRUE(run.finished) << run.output;
  ASSERT_EQ(run.exit_code, 0) << run.output;
  for (const char* app : {"mxm", "trfd", "ac", "maptri", "ep", "synthetic"})
    EXPECT_EQ(occurrences(run.output, std::string(app) + " iterations="), 1) << app << run.output;
  EXPECT_EQ(occurrences(run.output, " ok\n"), 6) << run.output;
  EXPECT_EQ(occurrences(run.output, "DIFFERS"), 0) << run.output;
  EXPECT_EQ(occurrences(run.output, "done\n"), 1) << run.output;
}

std::vector<std::tuple<std::string, int>> loop_cases() {
  std::vector<std::tuple<std::string, int>> cases;
  for (const std::string& scheme : schemes::scheme_registry().names(schemes::kLoopFamily))
    for (int ranks : {1, 2, 3, 4}) cases.emplace_back(scheme, ranks);
  return cases;
}

INSTANTIATE_TEST_SUITE_P(EveryLoopScheme, MpiLoopTest, ::testing::ValuesIn(loop_cases()),
                         [](const auto& info) {
                           std::string name = std::get<0>(info.param) + "_np" +
                                              std::to_string(std::get<1>(info.param));
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

TEST(MpiCommandLine, ChoosesTheMpiRuntimeAndOnlyRankZeroPrints) {
  const ProcessOutcome run = run_process(mpirun(3, {STACKSPLIT_CLI, "nqueens", "12"}), 60s);
  ASSERT_TRUE(run.finished) << run.output;
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(occurrences(run.output, "runtime mpi, 3 workers"), 1) << run.output;
  EXPECT_EQ(occurrences(run.output, "\nnodes = 856189,"), 1) << run.output;
  EXPECT_EQ(occurrences(run.output, "solutions = 14200\n"), 1) << run.output;
}

// mpirun forwards Ctrl-C to every rank: each stops, the ranks (and every
// thread of each, also those idle and blocked on their mailboxes) still
// finish together and rank 0 alone prints the partial summary and writes the
// record.
void expect_clean_interrupt(int ranks, int threads) {
  const std::string json = ::testing::TempDir() + "mpi_interrupt_" + std::to_string(getpid()) +
                           "_" + std::to_string(threads) + ".jsonl";
  std::remove(json.c_str());
  Subprocess job(mpirun(ranks, {STACKSPLIT_CLI, "uts", "--tree", "T1L", "--workers",
                                std::to_string(threads), "--json", json}));
  ASSERT_TRUE(job.wait_for_output("UTS tree type", 60s));
  std::this_thread::sleep_for(1500ms);
  kill(job.pid(), SIGINT);
  const ProcessOutcome run = job.wait(60s);
  ASSERT_TRUE(run.finished) << run.output;
  EXPECT_EQ(occurrences(run.output, "interrupted: the counts below are partial"), 1) << run.output;
  EXPECT_EQ(occurrences(run.output, "(partial: interrupted)"), 1) << run.output;
  const nlohmann::json record = first_run_record(json);
  ASSERT_FALSE(record.is_null()) << "no run record: " << run.output;
  EXPECT_EQ(record["interrupted"], true);
  EXPECT_EQ(record["per_worker"].size(), static_cast<std::size_t>(ranks * threads));
  EXPECT_LT(record["nodes"].get<std::uint64_t>(), 102181082u);
  std::remove(json.c_str());
}

TEST(MpiCommandLine, AnInterruptStopsEveryRankCleanly) { expect_clean_interrupt(2, 1); }

TEST(MpiCommandLine, AnInterruptStopsEveryThreadOfEveryRankCleanly) {
  expect_clean_interrupt(2, 2);
}

// A bad file is reported once, not once per rank.
TEST(MpiCommandLine, AnInputErrorIsPrintedOnce) {
  const std::string file = ::testing::TempDir() + "mpi_bad_" + std::to_string(getpid()) + ".cnf";
  std::ofstream(file) << "p cnf 3 1\n1 2 x 0\n";
  const ProcessOutcome run = run_process(mpirun(3, {STACKSPLIT_CLI, "sat", file}), 60s);
  std::remove(file.c_str());
  ASSERT_TRUE(run.finished) << run.output;
  EXPECT_NE(run.exit_code, 0);
  EXPECT_EQ(occurrences(run.output, file + ":2:"), 1) << run.output;
}

// With mpirun --quiet the answer's exit status comes without Open MPI's
// banner about a non-zero exit code (README, "SAT").
TEST(MpiCommandLine, QuietMpirunGivesTheAnswersStatusWithoutABanner) {
  const std::string file = ::testing::TempDir() + "mpi_quiet_" + std::to_string(getpid()) + ".cnf";
  std::ofstream(file) << "p cnf 2 2\n1 2 0\n-1 0\n";
  std::vector<std::string> argv = mpirun(2, {STACKSPLIT_CLI, "sat", file});
  argv.insert(argv.begin() + 1, "--quiet");
  const ProcessOutcome run = run_process(argv, 60s);
  std::remove(file.c_str());
  ASSERT_TRUE(run.finished) << run.output;
  EXPECT_EQ(run.exit_code, 10) << run.output;
  EXPECT_EQ(occurrences(run.output, "s SATISFIABLE\n"), 1) << run.output;
  EXPECT_EQ(run.output.find("non-zero"), std::string::npos) << run.output;
}

TEST(MpiCommandLine, AcceptsAnExplicitRuntimeAndOneWorkerARank) {
  const ProcessOutcome run = run_process(
      mpirun(2, {STACKSPLIT_CLI, "nqueens", "10", "--runtime", "mpi", "--workers", "1", "--quiet"}),
      60s);
  ASSERT_TRUE(run.finished) << run.output;
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(run.output, "solutions = 724\n");
}

// Under mpirun --workers is a rank's threads: 2 ranks of 2 are 4 workers on
// 2 nodes, the record says so, and every rank counts its own.
TEST(MpiCommandLine, WorkersAreThreadsInEachRank) {
  const std::string json =
      ::testing::TempDir() + "mpi_threads_" + std::to_string(getpid()) + ".jsonl";
  std::remove(json.c_str());
  const ProcessOutcome run = run_process(mpirun(2, {STACKSPLIT_CLI, "nqueens", "10", "--workers",
                                                    "2", "--balance", "two-level", "--json", json}),
                                         60s);
  ASSERT_TRUE(run.finished) << run.output;
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(occurrences(run.output, "runtime mpi, 4 workers (2 nodes of 2)"), 1) << run.output;
  EXPECT_EQ(occurrences(run.output, "solutions = 724\n"), 1) << run.output;
  const nlohmann::json record = first_run_record(json);
  ASSERT_FALSE(record.is_null()) << "no run record: " << run.output;
  EXPECT_EQ(record["per_worker"].size(), 4u);
  EXPECT_EQ(record["workers_per_node"], 2);
  EXPECT_EQ(record["machine_nodes"], 2);
  std::remove(json.c_str());
}

// More threads than the host has cores run (oversubscribed) and are said
// once, by rank 0, on stderr.
TEST(MpiCommandLine, OversubscribedThreadsAreSaidOnce) {
  const ProcessOutcome run =
      run_process(mpirun(2, {STACKSPLIT_CLI, "nqueens", "8", "--workers", "64", "--quiet"}), 60s);
  ASSERT_TRUE(run.finished) << run.output;
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(occurrences(run.output, "solutions = 92\n"), 1) << run.output;
  EXPECT_EQ(occurrences(run.output, "oversubscribed"), 1) << run.output;
  EXPECT_EQ(occurrences(run.output, "--workers 64 in each of the 2 ranks"), 1) << run.output;
}

TEST(MpiCommandLine, RefusesNoWorkersInARank) {
  const ProcessOutcome run =
      run_process(mpirun(3, {STACKSPLIT_CLI, "nqueens", "10", "--workers", "0"}), 60s);
  ASSERT_TRUE(run.finished) << run.output;
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("--workers must be between 1"), std::string::npos) << run.output;
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
  const ProcessOutcome run =
      run_process(mpirun(4, {STACKSPLIT_CLI, "uts", "--tree", "T1", "--scheme", "rp"}), 120s);
  ASSERT_TRUE(run.finished) << run.output;
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(occurrences(run.output, "Tree size = 4130071, tree depth = 10, num leaves = 3305118"),
            1)
      << run.output;
  EXPECT_EQ(occurrences(run.output, "runtime mpi, 4 workers"), 1) << run.output;
}

// --- SAT through the command line under mpirun ---

// A clause as two masks over at most 32 variables: the positive and the negated ones.
struct MaskClause {
  std::uint32_t positive = 0, negative = 0;
};

struct SmallFormula {
  int variables = 0;
  std::vector<MaskClause> clauses;
};

// The same, read back as masks (plain DIMACS, one clause a line,
// 0-terminated); at most 32 variables.
SmallFormula generate_formula(const std::vector<std::string>& arguments, const std::string& path) {
  write_generated_formula(arguments, path);
  SmallFormula formula;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    if (line.empty() || line[0] == 'c') continue;
    if (line[0] == 'p') {
      std::string p, cnf;
      words >> p >> cnf >> formula.variables;
      EXPECT_LE(formula.variables, 32) << "masks hold at most 32 variables";
      continue;
    }
    MaskClause clause;
    for (int literal; words >> literal && literal != 0;) {
      if (std::abs(literal) > 32) continue;  // reported above
      (literal > 0 ? clause.positive : clause.negative) |= 1u << (std::abs(literal) - 1);
    }
    formula.clauses.push_back(clause);
  }
  return formula;
}

// Models by trying every assignment: the count the solver's must equal.
std::uint64_t count_models(const SmallFormula& formula) {
  std::uint64_t models = 0;
  for (std::uint32_t assignment = 0; assignment < (1u << formula.variables); ++assignment) {
    bool satisfied = true;
    for (const MaskClause& clause : formula.clauses)
      if (((assignment & clause.positive) | (~assignment & clause.negative)) == 0) {
        satisfied = false;
        break;
      }
    models += satisfied;
  }
  return models;
}

// The "v ..." lines of the output as an assignment; true when it satisfies every clause.
bool model_satisfies(const std::string& output, const SmallFormula& formula) {
  std::uint32_t assignment = 0;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("v ", 0) != 0) continue;
    std::istringstream words(line.substr(2));
    for (int literal; words >> literal && literal != 0;)
      if (literal > 0) assignment |= 1u << (literal - 1);
  }
  for (const MaskClause& clause : formula.clauses)
    if (((assignment & clause.positive) | (~assignment & clause.negative)) == 0) return false;
  return true;
}

class MpiSatTest : public ::testing::TestWithParam<int> {
 protected:
  std::string path(const std::string& name) const {
    return ::testing::TempDir() + "mpi_sat_" + std::to_string(getpid()) + "_" +
           std::to_string(GetParam()) + "_" + name + ".cnf";
  }
  ProcessOutcome sat(const std::string& file, const std::vector<std::string>& options = {}) const {
    std::vector<std::string> command = {STACKSPLIT_CLI, "sat", file};
    command.insert(command.end(), options.begin(), options.end());
    return run_process(mpirun(GetParam(), command), 60s);
  }
};

// Under-constrained random 3-SAT: hundreds of models among 2^20 assignments.
TEST_P(MpiSatTest, CountsEveryModel) {
  const std::string file = path("count");
  const SmallFormula formula =
      generate_formula({"random", "--variables", "20", "--ratio", "3", "--seed", "1"}, file);
  const std::uint64_t models = count_models(formula);
  ASSERT_GT(models, 1u) << "the formula is meant to have several models";
  const ProcessOutcome run = sat(file, {"--count"});
  std::remove(file.c_str());
  ASSERT_TRUE(run.finished) << run.output;
  EXPECT_EQ(run.exit_code, 10) << run.output;
  EXPECT_EQ(occurrences(run.output, "c models " + std::to_string(models) + "\n"), 1) << run.output;
  EXPECT_EQ(occurrences(run.output, "s SATISFIABLE\n"), 1) << run.output;
}

TEST_P(MpiSatTest, DecidesSatisfiableWithAModel) {
  const std::string file = path("sat");
  const SmallFormula formula =
      generate_formula({"random", "--variables", "20", "--ratio", "4", "--seed", "3"}, file);
  ASSERT_GT(count_models(formula), 0u) << "the formula is meant to be satisfiable";
  const ProcessOutcome run = sat(file);
  std::remove(file.c_str());
  ASSERT_TRUE(run.finished) << run.output;
  EXPECT_EQ(run.exit_code, 10) << run.output;
  EXPECT_EQ(occurrences(run.output, "s SATISFIABLE\n"), 1) << run.output;
  EXPECT_TRUE(model_satisfies(run.output, formula)) << run.output;
}

// Over-constrained random 3-SAT, with no model among the 2^20 assignments.
TEST_P(MpiSatTest, DecidesUnsatisfiable) {
  const std::string file = path("unsat");
  const SmallFormula formula =
      generate_formula({"random", "--variables", "20", "--ratio", "6", "--seed", "1"}, file);
  ASSERT_EQ(count_models(formula), 0u) << "the formula is meant to be unsatisfiable";
  const ProcessOutcome run = sat(file);
  std::remove(file.c_str());
  ASSERT_TRUE(run.finished) << run.output;
  EXPECT_EQ(run.exit_code, 20) << run.output;
  EXPECT_EQ(occurrences(run.output, "s UNSATISFIABLE\n"), 1) << run.output;
}

// The heuristic's counters of every rank reach the record, not only rank 0's.
TEST_P(MpiSatTest, RecordsEveryRanksApplicationCounters) {
  const std::string file = path("counters");
  const std::string json = path("counters") + ".jsonl";
  write_generated_formula({"random", "--variables", "40", "--ratio", "3", "--seed", "2"}, file);
  const ProcessOutcome run = sat(file, {"--count", "--quantum", "1", "--json", json});
  std::remove(file.c_str());
  ASSERT_TRUE(run.finished) << run.output;
  const nlohmann::json record = first_run_record(json);
  ASSERT_FALSE(record.is_null()) << "no run record";
  std::remove(json.c_str());
  ASSERT_EQ(record["per_worker"].size(), static_cast<std::size_t>(GetParam()));
  std::uint64_t sum = 0;
  int ranks_that_searched = 0;
  for (const auto& worker : record["per_worker"]) {
    const std::uint64_t lookaheads = worker["app_counters"]["lookaheads"].get<std::uint64_t>();
    sum += lookaheads;
    if (worker["nodes"].get<std::uint64_t>() > 10) {
      ++ranks_that_searched;
      EXPECT_GT(lookaheads, 0u) << worker;
    }
  }
  EXPECT_GT(ranks_that_searched, 1) << "work should have moved";
  EXPECT_EQ(sum, record["app_counters"]["lookaheads"].get<std::uint64_t>());
}

// Cube-and-conquer under mpirun: each rank's CaDiCaL decides the cubes that
// rank reaches. Structured formulas whose answers the generator documents,
// with the cutoff set by hand (cubes at every rank's first few decisions) and
// with --solver auto (whose probes must choose alike on every rank); models
// checked against the file; the record sums every rank's cubes.
TEST_P(MpiSatTest, CubeAndConquerDecidesStructuredFormulas) {
  struct Case {
    std::vector<std::string> generator;
    bool satisfiable;
  };
  const std::vector<Case> cases = {
      {{"pigeonhole", "--holes", "6"}, false},
      {{"xor-chains", "--inputs", "14"}, false},
      {{"xor-chains", "--inputs", "14", "--satisfiable"}, true},
      {{"counter", "--bits", "4", "--steps", "12", "--target", "9"}, true},
      {{"counter", "--bits", "4", "--steps", "12", "--target", "13"}, false},
  };
  int formula = 0;
  for (const Case& c : cases) {
    const std::string file = path("cnc" + std::to_string(formula++));
    write_generated_formula(c.generator, file);
    for (const std::vector<std::string>& solver :
         {std::vector<std::string>{"--solver", "cnc", "--cube-cutoff", "4"},
          std::vector<std::string>{"--solver", "auto"}}) {
      const std::string json = file + ".jsonl";
      std::vector<std::string> options = solver;
      options.insert(options.end(), {"--quantum", "1", "--json", json});
      const ProcessOutcome run = sat(file, options);
      const std::string what = c.generator[0] + " " + c.generator[2] + " " + solver[1];
      ASSERT_TRUE(run.finished) << what << "\n" << run.output;
      EXPECT_EQ(run.exit_code, c.satisfiable ? 10 : 20) << what << "\n" << run.output;
      EXPECT_EQ(occurrences(run.output, c.satisfiable ? "s SATISFIABLE\n" : "s UNSATISFIABLE\n"), 1)
          << what << "\n"
          << run.output;
      if (c.satisfiable) {
        EXPECT_TRUE(model_satisfies_file(run.output, file)) << what;
      }
      const nlohmann::json record = first_run_record(json);
      ASSERT_FALSE(record.is_null()) << what << ": no run record";
      std::remove(json.c_str());
      ASSERT_EQ(record["per_worker"].size(), static_cast<std::size_t>(GetParam())) << what;
      // The portfolio (auto's choice for CDCL's formulas) has no cubes: a
      // member answered (two may, at once), or the race did.
      const bool portfolio = record["app_details"]["solver"] == "portfolio";
      const std::string counter = portfolio ? "answered" : "cubes";
      std::uint64_t sum = 0;
      for (const auto& worker : record["per_worker"])
        sum += worker["app_counters"][counter].get<std::uint64_t>();
      EXPECT_EQ(sum, record["app_counters"][counter].get<std::uint64_t>()) << what;
      if (record["app_details"]["solver"] == "cnc") {
        EXPECT_GT(sum, 0u) << what;
      }
      if (portfolio && record["app_details"]["verdicts"][0]["member"] != "race") {
        EXPECT_GE(sum, 1u) << what << record["app_details"];
      }
    }
    std::remove(file.c_str());
  }
}

// The CDCL portfolio, one member a rank beside the race (member 0, on rank
// 0): clauses travel between ranks as messages (every rank exports, some
// rank keeps another's), one member answers, a refutation on one rank ends
// the others, a model is checked.
TEST_P(MpiSatTest, PortfolioSharesClausesBetweenRanks) {
  struct Case {
    std::vector<std::string> generator;
    bool satisfiable;
  };
  const std::vector<Case> cases = {
      {{"pigeonhole", "--holes", "9"}, false},
      {{"counter", "--bits", "6", "--steps", "40", "--target", "37"}, true},
  };
  int formula = 0;
  for (const Case& c : cases) {
    const std::string file = path("portfolio" + std::to_string(formula++));
    const std::string json = file + ".jsonl";
    write_generated_formula(c.generator, file);
    const ProcessOutcome run = sat(file, {"--solver", "portfolio", "--json", json});
    const std::string what = c.generator[0];
    ASSERT_TRUE(run.finished) << what << "\n" << run.output;
    EXPECT_EQ(run.exit_code, c.satisfiable ? 10 : 20) << what << "\n" << run.output;
    if (c.satisfiable) {
      EXPECT_TRUE(model_satisfies_file(run.output, file)) << what;
    }
    const nlohmann::json record = first_run_record(json);
    ASSERT_FALSE(record.is_null()) << what << ": no run record";
    std::remove(json.c_str());
    std::remove(file.c_str());
    ASSERT_EQ(record["per_worker"].size(), static_cast<std::size_t>(GetParam())) << what;
    std::uint64_t answered = 0, kept = 0;
    std::set<std::uint64_t> members;  // plus one; 0: the rank ran none
    int ran_one = 0;
    for (const auto& worker : record["per_worker"]) {
      const auto& counters = worker["app_counters"];
      answered += counters["answered"].get<std::uint64_t>();
      kept += counters["imported"].get<std::uint64_t>();
      const std::uint64_t member = counters["member"].get<std::uint64_t>();
      if (member != 0) {
        members.insert(member);
        ++ran_one;
      }
      if (!c.satisfiable && member != 0) {
        EXPECT_GT(counters["exported"].get<std::uint64_t>(), 0u) << what << "\n" << worker;
      }
    }
    // A worker's member answered (two may, at once), or the race (member 0
    // on rank 0) did.
    if (record["app_details"]["verdicts"][0]["member"] != "race") {
      EXPECT_GE(answered, 1u) << what << record["app_details"]["verdicts"];
    }
    EXPECT_EQ(members.size(), static_cast<std::size_t>(ran_one)) << what << ": no member twice";
    if (!c.satisfiable) {
      // A long search: every rank got a member but, with two ranks or more,
      // rank 0, whose worker yields to the race and watches (it hands the
      // members out); and some kept another's clauses.
      EXPECT_EQ(ran_one, GetParam() >= 2 ? GetParam() - 1 : 1) << what << ": one member a rank";
      if (GetParam() >= 2) {
        EXPECT_EQ(record["per_worker"][0]["app_counters"]["member"], 0u) << what;
      }
      EXPECT_GT(kept, 0u) << what;
    }
  }
}

// --solver auto races CaDiCaL on the whole formula on rank 0 (cdcl_race.hpp):
// XOR chains that must differ are refuted by it at once (look-ahead DPLL
// would walk millions of nodes), and the refutation reaches every rank; the
// satisfiable chains and the pigeon-hole formula are answered by whichever
// side is first, a model checked.
TEST_P(MpiSatTest, AutoRacesCdclOnRankZero) {
  struct Case {
    std::vector<std::string> generator;
    int status;
    bool race_decides;
  };
  const std::vector<Case> cases = {
      {{"xor-chains", "--inputs", "40"}, 20, true},
      {{"xor-chains", "--inputs", "40", "--satisfiable"}, 10, false},
      {{"pigeonhole", "--holes", "8"}, 20, false},
  };
  int formula = 0;
  for (const Case& c : cases) {
    const std::string file = path("race" + std::to_string(formula++));
    write_generated_formula(c.generator, file);
    const ProcessOutcome run = sat(file);
    const std::string what = c.generator[0] + " " + c.generator[2];
    ASSERT_TRUE(run.finished) << what << "\n" << run.output;
    EXPECT_EQ(run.exit_code, c.status) << what << "\n" << run.output;
    EXPECT_EQ(occurrences(run.output, c.status == 10 ? "s SATISFIABLE\n" : "s UNSATISFIABLE\n"), 1)
        << what << "\n"
        << run.output;
    // Rank 0 alone runs and reports the race; when the probes chose the
    // portfolio (the dives, on a loaded machine, before the race decided),
    // the race is its member 0 and the ranks' workers run members 1, 2, ...
    EXPECT_EQ(occurrences(run.output, "c race: CaDiCaL on the whole formula"), 1)
        << what << ": rank 0 alone races\n"
        << run.output;
    if (c.race_decides) {
      EXPECT_EQ(occurrences(run.output, "decided the formula: unsatisfiable"), 1) << what << "\n"
                                                                                  << run.output;
    }
    if (run.output.find("solver portfolio") != std::string::npos) {
      EXPECT_EQ(run.output.find(": member 0 ("), std::string::npos)
          << what << ": member 0 is the race, no worker's\n"
          << run.output;
    }
    if (c.status == 10) {
      EXPECT_TRUE(model_satisfies_file(run.output, file)) << what;
    }
    std::remove(file.c_str());
  }
}

// Under mpirun auto's probes run on rank 1, beside the portfolio's first
// member (its head start), as the threads runtime runs them on the core the
// race leaves, and rank 0 keeps its core for the race. Rank 0 reports what
// rank 1 measured: the probes' figures and the head start's CPU time, and
// its verdict (a model checked) when it decided first.
TEST_P(MpiSatTest, TheProbesAndTheHeadStartRunOnRankOne) {
  const std::string file = path("probes");
  // Its probes (the cube trial) take a tenth of a second or more: the head
  // start has its turns, and its CPU time is read at one of them (a formula
  // probed in less than a turn, 10 ms, may leave it at 0).
  write_generated_formula({"vdw", "-k", "5", "-n", "177"}, file);
  const std::string json = file + ".jsonl";
  const ProcessOutcome run = sat(file, {"--json", json});
  ASSERT_TRUE(run.finished) << run.output;
  EXPECT_EQ(run.exit_code, 10) << run.output;
  EXPECT_EQ(occurrences(run.output, "s SATISFIABLE\n"), 1) << run.output;
  EXPECT_TRUE(model_satisfies_file(run.output, file)) << run.output;
  const nlohmann::json record = first_run_record(json);
  ASSERT_FALSE(record.is_null()) << "no run record";
  const nlohmann::json details = record["app_details"];
  std::remove(json.c_str());
  std::remove(file.c_str());
  EXPECT_TRUE(details["race"].is_object()) << "rank 0 races";
  if (details["auto_choice"]["reason"] == "decided during the probes") {
    // The race on rank 0 told rank 1's probes to stop, or the head start
    // on rank 1 decided beside them.
    const std::string first = details["verdicts"][0]["member"];
    EXPECT_TRUE(first == "race" || first.starts_with("portfolio member 1 (rank 1")) << details;
  } else {
    EXPECT_GT(details["auto_choice"]["dives"].get<int>(), 0) << "rank 1's probes, told to rank 0";
  }
  ASSERT_FALSE(details["portfolio_head_start"].is_null()) << details;
  EXPECT_GT(details["portfolio_head_start"]["cpu_s_during_probes"].get<double>(), 0.0) << details;
}

// A rank waiting for rank 0's decision (auto's choice of solver) sleeps: a
// blocking MPI_Bcast spins in Open MPI's progress loop, and where ranks
// share a host it took a core from rank 0's probes and their race.
TEST(MpiBroadcast, OtherRanksWaitAsleep) {
  const ProcessOutcome run = run_process(mpirun(2, {STACKSPLIT_MPI_DRIVER, "--broadcast"}), 60s);
  ASSERT_TRUE(run.finished) << run.output;
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const std::regex line(R"(rank 1 waited ([0-9.e-]+) s, cpu ([0-9.e-]+) s, got decided)");
  std::smatch match;
  ASSERT_TRUE(std::regex_search(run.output, match, line)) << run.output;
  const double waited = std::stod(match[1]);
  const double cpu = std::stod(match[2]);
  EXPECT_GE(waited, 0.3) << run.output;
  EXPECT_LT(cpu, 0.5 * waited) << "the waiting rank spun:\n" << run.output;
}

// A rank that waits for another's decision and finds it moot (SAT: its
// race answered while rank 1 probes) tells that rank to hurry; no word of
// theirs is left for the search that follows, whether the rank had
// something to say (rank 0) or not (rank 2).
TEST(MpiBroadcast, ARankThatWaitsCanHurryTheRoot) {
  for (int ranks : {2, 3}) {
    const ProcessOutcome run = run_process(mpirun(ranks, {STACKSPLIT_MPI_DRIVER, "--hurry"}), 120s);
    const std::string what = "np " + std::to_string(ranks) + "\n" + run.output;
    ASSERT_TRUE(run.finished) << what;
    ASSERT_EQ(run.exit_code, 0) << what;
    std::smatch match;
    ASSERT_TRUE(
        std::regex_search(run.output, match, std::regex(R"(rank 1 hurried after ([0-9.e-]+) s)")))
        << what;
    // Asked 0.3 s in; unasked it would have gone on for 30 s.
    EXPECT_LT(std::stod(match[1]), 20.0) << what;
    for (int rank = 0; rank < ranks; ++rank)
      EXPECT_EQ(
          occurrences(run.output, "rank " + std::to_string(rank) + " got decided, leftover 0\n"), 1)
          << what;
  }
}

// A long node (a CDCL call) ends for urgent mail only (core/detail/
// message.hpp, is_urgent): under MPI an urgent message has a tag of its
// own, which a probe finds without the others, and on a rank's other
// threads the mailbox counts them. Not urgent knowledge sent 0.5 s before
// the urgent is not seen as urgent; both arrive.
TEST(MpiRuntime, ALongNodeSeesOnlyUrgentMail) {
  for (const char* threads : {"1", "2"}) {
    const ProcessOutcome run =
        run_process(mpirun(2, {STACKSPLIT_MPI_DRIVER, "--urgent", threads}), 120s);
    const std::string what = std::string("threads ") + threads + "\n" + run.output;
    ASSERT_TRUE(run.finished) << what;
    ASSERT_EQ(run.exit_code, 0) << what;
    std::smatch match;
    ASSERT_TRUE(
        std::regex_search(run.output, match, std::regex(R"(urgent mail seen after ([0-9.e-]+) s)")))
        << what;
    const double seen = std::stod(match[1]);
    EXPECT_GE(seen, 0.45) << "the first message is not urgent\n" << what;
    EXPECT_LT(seen, 15.0) << "the urgent one was seen\n" << what;
    EXPECT_EQ(occurrences(run.output, "received 2\n"), 1) << what;
  }
}

// --solver auto's probes on van der Waerden W(2,5) at 178 take seconds (the
// cube trial); a time limit of a fraction of that cuts them, on each rank at
// its own moment. Every rank must still run one choice (the solvers'
// spaces and messages differ): the job ends with one s UNKNOWN, exit 0, and
// one solver in the record, at 2 and 4 ranks.
TEST(MpiSatAuto, EveryRankTakesRankZerosChoiceWhenTheTimeLimitCutsTheProbes) {
  const std::string file =
      ::testing::TempDir() + "mpi_sat_agree_" + std::to_string(getpid()) + ".cnf";
  write_generated_formula({"vdw", "-k", "5", "-n", "178"}, file);
  for (int ranks : {2, 4}) {
    for (const char* limit : {"0.2", "0.6"}) {
      const std::string json = file + ".jsonl";
      const ProcessOutcome run = run_process(
          mpirun(ranks, {STACKSPLIT_CLI, "sat", file, "--time-limit", limit, "--json", json}),
          120s);
      const std::string what = "np " + std::to_string(ranks) + " limit " + limit;
      ASSERT_TRUE(run.finished) << what << "\n" << run.output;
      EXPECT_EQ(run.exit_code, 0) << what << "\n" << run.output;
      EXPECT_EQ(occurrences(run.output, "s UNKNOWN\n"), 1) << what << "\n" << run.output;
      const nlohmann::json record = first_run_record(json);
      ASSERT_FALSE(record.is_null()) << what << ": no run record";
      std::remove(json.c_str());
      EXPECT_EQ(record["per_worker"].size(), static_cast<std::size_t>(ranks)) << what;
    }
  }
  std::remove(file.c_str());
}

// Under --solver auto the race is the portfolio's member 0 on rank 0 (one
// solve call in a thread of its own) and the ranks' workers run members 1,
// 2, ..., each sliced to take the others' clauses in. The formula has too
// many variables for look-ahead (auto goes to the portfolio at once) and
// takes CaDiCaL seconds, past a first slice. Rank 1 runs member 1's first
// slice from the start, while MPI starts (0.2 s and more), as rank 0 runs
// the race.
TEST_P(MpiSatTest, TheRanksRunMembersBesideTheRace) {
  const std::string file = path("beside_race");
  const std::string json = file + ".jsonl";
  write_generated_formula({"counter", "--bits", "12", "--steps", "600", "--target", "4000"}, file);
  const ProcessOutcome run = sat(file, {"--json", json});
  std::remove(file.c_str());
  ASSERT_TRUE(run.finished) << run.output;
  EXPECT_EQ(run.exit_code, 20) << run.output;
  const nlohmann::json record = first_run_record(json);
  ASSERT_FALSE(record.is_null()) << "no run record\n" << run.output;
  std::remove(json.c_str());
  ASSERT_EQ(record["app_details"]["solver"], "portfolio") << run.output;
  ASSERT_EQ(record["per_worker"].size(), static_cast<std::size_t>(GetParam()));
  std::set<std::uint64_t> members;
  for (std::size_t rank = 0; rank < record["per_worker"].size(); ++rank) {
    const auto& counters = record["per_worker"][rank]["app_counters"];
    const std::uint64_t member = counters["member"].get<std::uint64_t>();
    if (member == 0) continue;  // the race decided before this rank's member started
    EXPECT_GE(member, 2u) << "rank " << rank << ": member 0 is the race\n" << run.output;
    members.insert(member);
  }
  EXPECT_FALSE(members.empty()) << run.output;
  EXPECT_EQ(occurrences(run.output, "c race: CaDiCaL on the whole formula"), 1) << run.output;
  // No probes are needed, and rank 1 ran member 1's first slice while MPI
  // started (a head start of one slice), which its member went on with.
  const nlohmann::json& head_start = record["app_details"]["portfolio_head_start"];
  ASSERT_FALSE(head_start.is_null()) << record["app_details"];
  EXPECT_EQ(head_start["kept"], true) << record["app_details"];
  EXPECT_TRUE(members.contains(2u)) << "member 1 (counted from 1: 2) ran\n" << run.output;
}

// A DRAT proof is one file written by one process: under mpirun with
// several ranks --proof is refused with a line saying so (exit 2), before
// anything runs; every solver still answers as MiniSat does, a model checked.
TEST_P(MpiSatTest, AProofNeedsOneProcessAndEverySolverAnswers) {
  const std::string file = path("proof");
  write_generated_formula({"pigeonhole", "--holes", "5"}, file);
  const ProcessOutcome refused = sat(file, {"--proof", file + ".drat"});
  ASSERT_TRUE(refused.finished) << refused.output;
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_EQ(occurrences(refused.output, "--proof: a proof needs one process"), 1) << refused.output;
  for (const std::string solver : {"dpll", "cnc", "portfolio", "auto"}) {
    const ProcessOutcome unsat = sat(file, {"--solver", solver});
    EXPECT_EQ(unsat.exit_code, 20) << solver << "\n" << unsat.output;
    const std::string sat_file = path("proof-sat");
    write_generated_formula({"counter", "--bits", "4", "--steps", "10", "--target", "7"}, sat_file);
    const ProcessOutcome model = sat(sat_file, {"--solver", solver});
    EXPECT_EQ(model.exit_code, 10) << solver << "\n" << model.output;
    EXPECT_TRUE(model_satisfies_file(model.output, sat_file)) << solver;
    std::remove(sat_file.c_str());
  }
  std::remove(file.c_str());
}

// A model found on a rank other than 0 (found by experiments/sat_fuzz: on
// this random 4-SAT formula rank 1's DPLL finds it 2 runs in 3): rank 0 hears
// that some rank decided, stops, and answers with the model the engine
// gathers, checked. (Rank 0 once posted the SAT it heard without a model,
// and the answer was "internal error: the model falsifies clause 1".)
TEST_P(MpiSatTest, AModelFoundOnAnotherRankIsTheAnswer) {
  const std::string file = path("model-elsewhere");
  write_generated_formula(
      {"random", "--variables", "43", "--clauses", "417", "-k", "4", "--seed", "95090"}, file);
  for (int round = 0; round < 3; ++round) {
    for (const std::string solver : {"dpll", "cnc"}) {
      const ProcessOutcome run = sat(file, {"--solver", solver});
      EXPECT_EQ(run.exit_code, 10) << solver << "\n" << run.output;
      EXPECT_TRUE(model_satisfies_file(run.output, file)) << solver << "\n" << run.output;
    }
  }
  std::remove(file.c_str());
}

// With the race on rank 0, rank 0's worker stands aside in the tree search
// (SearchOptions::aside_worker): it expands the root alone, so that the race
// keeps its core, and the other ranks' workers decide. Hard random 3-SAT,
// where auto chooses DPLL after its probes (an easier formula is decided
// during them), unsatisfiable as DPLL on one thread says too.
TEST_P(MpiSatTest, RankZerosWorkerLeavesTheTreeToTheOtherRanksBesideTheRace) {
  const std::string file = path("aside");
  write_generated_formula({"random", "--variables", "250", "--ratio", "4.26", "--seed", "1"}, file);
  const std::string json = file + ".jsonl";
  const ProcessOutcome run = sat(file, {"--json", json});
  const ProcessOutcome alone =
      run_process({STACKSPLIT_CLI, "sat", file, "--solver", "dpll", "--workers", "1"}, 60s);
  std::remove(file.c_str());
  ASSERT_TRUE(run.finished) << run.output;
  EXPECT_EQ(run.exit_code, 20) << run.output;
  EXPECT_EQ(alone.exit_code, 20) << alone.output;
  const nlohmann::json record = first_run_record(json);
  ASSERT_FALSE(record.is_null()) << "no run record: " << run.output;
  std::remove(json.c_str());
  ASSERT_EQ(record["app_details"]["solver"], "dpll") << record["app_details"];
  ASSERT_EQ(record["per_worker"].size(), static_cast<std::size_t>(GetParam()));
  EXPECT_EQ(record["per_worker"][0]["nodes"], 1) << run.output;
  EXPECT_GT(record["nodes"].get<std::uint64_t>(), 100u) << run.output;
}

INSTANTIATE_TEST_SUITE_P(Ranks, MpiSatTest, ::testing::Values(2, 3),
                         [](const ::testing::TestParamInfo<int>& info) {
                           return "np" + std::to_string(info.param);
                         });

}  // namespace
}  // namespace stacksplit::testing
