#include "schemes/loop/cost_model/load_futures.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace stacksplit::schemes::loop::cost_model {
namespace {

LoadFutureOptions five_loads(int futures = 4) {
  LoadFutureOptions options;
  options.nominal_speeds = {1, 1, 0.5};
  options.max_load = 5;
  options.persistence_s = 2;
  options.futures = futures;
  options.seed = 7;
  return options;
}

TEST(LoadFutures, TheObservedSpeedTellsTheLoadOfThePeriodUnderWay) {
  EXPECT_EQ(load_implied_by(1.0 / 3, 1, 5), 2);
  EXPECT_EQ(load_implied_by(0.9, 1, 5), 0);
  EXPECT_EQ(load_implied_by(0.05, 1, 5), 5);  // beyond mℓ: the heaviest load
  EXPECT_EQ(load_implied_by(0, 1, 5), 5);     // never measured: assume the worst
  EXPECT_EQ(load_implied_by(0.25, 0.5, 5), 1);
}

TEST(LoadFutures, KeepTheLoadSeenUntilThePeriodEndsThenDrawFromTheModel) {
  // At 5 s, in the third period [4, 6): the speeds seen are loads 0, 3 and 1.
  const auto futures = sample_load_futures({1, 0.25, 0.25}, five_loads(), 5, 100);
  ASSERT_EQ(futures.size(), 4u);
  for (const SpeedForecast& future : futures) {
    EXPECT_DOUBLE_EQ(future.speed(0, 5.9), 1);
    EXPECT_DOUBLE_EQ(future.speed(1, 5.9), 0.25);
    EXPECT_DOUBLE_EQ(future.speed(2, 5.9), 0.25);
    for (double t = 6; t < 100; t += 2) {
      for (int i = 0; i < 3; ++i) {
        const double nominal = i == 2 ? 0.5 : 1;
        const double load = nominal / future.speed(i, t) - 1;
        EXPECT_NEAR(load, std::round(load), 1e-9);
        EXPECT_GE(std::round(load), 0);
        EXPECT_LE(std::round(load), 5);
      }
    }
  }
}

TEST(LoadFutures, DrawAlikeForOneSeedAndAverageTheChaptersLoad) {
  const auto a = sample_load_futures({1, 1, 0.5}, five_loads(2), 0, 2000);
  const auto b = sample_load_futures({1, 1, 0.5}, five_loads(2), 0, 2000);
  LoadFutureOptions other = five_loads(2);
  other.seed = 8;
  const auto c = sample_load_futures({1, 1, 0.5}, other, 0, 2000);
  int differ = 0;
  double factor = 0;
  int periods = 0;
  for (double t = 3; t < 2000; t += 2) {
    EXPECT_EQ(a[1].speed(0, t), b[1].speed(0, t));
    differ += a[1].speed(0, t) != c[1].speed(0, t);
    factor += a[0].speed(1, t);
    ++periods;
  }
  EXPECT_GT(differ, 100);
  // E[1/(ℓ+1)] for ℓ uniform on 0..5: 0.408.
  EXPECT_NEAR(factor / periods, expected_load_factor(5), 0.03);
}

TEST(LoadFutures, SayWhatIsWrong) {
  LoadFutureOptions options = five_loads();
  options.persistence_s = 0;
  EXPECT_THROW(sample_load_futures({1, 1, 1}, options, 0, 10), std::invalid_argument);
  EXPECT_THROW(sample_load_futures({1, 1}, five_loads(), 0, 10), std::invalid_argument);
  options = five_loads(0);
  EXPECT_THROW(sample_load_futures({1, 1, 1}, options, 0, 10), std::invalid_argument);
}

}  // namespace
}  // namespace stacksplit::schemes::loop::cost_model
