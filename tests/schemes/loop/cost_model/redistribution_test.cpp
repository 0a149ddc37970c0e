#include "schemes/loop/cost_model/redistribution.hpp"

#include <gtest/gtest.h>

namespace stacksplit::schemes::loop::cost_model {
namespace {

using Counts = std::vector<std::int64_t>;

TEST(Redistribution, ProportionalByLargestRemainder) {
  // 437 over speeds 1, 1/2, 1/4, 1/2 (sum 2.25): 194.22, 97.11, 48.56, 97.11;
  // floors sum to 436 and the one left goes to the largest fraction, .56.
  EXPECT_EQ(proportional_distribution(437, {1, 0.5, 0.25, 0.5}), (Counts{194, 97, 49, 97}));
  // All speeds 0: equal shares, the first ones one more.
  EXPECT_EQ(proportional_distribution(7, {0, 0}), (Counts{4, 3}));
  // A processor of speed 0 gets nothing.
  EXPECT_EQ(proportional_distribution(5, {0, 1}), (Counts{0, 5}));
}

TEST(Redistribution, WorkMovedAndMessagesFromTheTwoDistributions) {
  // γ = 0, 125, 187, 125 to χ = 194, 97, 49, 97: α = ½(194 + 28 + 138 + 28) = 194;
  // senders 1 (28), 2 (138), 3 (28) all to receiver 0: β = 3.
  Redistribution plan = plan_redistribution({0, 125, 187, 125}, {1, 0.5, 0.25, 0.5});
  EXPECT_EQ(plan.distribution, (Counts{194, 97, 49, 97}));
  EXPECT_EQ(plan.work_moved, 194);
  EXPECT_EQ(plan.messages(), 3);
  EXPECT_EQ(plan.transfers, (std::vector<Transfer>{{1, 0, 28}, {2, 0, 138}, {3, 0, 28}}));
}

TEST(Redistribution, SendersAndReceiversPairInRankOrder) {
  // Surpluses 5 (0) and 1 (3); needs 2 (1) and 4 (2): 0->1 2, 0->2 3, 3->2 1.
  Redistribution plan = plan_transfers({10, 0, 0, 6}, {5, 2, 4, 5});
  EXPECT_EQ(plan.transfers, (std::vector<Transfer>{{0, 1, 2}, {0, 2, 3}, {3, 2, 1}}));
  EXPECT_EQ(plan.work_moved, 6);
  // Nothing to move.
  EXPECT_EQ(plan_transfers({3, 3}, {3, 3}).messages(), 0);
}

}  // namespace
}  // namespace stacksplit::schemes::loop::cost_model
