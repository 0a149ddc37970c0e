#include "schemes/loop/cost_model/least_squares.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace stacksplit::schemes::loop::cost_model {
namespace {

TEST(LeastSquares, SolvesAnExactOverdeterminedSystem) {
  // y = 2 + 3x at x = 0..4.
  LeastSquaresProblem problem;
  for (int x = 0; x < 5; ++x) {
    problem.rows.push_back({1.0, double(x)});
    problem.values.push_back(2 + 3.0 * x);
  }
  auto c = solve_least_squares(problem);
  ASSERT_EQ(c.size(), 2u);
  EXPECT_NEAR(c[0], 2, 1e-12);
  EXPECT_NEAR(c[1], 3, 1e-12);
}

TEST(LeastSquares, MinimizesTheResidual) {
  // Points (0,0), (1,1), (2,1): the line y = 1/6 + x/2.
  LeastSquaresProblem problem{{{1, 0}, {1, 1}, {1, 2}}, {0, 1, 1}};
  auto c = solve_least_squares(problem);
  EXPECT_NEAR(c[0], 1.0 / 6, 1e-12);
  EXPECT_NEAR(c[1], 0.5, 1e-12);
}

TEST(LeastSquares, RefusesUndeterminedCoefficients) {
  // Two identical columns.
  LeastSquaresProblem problem{{{1, 1}, {2, 2}, {3, 3}}, {1, 2, 3}};
  EXPECT_THROW(solve_least_squares(problem), std::invalid_argument);
  EXPECT_THROW(solve_least_squares({{{1, 2}}, {1}}), std::invalid_argument);
}

}  // namespace
}  // namespace stacksplit::schemes::loop::cost_model
