#include "schemes/loop/cost_model/iteration_cost.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace stacksplit::schemes::loop::cost_model {
namespace {

TEST(IterationCost, UniformCostAndTheIterationsABudgetReaches) {
  IterationCost cost = IterationCost::uniform(0.01);
  EXPECT_TRUE(cost.is_uniform());
  EXPECT_DOUBLE_EQ(cost.of({10, 25}), 0.25);
  // 0.625 s reaches ⌈62.5⌉ = 63 iterations: the one under way is finished.
  EXPECT_EQ(cost.reached_by({0, 250}, 0.625), 63);
  // Exactly 25 iterations' worth stays 25 despite floating error.
  EXPECT_EQ(cost.reached_by({0, 250}, 25 * 0.01), 25);
  EXPECT_EQ(cost.reached_by({0, 10}, 5.0), 10);
  EXPECT_EQ(cost.reached_by({0, 10}, 0), 0);
  EXPECT_THROW(IterationCost::uniform(0), std::invalid_argument);
}

TEST(IterationCost, NonUniformCostFollowsEquation132) {
  // T_k = k + 1 for k = 0..7.
  IterationCost cost = IterationCost::from_function(8, [](std::int64_t k) { return k + 1.0; });
  EXPECT_FALSE(cost.is_uniform());
  EXPECT_EQ(cost.size(), 8);
  EXPECT_DOUBLE_EQ(cost.of({4, 4}), 5 + 6 + 7 + 8);
  // ℵ for a budget of 10 s on iterations 4..7 (5, 6, 7, 8 s): 5 + 6 = 11 >= 10.
  EXPECT_EQ(cost.reached_by({4, 4}, 10), 2);
  EXPECT_EQ(cost.reached_by({4, 4}, 11), 2);
  EXPECT_EQ(cost.reached_by({4, 4}, 11.5), 3);
  EXPECT_EQ(cost.reached_by({4, 4}, 100), 4);
  EXPECT_THROW(IterationCost::per_iteration({1, -1}), std::invalid_argument);
}

}  // namespace
}  // namespace stacksplit::schemes::loop::cost_model
