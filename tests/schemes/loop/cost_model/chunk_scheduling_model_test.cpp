#include "schemes/loop/cost_model/chunk_scheduling_model.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "schemes/loop/cost_model/factoring.hpp"
#include "schemes/loop/cost_model/guided_self_scheduling.hpp"
#include "schemes/loop/cost_model/trapezoid_self_scheduling.hpp"
#include "tests/schemes/loop/cost_model/hand_network.hpp"

namespace stacksplit::schemes::loop::cost_model {
namespace {

constexpr double kEps = 1e-9;

LoopModelInput uniform_loop(std::int64_t n, std::vector<double> speeds, double t = 0.01) {
  LoopModelInput input;
  input.cost = IterationCost::uniform(t);
  input.start = equal_blocks(n, static_cast<int>(speeds.size()));
  input.forecast = SpeedForecast::constant(std::move(speeds));
  return input;
}

TEST(ChunkSchedulingModel, FreeSelfSchedulingBalancesPerfectly) {
  auto p = predict_chunk_scheduling(LoopStrategy::kSs, uniform_loop(100, {1, 1, 1, 1}),
                                    testing::free_network());
  EXPECT_EQ(p.chunks, 100);
  EXPECT_NEAR(p.time_s, 0.25, kEps);
  EXPECT_NEAR(p.imbalance_s, 0, kEps);
}

TEST(ChunkSchedulingModel, ChunkSizesAreTheSchemesOwn) {
  const auto input = uniform_loop(1000, {1, 1, 1, 1});
  EXPECT_EQ(
      predict_chunk_scheduling(LoopStrategy::kGss, input, testing::free_network()).chunk_sizes,
      gss_chunks(1000, 4));
  EXPECT_EQ(
      predict_chunk_scheduling(LoopStrategy::kTss, input, testing::free_network()).chunk_sizes,
      tss_chunks(1000, 4));
  EXPECT_EQ(
      predict_chunk_scheduling(LoopStrategy::kFac2, input, testing::free_network()).chunk_sizes,
      fac2_chunks(1000, 4));
}

TEST(ChunkSchedulingModel, GivesUpPastItsBoundWithALowerBound) {
  // 100 iterations of 10 ms on 4 free processors end at 0.25 s; stopped past
  // 0.1 s, its time is the queue's clock then, work still left.
  const auto input = uniform_loop(100, {1, 1, 1, 1});
  const auto whole = predict_chunk_scheduling(LoopStrategy::kSs, input, testing::free_network());
  const auto cut = predict_chunk_scheduling(LoopStrategy::kSs, input, testing::free_network(), 0.1);
  EXPECT_FALSE(whole.gave_up);
  EXPECT_TRUE(cut.gave_up);
  EXPECT_GT(cut.time_s, 0.1);
  EXPECT_LE(cut.time_s, whole.time_s);
  EXPECT_LT(cut.chunks, whole.chunks);
  // A bound it stays within changes nothing.
  const auto within =
      predict_chunk_scheduling(LoopStrategy::kSs, input, testing::free_network(), 0.3);
  EXPECT_FALSE(within.gave_up);
  EXPECT_EQ(within.time_s, whole.time_s);
}

// P = 2, four iterations of 1 s, speeds 1, SS with chunks of 1, the network of
// hand_network.hpp: a request or reply is a message of 0.002 + 16/1e6 =
// 0.002016 s; the queue's service time is all-to-one(2)/2 = 0.001 s.
// Processor 0 keeps the queue (no messages for its own requests):
//   0: asks at 0, served by 0.001, iteration 0 until 1.001.
//   1: asks at 0, arrives 0.002016, served by 0.003016, reply 0.005032,
//      iteration 1 until 1.005032.
//   0: asks at 1.001, served 1.002, iteration 2 until 2.002.
//   1: asks at 1.005032, arrives 1.007048, served 1.008048, reply 1.010064,
//      iteration 3 until 2.010064.
// Both ask once more and find nothing. Processor 0 served three requests of
// processor 1's: 0.003 s of its time, so it ends at 2.005; the loop at 2.010064.
TEST(ChunkSchedulingModel, AccessCostsByHand) {
  auto p = predict_chunk_scheduling(LoopStrategy::kSs, uniform_loop(4, {1, 1}, 1.0),
                                    testing::hand_network());
  EXPECT_EQ(p.chunks, 4);
  EXPECT_NEAR(p.service_s, 0.001, kEps);
  EXPECT_NEAR(p.access_s, 0.001 + 0.005032 + 0.001 + 0.005032, kEps);
  ASSERT_EQ(p.finish_s.size(), 2u);
  EXPECT_NEAR(p.finish_s[0], 2.005, kEps);
  EXPECT_NEAR(p.finish_s[1], 2.010064, kEps);
  EXPECT_NEAR(p.time_s, 2.010064, kEps);
  // The shared iterator's fetch-and-add is one-sided: processor 0 pays nothing.
  auto s = predict_chunk_scheduling(LoopStrategy::kSharedIterator, uniform_loop(4, {1, 1}, 1.0),
                                    testing::hand_network());
  EXPECT_NEAR(s.finish_s[0], 2.002, kEps);
}

TEST(ChunkSchedulingModel, ChunksOfAnothersIterationsBringTheirData) {
  auto input = uniform_loop(4, {1, 1}, 1.0);
  input.data_bytes_per_iteration = 2000;
  auto p = predict_chunk_scheduling(LoopStrategy::kSs, input, testing::hand_network());
  // The queue hands out iterations in order: processor 1's first chunk is
  // iteration 1, held by processor 0, and processor 0's second is iteration
  // 2, held by processor 1. Each time the taker asks (0.002 s), the holder
  // is in the middle of an iteration and answers after it (half of one on
  // average, 0.5 s), and the data comes back in 0.002 + 2000/1e6 s: 0.506 s.
  //   1: reply at 0.005032 (AccessCostsByHand), data in by 0.511032, done
  //      1.511032; 0: asks at 1.001, served 1.002, data in by 1.508, done
  //      2.508; 1: asks at 1.511032, its own iteration 3, done 2.516064.
  EXPECT_NEAR(p.data_movement_s, 2 * 0.506, kEps);
  ASSERT_EQ(p.finish_s.size(), 2u);
  EXPECT_NEAR(p.finish_s[1], 2.516064, kEps);
  input.data_bytes_per_iteration = 0;  // replicated data moves nothing
  EXPECT_EQ(
      predict_chunk_scheduling(LoopStrategy::kSs, input, testing::hand_network()).data_movement_s,
      0);
}

TEST(ChunkSchedulingModel, DataTakenAtOnceQueuesForTheOneMedium) {
  // Processor 2 holds both iterations (1 s each, 100 kB of data, 0.1 s at
  // 1 MB/s); processors 0 and 1 ask at 0 and take one each. Their data cross
  // the medium one after the other: in by 0.1 and 0.2 s, done at 1.1 and 1.2.
  LoopModelInput input = uniform_loop(2, {1, 1, 1}, 1.0);
  input.start.held = {{}, {}, {{0, 2}}};
  input.data_bytes_per_iteration = 1e5;
  NetworkModel network = testing::free_network();
  network.bandwidth_bytes_per_s = 1e6;
  const auto p = predict_chunk_scheduling(LoopStrategy::kSs, input, network);
  ASSERT_EQ(p.finish_s.size(), 3u);
  EXPECT_NEAR(p.finish_s[0], 1.1, 1e-6);
  EXPECT_NEAR(p.finish_s[1], 1.2, 1e-6);
  EXPECT_NEAR(p.data_movement_s, 0.2, 1e-6);
  EXPECT_NEAR(p.time_s, 1.2, 1e-6);
}

TEST(ChunkSchedulingModel, FewerLargerChunksWinOnASlowNetwork) {
  // 10 ms iterations, 2 ms messages: one iteration a request is costly.
  const auto input = uniform_loop(4000, {1, 0.5, 0.25, 0.5});
  const auto network = testing::hand_network();
  const double ss = predict_chunk_scheduling(LoopStrategy::kSs, input, network).time_s;
  const double gss = predict_chunk_scheduling(LoopStrategy::kGss, input, network).time_s;
  const double fac2 = predict_chunk_scheduling(LoopStrategy::kFac2, input, network).time_s;
  EXPECT_LT(gss, ss);
  EXPECT_LT(fac2, ss);
  // Every strategy does at least the work at the total speed.
  const double ideal = 4000 * 0.01 / 2.25;
  EXPECT_GT(gss, ideal);
  EXPECT_LT(fac2, 1.2 * ideal);
}

// AWF as its master weighs requests (adaptive_weighted_factoring.hpp): by
// the iterations per busy second each asker reports, an unmeasured one at
// the mean of the others. 100 iterations, two processors at speed 1; before
// the start processor 0 did 10 iterations in 1 s, processor 1 30 (cheaper
// ones). Processor 0 asks first: only its rate is known, weights 1 and 1, a
// chunk of fac2's 25. Processor 1 then reports 30 a second: weights 0.5 and
// 1.5, a chunk of 38, not the 25 equal speeds would give.
TEST(ChunkSchedulingModel, AwfWeighsEachRequestByTheIterationRateItReports) {
  LoopModelInput input = uniform_loop(100, {1, 1});
  input.chunks.awf_measured = {{10, 1.0}, {30, 1.0}};
  const auto measured =
      predict_chunk_scheduling(LoopStrategy::kAwf, input, testing::free_network()).chunk_sizes;
  ASSERT_GE(measured.size(), 2u);
  EXPECT_EQ(measured[0], 25);
  EXPECT_EQ(measured[1], 38);
  // Nothing measured yet: the first batch is fac2's.
  input.chunks.awf_measured.clear();
  const auto cold =
      predict_chunk_scheduling(LoopStrategy::kAwf, input, testing::free_network()).chunk_sizes;
  ASSERT_GE(cold.size(), 2u);
  EXPECT_EQ(cold[0], 25);
  EXPECT_EQ(cold[1], 25);
  // Weights given are kept.
  input.chunks.awf_weights = {0.5, 1.5};
  EXPECT_EQ(
      predict_chunk_scheduling(LoopStrategy::kAwf, input, testing::free_network()).chunk_sizes[0],
      13);
}

TEST(ChunkSchedulingModel, RefusesAwfMeasuresThatDoNotFit) {
  LoopModelInput input = uniform_loop(100, {1, 1});
  input.chunks.awf_measured = {{10, 1.0}};  // one for two processors
  EXPECT_THROW(predict_chunk_scheduling(LoopStrategy::kAwf, input, testing::free_network()),
               std::invalid_argument);
  input.chunks.awf_measured = {{10, 1.0}, {10, -1.0}};
  EXPECT_THROW(predict_chunk_scheduling(LoopStrategy::kAwf, input, testing::free_network()),
               std::invalid_argument);
}

TEST(ChunkSchedulingModel, RefusesOtherStrategies) {
  EXPECT_THROW(
      predict_chunk_scheduling(LoopStrategy::kGcdlb, uniform_loop(4, {1}), testing::free_network()),
      std::invalid_argument);
}

}  // namespace
}  // namespace stacksplit::schemes::loop::cost_model
