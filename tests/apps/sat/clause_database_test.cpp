// The clause database numbers the occurring variables in increasing order,
// whether it finds them with a table over the declared variables (a header
// declaring about what occurs) or by sorting the literals (a header
// declaring millions more): the same numbering, clauses and counts either way.

#include "apps/sat/dpll/clause_database.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace stacksplit::apps::sat {
namespace {

CnfFormula formula_declaring(std::int32_t variables) {
  CnfFormula formula(variables);
  const std::vector<std::vector<Literal>> clauses = {
      {7}, {-3, 12}, {12, -40, 3}, {40, 7, -3, 5}, {-5, -12}};
  for (const auto& clause : clauses) formula.add_clause(clause);
  return formula;
}

TEST(ClauseDatabase, NumbersTheOccurringVariablesInIncreasingOrderWhateverTheHeader) {
  // 40 declared: the table; 10 million declared: the sort.
  for (const std::int32_t declared : {40, 10'000'000}) {
    SCOPED_TRACE(declared);
    const ClauseDatabase database(formula_declaring(declared));
    ASSERT_EQ(database.num_variables(), 5u);  // 3, 5, 7, 12, 40
    EXPECT_EQ(database.num_unused_variables(), static_cast<std::uint32_t>(declared - 5));
    const std::vector<Literal> occurring = {3, 5, 7, 12, 40};
    for (std::uint32_t v = 0; v < occurring.size(); ++v) {
      EXPECT_EQ(database.to_original(2 * v), occurring[v]);
      EXPECT_EQ(database.to_original(2 * v + 1), -occurring[v]);
      EXPECT_EQ(database.from_original(-occurring[v]), 2 * v + 1);
    }
    ASSERT_EQ(database.units().size(), 1u);
    EXPECT_EQ(database.to_original(database.units()[0]), 7);
    ASSERT_EQ(database.binary_pairs().size(), 4u);
    EXPECT_EQ(database.to_original(database.binary_pairs()[0]), -3);
    EXPECT_EQ(database.to_original(database.binary_pairs()[3]), -12);
    // -3 → 12 read as ¬(−3) = 3 implies 12.
    const auto implied = database.implied_by(database.from_original(3));
    ASSERT_EQ(implied.size(), 1u);
    EXPECT_EQ(database.to_original(implied[0]), 12);
    ASSERT_EQ(database.num_long_clauses(), 2u);
    std::vector<Literal> wide;
    for (Lit lit : database.long_clause(1)) wide.push_back(database.to_original(lit));
    EXPECT_EQ(wide, (std::vector<Literal>{40, 7, -3, 5}));
  }
}

}  // namespace
}  // namespace stacksplit::apps::sat
