// `stacksplit sat` as scripts and SAT tools see it: exit statuses 10, 20, 0
// (time limit), 1 (bad file) and 2 (bad usage); s and v lines; checked models.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "apps/sat/dimacs_reader.hpp"
#include "tests/apps/sat/sat_test_support.hpp"

namespace stacksplit::apps::sat {
namespace {

testing::CommandRun sat(const std::string& arguments) {
  return testing::run_command(std::string(STACKSPLIT_BINARY) + " sat " + arguments);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

// The model spelled by the v lines; checks their form on the way.
std::vector<Literal> model_of(const std::string& out) {
  std::vector<Literal> model;
  bool ended = false;
  for (const std::string& line : lines_of(out)) {
    if (line.rfind("v", 0) != 0) continue;
    EXPECT_LE(line.size(), 80u) << line;
    EXPECT_FALSE(ended) << "v line after the closing 0";
    std::istringstream words(line.substr(1));
    Literal l;
    while (words >> l) {
      if (l == 0) {
        ended = true;
      } else {
        model.push_back(l);
      }
    }
  }
  EXPECT_TRUE(ended) << "the v lines end with 0";
  return model;
}

const std::string& satisfiable_file() {
  static const std::string path =
      testing::write_cnf("sat.cnf", random_ksat(120, clauses_for_ratio(120, 3.8), 3, 77));
  return path;
}

TEST(SatCommand, SatisfiableExitsTenWithACheckedModel) {
  auto run = sat(satisfiable_file() + " --workers 2");
  ASSERT_EQ(run.status, 10) << run.out << run.err;
  auto lines = lines_of(run.out);
  EXPECT_NE(std::find(lines.begin(), lines.end(), "s SATISFIABLE"), lines.end());
  for (const std::string& line : lines) {
    EXPECT_TRUE(line.rfind("c ", 0) == 0 || line.rfind("s ", 0) == 0 || line.rfind("v ", 0) == 0)
        << "every line is c, s or v: " << line;
  }
  EXPECT_TRUE(satisfies(random_ksat(120, clauses_for_ratio(120, 3.8), 3, 77), model_of(run.out)));
}

TEST(SatCommand, UnsatisfiableExitsTwenty) {
  std::string path = testing::write_cnf("php.cnf", pigeon_hole(5));
  for (const char* heuristic : {"lookahead", "jw"}) {
    auto run = sat(path + " -w 3 --heuristic " + heuristic);
    EXPECT_EQ(run.status, 20) << run.out << run.err;
    EXPECT_NE(run.out.find("\ns UNSATISFIABLE\n"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("\nv "), std::string::npos);
  }
}

TEST(SatCommand, CountPrintsTheModelCount) {
  CnfFormula formula = random_ksat(14, clauses_for_ratio(14, 2.5), 3, 5);
  std::string path = testing::write_cnf("count.cnf", formula);
  auto run = sat(path + " --count -w 2 --runtime step");
  EXPECT_EQ(run.status, 10) << run.out << run.err;
  EXPECT_NE(run.out.find("c models " + std::to_string(testing::brute_force_count(formula)) + "\n"),
            std::string::npos)
      << run.out;
  EXPECT_TRUE(satisfies(formula, model_of(run.out)));
}

TEST(SatCommand, ReadsStandardInputAndCompressedFiles) {
  auto piped = testing::run_command("gzip -c " + satisfiable_file() + " | " +
                                    std::string(STACKSPLIT_BINARY) + " sat - -w 1");
  EXPECT_EQ(piped.status, 10) << piped.err;
  auto plain = testing::run_command("cat " + satisfiable_file() + " | " +
                                    std::string(STACKSPLIT_BINARY) + " sat - -w 1");
  EXPECT_EQ(plain.status, 10) << plain.err;
}

TEST(SatCommand, TimeLimitGivesUnknownAndExitZero) {
  std::string path = testing::write_cnf("php11.cnf", pigeon_hole(11));
  auto run = sat(path + " -w 2 --time-limit 0.3");
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("\ns UNKNOWN\n"), std::string::npos) << run.out;
}

TEST(SatCommand, StatisticsAsCommentLines) {
  auto run = sat(satisfiable_file() + " -w 2");
  for (const char* what :
       {"c nodes ", "c propagations ", "c time ", "c worker 0: nodes ", "c worker 1: nodes "}) {
    EXPECT_NE(run.out.find(what), std::string::npos) << what << " missing in\n" << run.out;
  }
  EXPECT_NE(run.out.find(", steals "), std::string::npos);
}

TEST(SatCommand, JsonAppendsTheRunRecord) {
  std::string json = (testing::scratch_directory() / "runs.jsonl").string();
  sat(satisfiable_file() + " -w 1 --json " + json);
  sat(satisfiable_file() + " -w 2 --json " + json);
  auto lines = lines_of(testing::run_command("cat " + json).out);
  ASSERT_EQ(lines.size(), 2u);
  auto record = nlohmann::json::parse(lines[1]);
  EXPECT_EQ(record["app"], "sat");
}

TEST(SatCommand, ClauseCountMismatchWarnsOnStandardError) {
  std::string path = testing::write_text("mismatch.cnf", "p cnf 2 5\n1 2 0\n-1 0\n");
  auto run = sat(path + " -w 1");
  EXPECT_EQ(run.status, 10);
  EXPECT_NE(
      run.err.find("c warning: " + path + ":1: the header declares 5 clauses but there are 2"),
      std::string::npos)
      << run.err;
  EXPECT_EQ(sat(path + " -w 1 --strict").status, 1);
}

TEST(SatCommand, BadUsageExitsTwo) {
  EXPECT_EQ(sat(satisfiable_file() + " --heuristic random").status, 2);
  EXPECT_EQ(sat(satisfiable_file() + " --workers 0").status, 2);
  EXPECT_EQ(sat(satisfiable_file() + " --scheme nosuch").status, 2);
  EXPECT_EQ(sat(satisfiable_file() + " --time-limit -1").status, 2);
  EXPECT_EQ(sat(satisfiable_file() + " --frobnicate").status, 2);
  EXPECT_EQ(sat(satisfiable_file() + " --mode count").status, 2) << "--count says it";
  EXPECT_EQ(sat("").status, 2);
}

TEST(SatCommand, MissingFileExitsOne) {
  auto run = sat("/nonexistent.cnf -w 1");
  EXPECT_EQ(run.status, 1);
  EXPECT_NE(run.err.find("/nonexistent.cnf:0: cannot open: No such file or directory"),
            std::string::npos)
      << run.err;
}

}  // namespace
}  // namespace stacksplit::apps::sat

namespace stacksplit::apps::sat {
namespace {

std::string example(const std::string& name) {
  return std::string(SAT_TEST_DATA) + "/../../../examples/" + name;
}

TEST(SatCommand, BundledExamplesGiveTheirAnswers) {
  EXPECT_EQ(sat(example("uf200-example.cnf") + " -w 2 -q").status, 10);
  EXPECT_EQ(sat(example("uf200-unsat-example.cnf") + " -w 2 -q").status, 20);
  EXPECT_EQ(sat(example("pigeonhole-7.cnf") + " -w 2 -q").status, 20);
}

TEST(SatCommand, BundledExampleIsWhatTheGeneratorMakes) {
  CnfFormula made = random_ksat(200, 852, 3, 1);
  CnfFormula read = read_dimacs(example("uf200-example.cnf")).formula;
  ASSERT_EQ(read.num_clauses(), made.num_clauses());
  for (std::size_t c = 0; c < made.num_clauses(); ++c) {
    EXPECT_TRUE(std::equal(made.clause(c).begin(), made.clause(c).end(), read.clause(c).begin(),
                           read.clause(c).end()));
  }
}

}  // namespace
}  // namespace stacksplit::apps::sat
