#include "schemes/loop/cost_model/speed_forecast.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace stacksplit::schemes::loop::cost_model {
namespace {

TEST(SpeedForecast, ConstantSpeeds) {
  auto f = SpeedForecast::constant({1, 0.5});
  EXPECT_EQ(f.processors(), 2);
  EXPECT_DOUBLE_EQ(f.work(1, 2, 6), 2);
  EXPECT_DOUBLE_EQ(f.finish_time(1, 2, 2), 6);
  EXPECT_TRUE(std::isinf(SpeedForecast::constant({0}).finish_time(0, 0, 1)));
}

TEST(SpeedForecast, LoadsChangeEveryPersistencePeriod) {
  // S = 2, loads 0, 1, 3 for tl = 1 s each, then 3 for ever: σ = 2, 1, 0.5, 0.5...
  auto f = SpeedForecast::from_loads({2}, {{0, 1, 3}}, 1.0);
  EXPECT_DOUBLE_EQ(f.speed(0, 0.5), 2);
  EXPECT_DOUBLE_EQ(f.speed(0, 1.5), 1);
  EXPECT_DOUBLE_EQ(f.speed(0, 10), 0.5);
  // From 0.5 to 2.5: 0.5·2 + 1·1 + 0.5·0.5 = 2.25.
  EXPECT_DOUBLE_EQ(f.work(0, 0.5, 2.5), 2.25);
  // 2.25 base seconds from 0.5 end at 2.5; 3 more at 0.5 take 6 s.
  EXPECT_DOUBLE_EQ(f.finish_time(0, 0.5, 2.25), 2.5);
  EXPECT_DOUBLE_EQ(f.finish_time(0, 0.5, 5.25), 8.5);
  EXPECT_THROW(SpeedForecast::from_loads({1}, {{-1}}, 1), std::invalid_argument);
}

TEST(SpeedForecast, PeriodsThatAreNotExactInBinaryStillEnd) {
  // tℓ = 0.1 s, σ = 1, 1/2, 1, 1/2, ... (0.3/0.1 is 2.9999999999999996 in
  // binary): from 0.3 to 0.7 s, 0.05 + 0.1 + 0.05 + 0.1 = 0.3.
  auto f = SpeedForecast::from_loads({1}, {{0, 1, 0, 1, 0, 1, 0, 1}}, 0.1);
  EXPECT_NEAR(f.work(0, 0.3, 0.7), 0.3, 1e-12);
  EXPECT_NEAR(f.finish_time(0, 0.3, 0.3), 0.7, 1e-12);
  // Past the last period (k = 7, σ = 1/2) the last load stays.
  EXPECT_NEAR(f.finish_time(0, 0.8, 1.0), 2.8, 1e-12);
}

TEST(SpeedForecast, ExpectedLoadFactor) {
  // ml = 5: (1 + 1/2 + ... + 1/6)/6 = 2.45/6.
  EXPECT_NEAR(expected_load_factor(5), 2.45 / 6, 1e-12);
  EXPECT_DOUBLE_EQ(expected_load_factor(0), 1);
}

}  // namespace
}  // namespace stacksplit::schemes::loop::cost_model
