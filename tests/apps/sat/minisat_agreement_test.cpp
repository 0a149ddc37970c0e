// Answers agree with MiniSat (run as a separate program, exit status 10 or 20)
// on a few hundred random 3-SAT formulas of 20 to 150 variables around the
// threshold, satisfiable and unsatisfiable; every model is checked. Every
// fifth formula is also decided by the parallel engine (2 workers, step and
// threads runtimes in turn). MiniSat missing is a failure: scripts/install-deps
// installs it.

#include <gtest/gtest.h>

#include "core/run_search.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/apps/sat/sat_test_support.hpp"
#include "tests/schemes/scheme_cases.hpp"

namespace stacksplit::apps::sat {
namespace {

constexpr int kFormulas = 300;
constexpr int kEngineEvery = 5;

// Decide mode on the engine: 2 workers, random polling.
std::optional<DpllSpace::Solution> engine_model(const CnfFormula& formula,
                                                const std::string& runtime) {
  core::RunConfig setup;
  setup.workers = 2;
  setup.search.mode = core::SearchMode::kFirst;
  setup.search.quantum = 4;  // small quanta: work moves between the two
  setup.make_scheme = [] { return schemes::make_scheme("rp"); };
  const DpllSpace prototype(formula);
  return core::run_search<DpllSpace>(stacksplit::testing::on_runtime(setup, runtime),
                                     [&] { return prototype; })
      .solution;
}

struct Instance {
  std::int32_t variables;
  double ratio;
  std::uint64_t seed;
};

Instance instance(int i) {
  // 20, 30, ..., 150 variables; ratios 3.9 to 4.6 around the threshold 4.26.
  return {20 + 10 * (i % 14), 3.9 + 0.1 * (i % 8), 1000 + static_cast<std::uint64_t>(i)};
}

TEST(SatMinisat, AnswersAgreeOnGeneratedFormulas) {
  ASSERT_TRUE(testing::have_program("minisat")) << testing::kNoMinisat;
  int sat = 0;
  int unsat = 0;
  int engine_runs = 0;
  for (int i = 0; i < kFormulas; ++i) {
    Instance inst = instance(i);
    CnfFormula formula =
        random_ksat(inst.variables, clauses_for_ratio(inst.variables, inst.ratio), 3, inst.seed);
    std::string path = testing::write_cnf("agree" + std::to_string(i) + ".cnf", formula);
    auto minisat = testing::run_command("minisat -verb=0 '" + path + "'");
    ASSERT_TRUE(minisat.status == 10 || minisat.status == 20)
        << "minisat exit status " << minisat.status << " on " << path;
    const bool expected = minisat.status == 10;
    (expected ? sat : unsat)++;

    // The look-ahead on every formula, Jeroslow–Wang on every fourth.
    for (Heuristic heuristic : {Heuristic::kLookahead, Heuristic::kJeroslowWang}) {
      if (heuristic == Heuristic::kJeroslowWang && i % 4 != 0) continue;
      DpllOptions options;
      options.heuristic = heuristic;
      DpllSpace space(formula, options);
      auto model = testing::first_model(space);
      EXPECT_EQ(model.has_value(), expected)
          << to_string(heuristic) << " disagrees with minisat on " << path;
      if (model) {
        EXPECT_TRUE(satisfies(formula, *model)) << "bad model for " << path;
      }
    }
    if (i % kEngineEvery == 0) {
      const std::string runtime = (i / kEngineEvery) % 2 == 0 ? "step" : "threads";
      auto model = engine_model(formula, runtime);
      EXPECT_EQ(model.has_value(), expected)
          << "the engine (" << runtime << ") disagrees with minisat on " << path;
      if (model) {
        EXPECT_TRUE(satisfies(formula, *model)) << "bad engine model for " << path;
      }
      ++engine_runs;
    }
    std::filesystem::remove(path);
  }
  // Both answers must be well represented for the agreement to mean much.
  EXPECT_GT(sat, kFormulas / 5);
  EXPECT_GT(unsat, kFormulas / 5);
  EXPECT_EQ(engine_runs, kFormulas / kEngineEvery);
  std::cout << "[ agreement ] " << sat << " satisfiable, " << unsat << " unsatisfiable\n";
}

}  // namespace
}  // namespace stacksplit::apps::sat
