// The DPLL search space on its own (no engine): model counts against brute
// force, answers on known formulas, every model checked, and the contract
// (reset, descend, ascend) kept.

#include "apps/sat/dpll/dpll_space.hpp"

#include <gtest/gtest.h>

#include "core/reference_search.hpp"
#include "tests/apps/sat/sat_test_support.hpp"

namespace stacksplit::apps::sat {
namespace {

DpllOptions with(Heuristic heuristic) {
  DpllOptions options;
  options.heuristic = heuristic;
  return options;
}

class SatDpllHeuristic : public ::testing::TestWithParam<Heuristic> {};

TEST_P(SatDpllHeuristic, CountsMatchBruteForce) {
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const std::int32_t n = 4 + static_cast<std::int32_t>(seed % 9);  // 4..12 variables
    const double ratio = 1.0 + static_cast<double>(seed % 5);        // 1..5
    const std::int32_t k = seed % 3 == 0 ? 2 : 3;
    CnfFormula formula = random_ksat(n, clauses_for_ratio(n, ratio), k, seed);
    DpllSpace space(formula, with(GetParam()));
    core::ReferenceCounts counts = core::reference_count(space);
    EXPECT_EQ(counts.solutions, testing::brute_force_count(formula))
        << "seed " << seed << ", n " << n << ", ratio " << ratio << ", k " << k;
  }
}

TEST_P(SatDpllHeuristic, CountsVariablesThatOccurNowhere) {
  CnfFormula formula(6);
  Literal clause[] = {1, 2};
  formula.add_clause(clause);
  DpllSpace space(formula, with(GetParam()));
  EXPECT_EQ(core::reference_count(space).solutions, 3u * 16u);
}

TEST_P(SatDpllHeuristic, FirstModelSatisfiesEveryClause) {
  int satisfiable = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    CnfFormula formula = random_ksat(40, clauses_for_ratio(40, 4.0), 3, seed);
    DpllSpace space(formula, with(GetParam()));
    auto model = testing::first_model(space);
    if (model) {
      ++satisfiable;
      EXPECT_TRUE(satisfies(formula, *model)) << "seed " << seed;
    }
  }
  EXPECT_GT(satisfiable, 10);
}

TEST_P(SatDpllHeuristic, PigeonHoleIsUnsatisfiable) {
  for (std::int32_t holes = 1; holes <= 6; ++holes) {
    CnfFormula formula = pigeon_hole(holes);
    DpllSpace space(formula, with(GetParam()));
    core::ReferenceCounts counts = core::reference_count(space);
    EXPECT_EQ(counts.solutions, 0u) << holes << " holes";
  }
}

TEST_P(SatDpllHeuristic, UnitsAndEmptyClauses) {
  CnfFormula contradiction(2);
  Literal a[] = {1};
  Literal b[] = {-1};
  contradiction.add_clause(a);
  contradiction.add_clause(b);
  DpllSpace space(contradiction, with(GetParam()));
  EXPECT_EQ(space.reset(), core::Outcome::kDeadEnd);

  CnfFormula empty(3);
  empty.add_empty_clause();
  DpllSpace empty_space(empty, with(GetParam()));
  EXPECT_EQ(empty_space.reset(), core::Outcome::kDeadEnd);

  CnfFormula nothing(3);
  DpllSpace nothing_space(nothing, with(GetParam()));
  EXPECT_EQ(nothing_space.reset(), core::Outcome::kSolution);
  EXPECT_EQ(nothing_space.solution_weight(), 8u);
  // A partial model: variables that occur in no clause are left out.
  EXPECT_EQ(nothing_space.solution(), DpllSpace::Solution{});
}

INSTANTIATE_TEST_SUITE_P(Both, SatDpllHeuristic,
                         ::testing::Values(Heuristic::kJeroslowWang, Heuristic::kLookahead),
                         [](const auto& info) { return std::string(to_string(info.param)); });

TEST(SatDpll, TreeIsTheSameAfterResetAndForACopy) {
  CnfFormula formula = random_ksat(60, clauses_for_ratio(60, 4.26), 3, 5);
  DpllSpace space(formula);
  core::ReferenceCounts first = core::reference_count(space);
  core::ReferenceCounts again = core::reference_count(space);
  DpllSpace copy = space;
  core::ReferenceCounts copied = core::reference_count(copy);
  EXPECT_EQ(first.nodes, again.nodes);
  EXPECT_EQ(first.nodes, copied.nodes);
  EXPECT_EQ(first.solutions, copied.solutions);
  EXPECT_EQ(first.max_depth, copied.max_depth);
}

TEST(SatDpll, AscendRestoresTheChoices) {
  CnfFormula formula = random_ksat(50, clauses_for_ratio(50, 4.0), 3, 9);
  DpllSpace space(formula);
  ASSERT_EQ(space.reset(), core::Outcome::kOpen);
  std::vector<Literal> at_root;
  core::ChoiceSink<Literal> sink(at_root);
  space.choices(sink);
  ASSERT_EQ(at_root.size(), 2u);
  EXPECT_EQ(at_root[0], -at_root[1]);
  space.descend(at_root[0]);
  EXPECT_EQ(space.depth(), 1u);
  space.ascend();
  EXPECT_EQ(space.depth(), 0u);
  std::vector<Literal> again;
  core::ChoiceSink<Literal> again_sink(again);
  space.choices(again_sink);
  EXPECT_EQ(again, at_root);
}

TEST(SatDpll, LookaheadNeedsFarFewerNodesThanJeroslowWang) {
  CnfFormula formula = random_ksat(80, clauses_for_ratio(80, 4.26), 3, 3);
  DpllSpace lookahead(formula, with(Heuristic::kLookahead));
  DpllSpace jw(formula, with(Heuristic::kJeroslowWang));
  std::uint64_t lookahead_nodes = core::reference_count(lookahead).nodes;
  std::uint64_t jw_nodes = core::reference_count(jw).nodes;
  EXPECT_LT(lookahead_nodes * 3, jw_nodes);
}

TEST(SatDpll, NodeCostCountsPropagations) {
  CnfFormula formula = random_ksat(50, clauses_for_ratio(50, 4.26), 3, 2);
  DpllSpace space(formula);
  space.reset();
  EXPECT_GT(space.node_cost(), 0u);
}

TEST(SatDpll, ExpiredTimeLimitMakesEveryNodeAChildlessLeaf) {
  CnfFormula formula = random_ksat(60, clauses_for_ratio(60, 4.26), 3, 4);
  DpllOptions options;
  options.end = std::make_shared<SearchEnd>(std::make_shared<TimeLimit>(1e-9));
  DpllSpace space(formula, options);
  ASSERT_EQ(space.reset(), core::Outcome::kOpen);
  std::vector<Literal> children;
  core::ChoiceSink<Literal> sink(children);
  space.choices(sink);
  ASSERT_EQ(children.size(), 2u);
  // Descending still works (a received path can be replayed), but leads nowhere.
  EXPECT_EQ(space.descend(children[0]), core::Outcome::kOpen);
  std::vector<Literal> below;
  core::ChoiceSink<Literal> below_sink(below);
  space.choices(below_sink);
  EXPECT_TRUE(below.empty());
  space.ascend();
  EXPECT_TRUE(options.end->time_limit_reached());
}

}  // namespace
}  // namespace stacksplit::apps::sat
