#include "schemes/loop/cost_model/profiled_model.hpp"

#include <gtest/gtest.h>

#include "tests/schemes/loop/cost_model/hand_network.hpp"

namespace stacksplit::schemes::loop::cost_model {
namespace {

using Counts = std::vector<std::int64_t>;
constexpr double kEps = 1e-9;

LoopModelInput hand_case() {
  LoopModelInput input;
  input.cost = IterationCost::uniform(0.01);
  input.start = equal_blocks(1000, 4);
  input.forecast = SpeedForecast::constant({1, 0.5, 0.25, 0.5});
  input.data_bytes_per_iteration = 800;
  input.distribution_s = 0.001;
  return input;
}

// From the start, schedule(profiled, 0, 10): each processor measures its
// first 10 iterations: 0.1, 0.2, 0.4, 0.2 s; they meet at 0.4 s and exchange
// speeds, ξ = all-to-all(4) = 0.008 s, then δ = 0.001 s. Left: 240 each, 960
// in all; 960·σ/2.25 = 426.7, 213.3, 106.7, 213.3 -> 427, 213, 107, 213;
// α = ½(187 + 27 + 133 + 27) = 187 in β = 3 messages:
// κ = 3·0.002 + 187·800/1e6 = 0.1556 s. Computing resumes at
// 0.4 + 0.008 + 0.001 + 0.1556 = 0.5646 s; the slowest part is
// 107·0.01/0.25 = 4.28 s: the loop ends at 4.8446 s.
TEST(ProfiledModel, MeasuresThenRepartitionsOnce) {
  LoopModelInput input = hand_case();
  input.profiled.eval_size = 10;
  ProfiledPrediction p = predict_profiled(input, testing::hand_network());
  EXPECT_NEAR(p.measured_until_s, 0.4, kEps);
  EXPECT_NEAR(p.synchronization_s, 0.008, kEps);
  EXPECT_TRUE(p.repartitioned);
  EXPECT_EQ(p.distribution, (Counts{427, 213, 107, 213}));
  EXPECT_EQ(p.work_moved, 187);
  EXPECT_EQ(p.messages, 3);
  EXPECT_NEAR(p.data_movement_s, 0.1556, kEps);
  EXPECT_NEAR(p.time_s, 4.8446, kEps);
}

// At the first synchronization (the hand case's t = 2.5 s) it re-partitions
// at once, its ξ already paid: δ, κ = 0.1612 s (as GCDLB's first move), then
// 1.96 s: 2.5 + 0.001 + 0.1612 + 1.96 = 4.6222 s, 2.1222 s from there.
TEST(ProfiledModel, AtTheFirstSynchronizationItRepartitionsAtOnce) {
  FirstSynchronization first = observe_first_synchronization(
      1000, IterationCost::uniform(0.01), {{250, 2.5}, {125, 2.5}, {63, 2.5}, {125, 2.5}}, 2.5);
  LoopModelInput input = hand_case();
  input.start = first.start;
  input.forecast = SpeedForecast::constant({1, 0.5, 0.25, 0.5});
  ProfiledPrediction p = predict_profiled(input, testing::hand_network());
  EXPECT_EQ(p.synchronization_s, 0);
  EXPECT_EQ(p.distribution, (Counts{194, 97, 49, 97}));
  EXPECT_NEAR(p.data_movement_s, 0.1612, kEps);
  EXPECT_NEAR(p.time_s, 0.001 + 0.1612 + 1.96, kEps);
}

TEST(ProfiledModel, ABalancedLoopIsNotRepartitioned) {
  LoopModelInput input = hand_case();
  input.forecast = SpeedForecast::constant({1, 1, 1, 1});
  ProfiledPrediction p = predict_profiled(input, testing::hand_network());
  EXPECT_FALSE(p.repartitioned);
  EXPECT_EQ(p.work_moved, 0);
  // 1 iteration measured (0.01 s), ξ + δ = 0.009 s, 249 more iterations.
  EXPECT_NEAR(p.time_s, 0.01 + 0.009 + 2.49, kEps);
}

TEST(ProfiledModel, DampingMovesPartWay) {
  LoopModelInput input = hand_case();
  input.profiled.eval_size = 10;
  input.profiled.damping = 0.5;
  ProfiledPrediction p = predict_profiled(input, testing::hand_network());
  // Half way from 240 each to 427, 213, 107, 213: 333.5, 226.5, 173.5, 226.5,
  // rounded to whole iterations that still sum to 960.
  EXPECT_EQ(p.distribution[0] + p.distribution[1] + p.distribution[2] + p.distribution[3], 960);
  EXPECT_NEAR(static_cast<double>(p.distribution[0]), 333.5, 0.5);
  EXPECT_NEAR(static_cast<double>(p.distribution[2]), 173.5, 0.5);
  EXPECT_LT(p.work_moved, 187);
}

}  // namespace
}  // namespace stacksplit::schemes::loop::cost_model
