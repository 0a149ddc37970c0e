#include "schemes/loop/cost_model/strategy_choice.hpp"

#include <gtest/gtest.h>

#include <set>

#include "tests/schemes/loop/cost_model/hand_network.hpp"

namespace stacksplit::schemes::loop::cost_model {
namespace {

LoopModelInput loop(std::vector<double> speeds, double data_bytes) {
  LoopModelInput input;
  input.cost = IterationCost::uniform(0.01);
  input.start = equal_blocks(1000, static_cast<int>(speeds.size()));
  input.forecast = SpeedForecast::constant(std::move(speeds));
  input.data_bytes_per_iteration = data_bytes;
  input.distribution_s = 0.001;
  return input;
}

TEST(StrategyChoice, PredictsEveryStrategyFastestFirst) {
  auto predictions = predict_strategies(loop({1, 0.5, 0.25, 0.5}, 800), testing::hand_network());
  ASSERT_EQ(predictions.size(), kLoopStrategies.size());
  std::set<LoopStrategy> seen;
  for (std::size_t i = 0; i < predictions.size(); ++i) {
    seen.insert(predictions[i].strategy);
    EXPECT_FALSE(predictions[i].summary().empty()) << strategy_name(predictions[i].strategy);
    if (i > 0) {
      EXPECT_LE(predictions[i - 1].time_s, predictions[i].time_s);
    }
  }
  EXPECT_EQ(seen.size(), kLoopStrategies.size());
  EXPECT_EQ(&best_prediction(predictions), &predictions.front());
}

// Equal speeds and a costly network: any balancing only adds cost, so
// static-block wins, at exactly 250 iterations of 10 ms.
TEST(StrategyChoice, ABalancedLoopOnASlowNetworkStaysStatic) {
  auto predictions = predict_strategies(loop({1, 1, 1, 1}, 800), testing::hand_network());
  EXPECT_EQ(predictions.front().strategy, LoopStrategy::kStaticBlock);
  EXPECT_NEAR(predictions.front().time_s, 2.5, 1e-9);
  EXPECT_GT(predictions[1].time_s, 2.5);
}

// One processor 20 times slower, replicated data, a fast network: not
// balancing takes 250·0.01·20 = 50 s; balancing finishes near the ideal
// 1000·0.01/3.05 = 3.3 s.
TEST(StrategyChoice, AHeavilyLoadedProcessorIsBalancedAway) {
  auto fast = testing::hand_network();
  fast.latency_s = 1e-5;
  for (auto& e : fast.exchanges) e = ExchangePolynomial::single({{1e-5}});
  auto predictions = predict_strategies(loop({1, 1, 1, 0.05}, 0), fast);
  const auto& best = best_prediction(predictions);
  EXPECT_NE(best.strategy, LoopStrategy::kStaticBlock);
  EXPECT_LT(best.time_s, 3.5);
  auto static_block = predict_strategy(LoopStrategy::kStaticBlock, loop({1, 1, 1, 0.05}, 0), fast);
  EXPECT_NEAR(static_block.time_s, 50, 1e-9);
}

// The chapter's four alone, as Table 1.4 compares them.
TEST(StrategyChoice, CanBeAskedAboutTheChaptersFourOnly) {
  auto predictions =
      predict_strategies(loop({1, 0.5, 0.25, 0.5}, 800), testing::hand_network(), kZakiStrategies);
  ASSERT_EQ(predictions.size(), 4u);
  for (const auto& p : predictions) EXPECT_TRUE(p.dlb.has_value());
  // GCDLB 4.6452 s, GDDLB 4.6472 s (dlb_model_test), the local ones later.
  EXPECT_EQ(predictions[0].strategy, LoopStrategy::kGcdlb);
  EXPECT_EQ(predictions[1].strategy, LoopStrategy::kGddlb);
}

}  // namespace
}  // namespace stacksplit::schemes::loop::cost_model
