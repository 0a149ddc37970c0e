// The formula generators: reproducible from the seed, the shape asked for.

#include "apps/sat/cnf/cnf_generator.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

#include "apps/sat/cnf/model_check.hpp"

namespace stacksplit::apps::sat {
namespace {

TEST(SatGenerator, RandomKsatHasTheShapeAskedFor) {
  CnfFormula formula = random_ksat(100, 426, 3, 42);
  EXPECT_EQ(formula.num_variables(), 100);
  EXPECT_EQ(formula.num_clauses(), 426u);
  for (std::size_t c = 0; c < formula.num_clauses(); ++c) {
    auto clause = formula.clause(c);
    ASSERT_EQ(clause.size(), 3u);
    std::set<Literal> variables;
    for (Literal l : clause) {
      EXPECT_GE(std::abs(l), 1);
      EXPECT_LE(std::abs(l), 100);
      variables.insert(std::abs(l));
    }
    EXPECT_EQ(variables.size(), 3u) << "variables in a clause are distinct";
  }
}

TEST(SatGenerator, SameSeedSameFormulaOtherSeedOtherFormula) {
  auto literals = [](const CnfFormula& f) {
    std::vector<Literal> all;
    for (std::size_t c = 0; c < f.num_clauses(); ++c)
      all.insert(all.end(), f.clause(c).begin(), f.clause(c).end());
    return all;
  };
  EXPECT_EQ(literals(random_ksat(50, 200, 3, 7)), literals(random_ksat(50, 200, 3, 7)));
  EXPECT_NE(literals(random_ksat(50, 200, 3, 7)), literals(random_ksat(50, 200, 3, 8)));
  // Pinned: a change of generator would silently change every benchmark.
  EXPECT_EQ(literals(random_ksat(10, 2, 3, 1)), (std::vector<Literal>{-9, -1, 5, 9, -5, 4}));
}

TEST(SatGenerator, RatioRounds) {
  EXPECT_EQ(clauses_for_ratio(250, 4.26), 1065u);
  EXPECT_EQ(clauses_for_ratio(200, 4.26), 852u);
}

TEST(SatGenerator, RejectsImpossibleClauseWidth) {
  EXPECT_THROW(random_ksat(2, 5, 3, 1), std::invalid_argument);
  EXPECT_THROW(random_ksat(5, 5, 0, 1), std::invalid_argument);
  EXPECT_THROW(pigeon_hole(0), std::invalid_argument);
}

TEST(SatGenerator, PigeonHoleShape) {
  CnfFormula formula = pigeon_hole(3);  // 4 pigeons, 3 holes
  EXPECT_EQ(formula.num_variables(), 12);
  // 4 "some hole" clauses + 3 holes × C(4,2) "not both" clauses.
  EXPECT_EQ(formula.num_clauses(), 4u + 3u * 6u);
}

}  // namespace
}  // namespace stacksplit::apps::sat
