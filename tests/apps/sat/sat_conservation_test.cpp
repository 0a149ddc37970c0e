// The tree is the same whoever explores it: --count node and model counts are
// identical to the sequential reference for every scheme, runtime, splitting
// strategy and P in {1, 2, 3, 4, 8}; decide mode gives the right answer with a
// checked model.

#include <gtest/gtest.h>

#include <cctype>
#include <optional>
#include <string>
#include <tuple>

#include "core/reference_search.hpp"
#include "core/run_search.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/apps/sat/sat_test_support.hpp"
#include "tests/schemes/scheme_cases.hpp"

namespace stacksplit::apps::sat {
namespace {

using Case = std::tuple<std::string /*runtime*/, std::string /*scheme*/, int /*workers*/,
                        core::SplitStrategy>;

core::RunConfig setup_for(const Case& c, core::SearchMode mode) {
  const auto& [runtime, scheme, workers, split] = c;
  core::RunConfig setup;
  setup.workers = workers;
  setup.search.mode = mode;
  setup.search.split.strategy = split;
  setup.search.quantum = 4;  // small quanta: many requests and splits
  const std::string name = scheme;
  setup.make_scheme = [name] { return schemes::make_scheme(name); };
  // The default simulated machine is a hypercube; a mesh takes any P.
  if (runtime == "sim" && (workers & (workers - 1)) != 0) {
    setup.machine = core::make_machine_model("mesh");
  }
  return setup;
}

// Small formulas with trees of a few hundred to a few thousand nodes: one
// unsatisfiable near the threshold, one with many models.
const CnfFormula& unsatisfiable() {
  static const CnfFormula formula = random_ksat(170, clauses_for_ratio(170, 4.6), 3, 2);
  return formula;
}
const CnfFormula& many_models() {
  static const CnfFormula formula = random_ksat(28, clauses_for_ratio(28, 3.0), 3, 5);
  return formula;
}

// The two instances are what their names say, by means that share nothing
// with the solver: MiniSat for the first, enumeration for the second.
TEST(SatConservationInstances, AreWhatTheirNamesSay) {
  ASSERT_TRUE(testing::have_program("minisat")) << testing::kNoMinisat;
  const std::string path = testing::write_cnf("conservation-unsat.cnf", unsatisfiable());
  EXPECT_EQ(testing::minisat_answer(path), std::optional<bool>(false));
  DpllSpace unsat(unsatisfiable());
  EXPECT_EQ(core::reference_count(unsat).solutions, 0u);

  const std::uint64_t models = testing::enumeration_count(many_models());
  EXPECT_GT(models, 1000u) << "many models, as the name says";
  for (Heuristic heuristic : {Heuristic::kLookahead, Heuristic::kJeroslowWang}) {
    DpllOptions options;
    options.heuristic = heuristic;
    DpllSpace space(many_models(), options);
    EXPECT_EQ(core::reference_count(space).solutions, models) << to_string(heuristic);
  }
}

class SatConservation : public ::testing::TestWithParam<Case> {};

void expect_same_counts(const Case& c, const CnfFormula& formula, Heuristic heuristic) {
  DpllOptions options;
  options.heuristic = heuristic;
  const DpllSpace prototype(formula, options);
  DpllSpace sequential = prototype;
  const core::ReferenceCounts expected = core::reference_count(sequential);
  ASSERT_GT(expected.nodes, 100u) << "the test tree should not be trivial";
  auto result = core::run_search<DpllSpace>(
      stacksplit::testing::on_runtime(setup_for(c, core::SearchMode::kCount), std::get<0>(c)),
      [&] { return prototype; });
  EXPECT_EQ(result.total.nodes, expected.nodes);
  EXPECT_EQ(result.total.solutions, expected.solutions);
  EXPECT_EQ(result.total.leaves, expected.leaves);
  EXPECT_EQ(result.total.dead_ends, expected.dead_ends);
  EXPECT_EQ(result.total.max_depth, expected.max_depth);
  if (result.solution) {
    EXPECT_TRUE(satisfies(formula, *result.solution));
  }
}

// One test per case: each ctest process costs more than the searches.
TEST_P(SatConservation, CountsAndAnswers) {
  const Case& c = GetParam();
  {
    SCOPED_TRACE("unsatisfiable, look-ahead");
    expect_same_counts(c, unsatisfiable(), Heuristic::kLookahead);
  }
  {
    SCOPED_TRACE("many models, look-ahead");
    expect_same_counts(c, many_models(), Heuristic::kLookahead);
  }
  {
    SCOPED_TRACE("many models, Jeroslow-Wang");
    expect_same_counts(c, many_models(), Heuristic::kJeroslowWang);
  }
  // Decide mode: the right answer, with a checked model.
  const CnfFormula formula = random_ksat(90, clauses_for_ratio(90, 4.1), 3, 8);
  DpllSpace sequential(formula);
  const bool satisfiable = testing::first_model(sequential).has_value();
  const DpllSpace prototype(formula);
  auto result = core::run_search<DpllSpace>(
      stacksplit::testing::on_runtime(setup_for(c, core::SearchMode::kFirst), std::get<0>(c)),
      [&] { return prototype; });
  ASSERT_EQ(result.solution.has_value(), satisfiable);
  if (result.solution) {
    EXPECT_TRUE(satisfies(formula, *result.solution));
  }
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  const auto& [runtime, scheme, workers, split] = info.param;
  std::string name = runtime + "_" + scheme + "_P" + std::to_string(workers) + "_" +
                     std::string(core::to_string(split));
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';  // grr-m
  return name;
}

// Every runtime that runs inside one process (mpi needs mpirun).
using stacksplit::testing::in_process_runtimes;

INSTANTIATE_TEST_SUITE_P(Everywhere, SatConservation,
                         ::testing::Combine(::testing::ValuesIn(in_process_runtimes()),
                                            ::testing::ValuesIn(schemes::tree_scheme_names()),
                                            ::testing::Values(1, 2, 3, 4, 8),
                                            ::testing::Values(core::SplitStrategy::kHalf,
                                                              core::SplitStrategy::kBottom)),
                         case_name);

}  // namespace
}  // namespace stacksplit::apps::sat
