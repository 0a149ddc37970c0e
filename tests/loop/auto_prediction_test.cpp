// What auto-adaptive tells the cost model at a later synchronization: where
// every iteration left is, and each processor's speed from the work it did.

#include "schemes/loop/auto_prediction.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace stacksplit::schemes {
namespace {

namespace model = schemes::loop::cost_model;

SynchronizationProfile profile(double busy, double work, std::vector<core::IterationSet> held) {
  SynchronizationProfile p;
  p.busy = busy;
  p.work = work;
  p.held = std::move(held);
  return p;
}

TEST(AutoPrediction, ALaterSynchronizationStartsFromTheSetsHeldAtTheSpeedsWorked) {
  // Iteration i costs i + 1 s. Processor 0 worked 6 s in 2 s, processor 1
  // nothing since the last decision (it keeps the 0.5 it had), processor 2
  // never worked (the slowest seen).
  const auto cost = model::IterationCost::from_function(10, [](std::int64_t i) { return i + 1.0; });
  std::vector<double> rates = {0, 0.5, 0};
  const std::vector<SynchronizationProfile> profiles = {
      profile(2, 6, {core::IterationSet::range(7, 2)}),
      profile(0, 0, {core::IterationSet::range(2, 1), core::IterationSet::range(9, 1)}),
      profile(0, 0, {})};
  note_rates(profiles, rates);
  EXPECT_EQ(rates, (std::vector<double>{3, 0.5, 0}));
  const model::LoopModelInput input = later_synchronization_input(profiles, cost, 4.5, rates);
  EXPECT_DOUBLE_EQ(input.start.time_s, 4.5);
  EXPECT_TRUE(input.start.at_synchronization);
  ASSERT_EQ(input.start.held.size(), 3u);
  EXPECT_EQ(input.start.held[0], (std::vector<model::IterationRange>{{7, 2}}));
  EXPECT_EQ(input.start.held[1], (std::vector<model::IterationRange>{{2, 1}, {9, 1}}));
  EXPECT_TRUE(input.start.held[2].empty());
  EXPECT_DOUBLE_EQ(input.forecast.speed(0, 4.5), 3);
  EXPECT_DOUBLE_EQ(input.forecast.speed(1, 4.5), 0.5);
  EXPECT_DOUBLE_EQ(input.forecast.speed(2, 4.5), 0.5);
}

TEST(AutoPrediction, CyclicSetsReachTheModelAsTheirRanges) {
  const auto cost = model::IterationCost::uniform(1);
  std::vector<double> rates = {1};
  // Blocks of 2 every 4 iterations from 1: 1 2, 5 6, 9.
  const model::LoopModelInput input =
      later_synchronization_input({profile(1, 1, {{1, 5, 2, 4}})}, cost, 0, rates);
  EXPECT_EQ(input.start.held[0], (std::vector<model::IterationRange>{{1, 2}, {5, 2}, {9, 1}}));
}

}  // namespace
}  // namespace stacksplit::schemes
