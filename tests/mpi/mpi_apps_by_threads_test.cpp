// The applications under mpirun with R ranks of T worker threads (the mpi
// runtime's ranks x threads): optimize mode finds the optimum the sequential
// search finds, its incumbent reaching every thread of every rank; SAT keeps
// one formula a rank, its portfolio members share clauses through memory
// inside a rank and through messages between ranks, and its race runs once,
// on rank 0, beside workers that yield their cores to it.

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "schemes/scheme_registry.hpp"
#include "tests/mpi/mpirun_command.hpp"
#include "tests/mpi/sat_files.hpp"
#include "tests/support/run_records.hpp"
#include "tests/support/subprocess.hpp"

namespace stacksplit::testing {
namespace {

using namespace std::chrono_literals;
using Shape = std::pair<int, int>;  // ranks, threads a rank

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "mpi_apps_" + std::to_string(getpid()) + "_" + name;
}

std::string shape_name(const Shape& shape) {
  return "np" + std::to_string(shape.first) + "x" + std::to_string(shape.second);
}

// `value` after "`key` = " in the output; empty when absent.
std::string field(const std::string& output, const std::string& key) {
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind(key + " = ", 0) == 0) return line.substr(key.size() + 3);
  return {};
}

std::vector<int> numbers(const std::string& text) {
  std::vector<int> values;
  std::istringstream words(text);
  for (int value; words >> value;) values.push_back(value);
  return values;
}

// ---- optimize mode ----

// A subset-sum knapsack (profit = weight, even weights, an odd capacity):
// the Dantzig bound stays loose, the tree has millions of nodes, and the
// optimum is found late.
struct Knapsack {
  std::int64_t capacity = 0;
  std::vector<std::int64_t> weights;
};

Knapsack write_knapsack(const std::string& path) {
  std::mt19937 random(3);
  Knapsack instance;
  std::int64_t total = 0;
  for (int item = 0; item < 24; ++item) {
    instance.weights.push_back(2 * std::uniform_int_distribution<std::int64_t>(500, 1000)(random));
    total += instance.weights.back();
  }
  instance.capacity = (total / 2) | 1;
  std::ofstream out(path);
  out << instance.weights.size() << ' ' << instance.capacity << '\n';
  for (std::int64_t weight : instance.weights) out << weight << ' ' << weight << '\n';
  return instance;
}

// G(200, 0.7): a maximum clique of 19 after about 150,000 nodes.
std::vector<std::vector<bool>> write_graph(const std::string& path) {
  constexpr int kVertices = 200;
  std::mt19937 random(7);
  std::bernoulli_distribution edge(0.7);
  std::vector<std::vector<bool>> adjacent(kVertices + 1, std::vector<bool>(kVertices + 1, false));
  std::vector<std::pair<int, int>> edges;
  for (int u = 1; u <= kVertices; ++u)
    for (int v = u + 1; v <= kVertices; ++v)
      if (edge(random)) {
        edges.emplace_back(u, v);
        adjacent[u][v] = adjacent[v][u] = true;
      }
  std::ofstream out(path);
  out << "p edge " << kVertices << ' ' << edges.size() << '\n';
  for (const auto& [u, v] : edges) out << "e " << u << ' ' << v << '\n';
  return adjacent;
}

class MpiOptimizeByThreadsTest : public ::testing::TestWithParam<std::tuple<Shape, std::string>> {};

// Both balance policies, knapsack and max clique: the optimum of one
// sequential worker, and a solution that has it.
TEST_P(MpiOptimizeByThreadsTest, FindsTheSequentialOptimum) {
  const auto& [shape, scheme] = GetParam();
  const auto [ranks, threads] = shape;
  const std::string tag =
      shape_name(shape) + "_" + std::to_string(std::hash<std::string>{}(scheme));
  const std::string knapsack_file = temp_path(tag + ".knapsack");
  const std::string graph_file = temp_path(tag + ".clq");
  const Knapsack knapsack = write_knapsack(knapsack_file);
  const std::vector<std::vector<bool>> adjacent = write_graph(graph_file);

  const auto sequential = [](const std::string& app, const std::string& file) {
    return run_process(
        {STACKSPLIT_CLI, app, file, "--workers", "1", "--runtime", "threads", "--quiet"}, 60s);
  };
  const ProcessOutcome knapsack_alone = sequential("knapsack", knapsack_file);
  const ProcessOutcome clique_alone = sequential("maxclique", graph_file);
  ASSERT_EQ(knapsack_alone.exit_code, 0) << knapsack_alone.output;
  ASSERT_EQ(clique_alone.exit_code, 0) << clique_alone.output;
  const std::string optimum = field(knapsack_alone.output, "optimum");
  const std::string clique_size = field(clique_alone.output, "clique size");
  ASSERT_FALSE(optimum.empty()) << knapsack_alone.output;
  ASSERT_FALSE(clique_size.empty()) << clique_alone.output;

  for (const std::string balance : {"flat", "two-level"}) {
    SCOPED_TRACE(balance);
    const auto parallel = [&](const std::string& app, const std::string& file) {
      return run_process(
          mpirun(ranks, {STACKSPLIT_CLI, app, file, "--workers", std::to_string(threads),
                         "--scheme", scheme, "--balance", balance, "--quiet"}),
          120s);
    };
    const ProcessOutcome packed = parallel("knapsack", knapsack_file);
    ASSERT_TRUE(packed.finished) << packed.output;
    ASSERT_EQ(packed.exit_code, 0) << packed.output;
    EXPECT_EQ(occurrences(packed.output, "optimum = "), 1) << "rank 0 alone prints\n"
                                                           << packed.output;
    EXPECT_EQ(field(packed.output, "optimum"), optimum) << packed.output;
    std::int64_t weight = 0;
    for (int item : numbers(field(packed.output, "items"))) {
      ASSERT_GE(item, 1);
      ASSERT_LE(item, static_cast<int>(knapsack.weights.size()));
      weight += knapsack.weights[item - 1];
    }
    EXPECT_EQ(std::to_string(weight), optimum) << "the items' profit is the optimum";
    EXPECT_LE(weight, knapsack.capacity);

    const ProcessOutcome clique = parallel("maxclique", graph_file);
    ASSERT_TRUE(clique.finished) << clique.output;
    ASSERT_EQ(clique.exit_code, 0) << clique.output;
    EXPECT_EQ(field(clique.output, "clique size"), clique_size) << clique.output;
    const std::vector<int> vertices = numbers(field(clique.output, "clique"));
    EXPECT_EQ(std::to_string(vertices.size()), clique_size) << clique.output;
    for (std::size_t i = 0; i < vertices.size(); ++i)
      for (std::size_t j = i + 1; j < vertices.size(); ++j)
        EXPECT_TRUE(adjacent.at(vertices[i]).at(vertices[j]))
            << vertices[i] << " and " << vertices[j] << " are not adjacent";
  }
  std::remove(knapsack_file.c_str());
  std::remove(graph_file.c_str());
}

std::vector<std::tuple<Shape, std::string>> optimize_cases() {
  std::vector<std::tuple<Shape, std::string>> cases;
  for (const Shape& shape : {Shape{1, 2}, Shape{2, 2}, Shape{4, 2}})
    for (const std::string& scheme : schemes::tree_scheme_names())
      cases.emplace_back(shape, scheme);
  return cases;
}

INSTANTIATE_TEST_SUITE_P(EveryScheme, MpiOptimizeByThreadsTest,
                         ::testing::ValuesIn(optimize_cases()),
                         [](const ::testing::TestParamInfo<std::tuple<Shape, std::string>>& info) {
                           std::string name =
                               shape_name(std::get<0>(info.param)) + "_" + std::get<1>(info.param);
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

// ---- SAT ----

class MpiSatByThreadsTest : public ::testing::TestWithParam<Shape> {
 protected:
  std::string path(const std::string& name) const {
    return temp_path(shape_name(GetParam()) + "_" + name + ".cnf");
  }
  ProcessOutcome sat(const std::string& file, const std::vector<std::string>& options) const {
    std::vector<std::string> command = {STACKSPLIT_CLI, "sat", file, "--workers",
                                        std::to_string(GetParam().second)};
    command.insert(command.end(), options.begin(), options.end());
    return run_process(mpirun(GetParam().first, command), 120s);
  }
};

// The portfolio on R x T workers beside the race: at most one member a
// worker, none twice, none of them the race's member 0; the members keep clauses of
// others; inside one rank not one message crosses between ranks (the
// members' clauses, and the race's, go through memory), and with two ranks
// some do.
TEST_P(MpiSatByThreadsTest, PortfolioMembersShareInsideARankThroughMemory) {
  const auto [ranks, threads] = GetParam();
  const std::string file = path("portfolio");
  const std::string json = file + ".jsonl";
  write_generated_formula({"pigeonhole", "--holes", "9"}, file);
  const ProcessOutcome run = sat(file, {"--solver", "portfolio", "--json", json});
  ASSERT_TRUE(run.finished) << run.output;
  EXPECT_EQ(run.exit_code, 20) << run.output;
  EXPECT_EQ(occurrences(run.output, "s UNSATISFIABLE\n"), 1) << run.output;
  EXPECT_EQ(occurrences(run.output, "c race: CaDiCaL on the whole formula"), 1) << run.output;
  const nlohmann::json record = first_run_record(json);
  std::remove(json.c_str());
  std::remove(file.c_str());
  ASSERT_FALSE(record.is_null()) << "no run record\n" << run.output;
  ASSERT_EQ(record["per_worker"].size(), static_cast<std::size_t>(ranks * threads));
  std::set<std::uint64_t> members;
  std::uint64_t kept = 0, between_ranks = 0;
  int members_elsewhere = 0;
  for (std::size_t id = 0; id < record["per_worker"].size(); ++id) {
    const nlohmann::json& worker = record["per_worker"][id];
    const std::uint64_t member = worker["app_counters"]["member"].get<std::uint64_t>();
    if (member != 0) {
      EXPECT_GE(member, 2u) << "member 0 is the race's\n" << worker;
      EXPECT_TRUE(members.insert(member).second) << "member " << member - 1 << " twice";
    }
    // Pigeon-hole 9 takes seconds: the ranks without the race start members
    // (rank 0's threads yield their cores to the race, and on a host with
    // fewer cores than threads may not get to).
    if (static_cast<int>(id) >= threads && member != 0) ++members_elsewhere;
    kept += worker["app_counters"]["imported"].get<std::uint64_t>();
    between_ranks += worker["messages_between_nodes"].get<std::uint64_t>();
  }
  EXPECT_GE(members.size(), 1u) << run.output;
  if (ranks > 1) {
    EXPECT_GE(members_elsewhere, 1) << "no rank but 0 ran a member\n" << run.output;
  }
  EXPECT_GT(kept, 0u) << run.output;
  if (ranks == 1) {
    EXPECT_EQ(between_ranks, 0u) << "one rank: every clause went through memory";
  } else {
    EXPECT_GT(between_ranks, 0u) << "clauses and work cross between ranks as messages";
  }
}

// --solver auto: the race runs once, on rank 0, and refutes the XOR chains at
// once; the workers of rank 0 yield their cores to it (the record says so
// when the system let them); the chains that must agree are satisfiable, a
// model checked, whichever side answers.
TEST_P(MpiSatByThreadsTest, TheRaceRunsOnceAndRankZerosWorkersYieldToIt) {
  const std::string unsat_file = path("race-unsat");
  const std::string json = unsat_file + ".jsonl";
  write_generated_formula({"xor-chains", "--inputs", "40"}, unsat_file);
  const ProcessOutcome refuted = sat(unsat_file, {"--json", json});
  ASSERT_TRUE(refuted.finished) << refuted.output;
  EXPECT_EQ(refuted.exit_code, 20) << refuted.output;
  EXPECT_EQ(occurrences(refuted.output, "c race: CaDiCaL on the whole formula"), 1)
      << refuted.output;
  EXPECT_EQ(occurrences(refuted.output, "decided the formula: unsatisfiable"), 1) << refuted.output;
  const nlohmann::json record = first_run_record(json);
  std::remove(json.c_str());
  std::remove(unsat_file.c_str());
  ASSERT_FALSE(record.is_null()) << refuted.output;
  const nlohmann::json& race = record["app_details"]["race"];
  ASSERT_TRUE(race.is_object()) << record["app_details"];
  EXPECT_FALSE(race["takes_turns"].get<bool>()) << "two workers or more: no turns";
  EXPECT_FALSE(race["core_of_its_own"].get<bool>()) << "no worker is given up under mpirun";
  // Raising a thread's nice value needs no privilege; only a process that is
  // already at the lowest priority has nothing to yield.
  errno = 0;
  const int nice_now = getpriority(PRIO_PROCESS, 0);
  if (nice_now < 19) {
    EXPECT_TRUE(race["rank_threads_yield"].get<bool>()) << race;
    EXPECT_EQ(occurrences(refuted.output, "which yields to it on this rank"), 1) << refuted.output;
  }

  const std::string sat_file = path("race-sat");
  write_generated_formula({"xor-chains", "--inputs", "40", "--satisfiable"}, sat_file);
  const ProcessOutcome model = sat(sat_file, {});
  ASSERT_TRUE(model.finished) << model.output;
  EXPECT_EQ(model.exit_code, 10) << model.output;
  EXPECT_TRUE(model_satisfies_file(model.output, sat_file)) << model.output;
  std::remove(sat_file.c_str());
}

// Every solver answers as the generator says, models checked: DPLL and
// cube-and-conquer spread their trees over every thread of every rank.
TEST_P(MpiSatByThreadsTest, EverySolverAnswersRight) {
  const std::string unsat_file = path("answers-unsat");
  const std::string sat_file = path("answers-sat");
  write_generated_formula({"pigeonhole", "--holes", "7"}, unsat_file);
  write_generated_formula({"counter", "--bits", "5", "--steps", "20", "--target", "19"}, sat_file);
  for (const std::string solver : {"dpll", "cnc", "portfolio", "auto"}) {
    SCOPED_TRACE(solver);
    const ProcessOutcome unsat = sat(unsat_file, {"--solver", solver});
    ASSERT_TRUE(unsat.finished) << unsat.output;
    EXPECT_EQ(unsat.exit_code, 20) << unsat.output;
    const ProcessOutcome model = sat(sat_file, {"--solver", solver});
    ASSERT_TRUE(model.finished) << model.output;
    EXPECT_EQ(model.exit_code, 10) << model.output;
    EXPECT_TRUE(model_satisfies_file(model.output, sat_file)) << model.output;
  }
  std::remove(unsat_file.c_str());
  std::remove(sat_file.c_str());
}

INSTANTIATE_TEST_SUITE_P(Shapes, MpiSatByThreadsTest, ::testing::Values(Shape{1, 2}, Shape{2, 2}),
                         [](const ::testing::TestParamInfo<Shape>& info) {
                           return shape_name(info.param);
                         });

}  // namespace
}  // namespace stacksplit::testing
