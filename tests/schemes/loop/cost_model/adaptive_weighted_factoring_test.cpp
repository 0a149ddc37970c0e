#include "schemes/loop/cost_model/adaptive_weighted_factoring.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace stacksplit::schemes::loop::cost_model {
namespace {

TEST(AdaptiveWeightedFactoring, WeightsFromRatesSumToP) {
  // Rates 1, 2, 3, 2 (sum 8), P = 4: w_i = 4·r_i/8.
  auto w = awf_weights_from_rates({1, 2, 3, 2});
  ASSERT_EQ(w.size(), 4u);
  EXPECT_DOUBLE_EQ(w[0], 0.5);
  EXPECT_DOUBLE_EQ(w[1], 1.0);
  EXPECT_DOUBLE_EQ(w[2], 1.5);
  EXPECT_DOUBLE_EQ(w[3], 1.0);
}

// The master's record: a processor that has not reported counts at the mean
// of those that have (2 here, so rates 1, 2, 3, 2 as above); none reported:
// all alike.
TEST(AdaptiveWeightedFactoring, AnUnreportedRateCountsAtTheMeanOfTheReported) {
  EXPECT_EQ(awf_weights_from_reported_rates({1, 0, 3, 2}), awf_weights_from_rates({1, 2, 3, 2}));
  EXPECT_EQ(awf_weights_from_reported_rates({0, 0, 0}), (std::vector<double>{1, 1, 1}));
}

TEST(AdaptiveWeightedFactoring, LaterTimeStepsCountMore) {
  // Processor 0: 100 iterations in 1 s, then 100 in 2 s. Step weights 1, 2:
  // π_0 = (1·1 + 2·2)/(1·100 + 2·100) = 5/300 s per iteration (60 per s).
  // Processor 1: 100 in 1 s twice: π_1 = 3/300 (100 per s).
  // w_i = 2·(1/π_i)/Σ(1/π_k): 2·60/160 = 0.75 and 2·100/160 = 1.25.
  auto w = awf_weights({{{100, 1.0}, {100, 2.0}}, {{100, 1.0}, {100, 1.0}}});
  ASSERT_EQ(w.size(), 2u);
  EXPECT_DOUBLE_EQ(w[0], 0.75);
  EXPECT_DOUBLE_EQ(w[1], 1.25);
  // Unweighted, processor 0 would be 200/3 per s: the later, slower step matters more.
}

TEST(AdaptiveWeightedFactoring, AnUnmeasuredProcessorCountsAsAverage) {
  // Processor 2 has no step yet: weight 1; the others share the other 2.
  auto w = awf_weights({{{10, 1.0}}, {{30, 1.0}}, {}});
  EXPECT_DOUBLE_EQ(w[0], 0.5);
  EXPECT_DOUBLE_EQ(w[1], 1.5);
  EXPECT_DOUBLE_EQ(w[2], 1.0);
  EXPECT_THROW(awf_weights({{{10, -1.0}}}), std::invalid_argument);
}

TEST(AdaptiveWeightedFactoring, ChunksAreWeightedFactoringBatches) {
  // Weights 0.5, 1, 1.5, 1 on N = 100: batch R = 100, base ⌈100/8⌉ = 13:
  // ⌈6.5⌉ = 7, 13, ⌈19.5⌉ = 20, 13 (53); R = 47, base 6: 3, 6, 9, 6 (24);
  // R = 23, base 3: ⌈1.5⌉ = 2, 3, ⌈4.5⌉ = 5, 3 (13); R = 10, base 2: 1, 2, 3, 2;
  // R = 2, base 1: ⌈0.5⌉ = 1, 1.
  EXPECT_EQ(awf_chunks(100, {0.5, 1, 1.5, 1}),
            (std::vector<std::int64_t>{7, 13, 20, 13, 3, 6, 9, 6, 2, 3, 5, 3, 1, 2, 3, 2, 1, 1}));
  EXPECT_EQ(awf_chunk(47, 4, 1.5), 9);
}

}  // namespace
}  // namespace stacksplit::schemes::loop::cost_model
