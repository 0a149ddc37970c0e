#include "schemes/loop/cost_model/dlb_model.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <numeric>
#include <random>
#include <stdexcept>

#include "tests/schemes/loop/cost_model/hand_network.hpp"

namespace stacksplit::schemes::loop::cost_model {
namespace {

using Counts = std::vector<std::int64_t>;
constexpr double kEps = 1e-9;

// The hand-computed case: P = 4, a uniform loop of N = 1000 iterations of
// T = 0.01 s, speeds S_i = 1 and fixed loads ℓ = 0, 1, 3, 1, so
// σ = S/(ℓ+1) = 1, 1/2, 1/4, 1/2; D = 800 bytes per iteration; δ = 0.001 s;
// the network of hand_network.hpp (L = 0.002 s, B = 1e6 B/s).
LoopModelInput hand_case() {
  LoopModelInput input;
  input.cost = IterationCost::uniform(0.01);
  input.start = equal_blocks(1000, 4);
  input.forecast = SpeedForecast::from_loads({1, 1, 1, 1}, {{0}, {1}, {3}, {1}}, 1.0);
  input.data_bytes_per_iteration = 800;
  input.distribution_s = 0.001;
  input.group_size = 2;
  return input;
}

// GCDLB, worked by hand from §1.3.2:
// χ(0) = 250 each. Processor 0 (σ = 1) finishes first: t_1 = 250·0.01/1 = 2.5 s.
// Eq. 1.3.1 with the ⌈ ⌉: done ⌈2.5·σ_i/0.01⌉ = 250, 125, ⌈62.5⌉ = 63, 125, so
// γ(1) = 0, 125, 187, 125 and Γ(1) = 437. Processor 2 answers when through
// its 63rd iteration, at 63·0.01/0.25 = 2.52 s; the others idle till then.
// Eq. 1.3.3: χ(1) = 437·σ_i/2.25 = 194.2, 97.1, 48.6, 97.1 -> 194, 97, 49, 97
// (largest remainder). α(1) = ½(194 + 28 + 138 + 28) = 194; processors 1, 2,
// 3 each send to 0: β(1) = 3.
// ξ = one-to-all(4) + all-to-one(4) = 0.008 s. Worth moving: the rest would
// take max(125·0.01/0.5, 187·0.01/0.25, ...) = 7.48 s, after the move
// max(1.94, 1.94, 49·0.01/0.25 = 1.96, 1.94) = 1.96 s: 74 % better (>= 10 %).
// κ(1) = β·L + α·D/B = 3·0.002 + 194·800/1e6 = 0.006 + 0.1552 = 0.1612 s;
// ψ(1) = β·L = 0.006 s. Everyone is told at 2.52 + ξ + δ + ψ = 2.535 s;
// the senders 1, 2, 3 compute on at once, and the three moves go on the
// wire one after another: 28 iterations arrive at 2.535 + 0.002 + 0.0224 =
// 2.5594 s, 138 at 2.6718 s, 28 at 2.6962 s (= 2.535 + κ(1)). Processor 0,
// out of work, waits 0.0244 s for the first and is busy with it when the
// others come: it computes from 2.5594 s, ends its 194 at 4.4994 s.
// Processors 1 and 3 end their 97 at 2.535 + 1.94 = 4.475 s: the second
// synchronization (processor 1, the lower rank). Processor 0 has begun
// ⌈1.9156/0.01⌉ = 192 by then (through it at 4.4794 s), processor 2
// ⌈0.485/0.01⌉ = 49 of 49, through it at 4.495 s: γ(2) = 2, 0, 0, 0;
// χ(2) = 1, 1, 0, 0 would end in 0.02 s as now, no gain: nothing moves, and
// ξ + δ later (4.504 s) processor 0 goes on, ends at 4.524 s and
// synchronizes a third time, Γ(3) = 0: the end 4.524 + ξ + δ = 4.533 s.
// TC = η(ξ + δ) + κ(1) + ψ(1) = 3·0.009 + 0.1612 + 0.006 = 0.1942 s.
TEST(DlbModel, GcdlbReproducesTheHandComputedCase) {
  LoopModelInput input = hand_case();
  DlbPrediction p = predict_dlb(LoopStrategy::kGcdlb, input, testing::hand_network());
  EXPECT_NEAR(p.synchronization_s, 0.008, kEps);
  ASSERT_EQ(p.groups.size(), 1u);
  EXPECT_EQ(p.synchronizations(), 3);  // η
  const auto& s = p.groups[0].synchronizations;
  ASSERT_EQ(s.size(), 3u);

  EXPECT_NEAR(s[0].time_s, 2.5, kEps);
  EXPECT_NEAR(s[0].answered_s, 2.52, kEps);
  EXPECT_EQ(s[0].left, (Counts{0, 125, 187, 125}));         // γ(1)
  EXPECT_EQ(s[0].remaining, 437);                           // Γ(1)
  EXPECT_EQ(s[0].distribution, (Counts{194, 97, 49, 97}));  // χ(1)
  EXPECT_EQ(s[0].work_moved, 194);                          // α(1)
  EXPECT_EQ(s[0].messages, 3);                              // β(1)
  EXPECT_NEAR(s[0].data_movement_s, 0.1612, kEps);          // κ(1)
  EXPECT_NEAR(s[0].instructions_s, 0.006, kEps);            // ψ(1)
  EXPECT_NEAR(s[0].improvement, (7.48 - 1.96) / 7.48, 1e-9);
  EXPECT_TRUE(s[0].moved);

  EXPECT_NEAR(s[1].time_s, 4.475, kEps);
  EXPECT_NEAR(s[1].answered_s, 4.495, kEps);
  EXPECT_EQ(s[1].left, (Counts{2, 0, 0, 0}));  // γ(2)
  EXPECT_FALSE(s[1].moved);
  EXPECT_EQ(s[1].work_moved, 0);               // α(2)
  EXPECT_NEAR(s[1].data_movement_s, 0, kEps);  // κ(2)
  EXPECT_NEAR(s[2].time_s, 4.524, kEps);
  EXPECT_EQ(s[2].remaining, 0);  // Γ(η) = 0

  EXPECT_NEAR(p.total_cost_s(), 0.1942, kEps);  // TC
  EXPECT_NEAR(p.time_s, 4.533, kEps);
}

// GDDLB on the same case: ξ = one-to-all(4) + all-to-all(4) = 0.004 + 0.008
// = 0.012 s and no instructions (ψ = 0). The same γ, χ, α, β and κ; everyone
// goes on at 2.52 + 0.012 + 0.001 = 2.533 s, processor 0 at 2.5574 s when its
// first piece is in; processor 1 runs out at 4.473 s, processor 2 is through
// its last at 4.493 s, processor 0 has 2 left, which do not move; the third
// synchronization at 4.506 + 0.02 = 4.526 s, the end 4.539 s; TC = 3·0.013 +
// 0.1612 = 0.2002 s. GCDLB's cheaper profile exchange outweighs its
// instructions here, 0.008 s against 0.006 s.
TEST(DlbModel, GddlbPaysAllToAllButNoInstructions) {
  DlbPrediction p = predict_dlb(LoopStrategy::kGddlb, hand_case(), testing::hand_network());
  EXPECT_NEAR(p.synchronization_s, 0.012, kEps);
  EXPECT_EQ(p.synchronizations(), 3);
  const auto& s = p.groups[0].synchronizations;
  EXPECT_EQ(s[0].work_moved, 194);
  EXPECT_EQ(s[0].messages, 3);
  EXPECT_NEAR(s[0].data_movement_s, 0.1612, kEps);
  EXPECT_NEAR(s[0].instructions_s, 0, kEps);
  EXPECT_NEAR(s[1].time_s, 4.473, kEps);
  EXPECT_NEAR(p.total_cost_s(), 0.2002, kEps);
  EXPECT_NEAR(p.time_s, 4.539, kEps);
}

// Only who waits for the data is stopped by it: the same case with the
// whole group held for κ(1), as TC's sum reads, would end 0.1612 − 0.0244 s
// later than the model's 4.533 s, the senders idle while their data leaves.
TEST(DlbModel, OnlyAReceiverThatRanOutWaitsForItsData) {
  DlbPrediction p = predict_dlb(LoopStrategy::kGcdlb, hand_case(), testing::hand_network());
  const auto& s = p.groups[0].synchronizations;
  // Processor 1 (a sender, 97 iterations at σ = 1/2) runs out at the time
  // it was told plus its own work: no κ in it.
  EXPECT_NEAR(s[1].time_s, 2.52 + 0.008 + 0.001 + 0.006 + 97 * 0.01 / 0.5, kEps);
  // The receiver computes from its first piece's arrival, 2.535 + 0.0244 s.
  EXPECT_EQ(s[1].left, (Counts{2, 0, 0, 0}));  // ⌈(4.475 − 2.5594)/0.01⌉ = 192 begun
  EXPECT_LT(p.time_s, 4.6652);                 // the whole group held for κ(1)
}

// LDDLB with K = 2, groups {0, 1} (σ = 1, 1/2) and {2, 3} (σ = 1/4, 1/2);
// ξ = one-to-all(2) + all-to-all(2) = 0.004 s.
// Group {0, 1}: processor 0 finishes at 2.5 s, processor 1 has 125 left;
// χ = 125·(2/3, 1/3) = 83.3, 41.7 -> 83, 42; α = 83, β = 1;
// κ = 0.002 + 83·800/1e6 = 0.0684 s: processor 1 goes on at 2.505 s,
// processor 0 gets the 83 at 2.5734 s. Processor 1 runs out at 2.505 + 0.84
// = 3.345 s; processor 0 has begun ⌈77.16⌉ = 78 (through at 3.3534 s):
// γ = 5, 0; χ = 3, 2 (20 % sooner): 2 move, arriving at 3.3584 + 0.0036 =
// 3.362 s; processor 0 ends its 3 at 3.3884 s, processor 1 its 2 at 3.402 s:
// Γ(3) = 0, the group ends at 3.402 + 0.005 = 3.407 s.
// Group {2, 3}: processor 3 finishes at 5 s, processor 2 has done
// ⌈5·0.25/0.01⌉ = 125, 125 left; χ = 125·(1/3, 2/3) -> 42, 83; α = 83, β = 1;
// processor 2 goes on at 5.005 s, ends its 42 at 6.685 s; processor 3 gets
// the 83 at 5.0734 s and has 2 left then, which do not move (no gain), ends
// at 6.7384 s: C_2 = 6.7384 + 0.005 = 6.7434 s. C = max: the slow group
// cannot pass work to the fast one.
TEST(DlbModel, LddlbBalancesEachGroupAndTheSlowestGroupDecides) {
  DlbPrediction p = predict_dlb(LoopStrategy::kLddlb, hand_case(), testing::hand_network());
  ASSERT_EQ(p.groups.size(), 2u);
  const GroupPrediction& a = p.groups[0];
  const GroupPrediction& b = p.groups[1];
  EXPECT_EQ(a.members, (std::vector<int>{0, 1}));
  ASSERT_EQ(a.synchronizations.size(), 3u);
  EXPECT_EQ(a.synchronizations[0].distribution, (Counts{83, 42}));
  EXPECT_EQ(a.synchronizations[0].work_moved, 83);
  EXPECT_EQ(a.synchronizations[0].messages, 1);
  EXPECT_NEAR(a.synchronizations[0].data_movement_s, 0.0684, kEps);
  EXPECT_EQ(a.synchronizations[1].left, (Counts{5, 0}));
  EXPECT_EQ(a.synchronizations[1].distribution, (Counts{3, 2}));
  EXPECT_NEAR(a.overhead_s, 3 * 0.005 + 0.0684 + 0.0036, kEps);
  EXPECT_NEAR(a.time_s, 3.407, kEps);
  ASSERT_EQ(b.synchronizations.size(), 3u);
  EXPECT_NEAR(b.synchronizations[0].time_s, 5.0, kEps);
  EXPECT_EQ(b.synchronizations[0].left, (Counts{125, 0}));
  EXPECT_EQ(b.synchronizations[0].distribution, (Counts{42, 83}));
  EXPECT_NEAR(b.synchronizations[1].time_s, 6.685, kEps);
  EXPECT_FALSE(b.synchronizations[1].moved);
  EXPECT_NEAR(b.time_s, 6.7434, kEps);
  EXPECT_NEAR(p.time_s, 6.7434, kEps);
  EXPECT_EQ(p.synchronizations(), 3);
}

// A receiver waits for its data however many synchronizations come first:
// processor 3 at a tenth of the others' speed sends most of its block to the
// three others, 0.1 s of wire an iteration, and soon runs out of the little
// it kept and synchronizes again while the data is still on its way. The
// loop cannot end before the first move's last piece is in.
TEST(DlbModel, AReceiverWaitsForItsDataThroughLaterSynchronizations) {
  LoopModelInput input = hand_case();
  input.forecast = SpeedForecast::constant({1, 1, 1, 0.1});
  input.data_bytes_per_iteration = 100000;
  DlbPrediction p = predict_dlb(LoopStrategy::kGddlb, input, testing::hand_network());
  const auto& s = p.groups[0].synchronizations;
  ASSERT_GE(s.size(), 2u);
  ASSERT_TRUE(s[0].moved);
  EXPECT_LT(s[1].time_s, s[0].answered_s + s[0].data_movement_s);  // called while it is on its way
  EXPECT_GT(p.time_s, s[0].answered_s + s[0].data_movement_s);
}

// The groups of a local strategy share the one network: with loads 0, 1, 0,
// 1 both groups synchronize at 2.5 s and each moves 83 iterations from its
// slow member to its fast one, out of work (κ = 0.0684 s). The first group's
// move holds the wire from 2.505 s to 2.5734 s; the second's queues behind
// it and arrives at 2.6418 s. Both senders run out at 2.505 + 0.84 = 3.345 s
// (the second synchronizations); by then processor 0 has begun
// ⌈77.16⌉ = 78 of its 83, processor 2 only ⌈70.32⌉ = 71.
TEST(DlbModel, LocalGroupsQueueTheirMovesOnTheOneNetwork) {
  LoopModelInput input = hand_case();
  input.forecast = SpeedForecast::from_loads({1, 1, 1, 1}, {{0}, {1}, {0}, {1}}, 1.0);
  DlbPrediction p = predict_dlb(LoopStrategy::kLddlb, input, testing::hand_network());
  ASSERT_EQ(p.groups.size(), 2u);
  const auto& a = p.groups[0].synchronizations;
  const auto& b = p.groups[1].synchronizations;
  ASSERT_GE(a.size(), 2u);
  ASSERT_GE(b.size(), 2u);
  EXPECT_EQ(a[0].distribution, (Counts{83, 42}));
  EXPECT_EQ(b[0].distribution, (Counts{83, 42}));
  EXPECT_NEAR(a[1].time_s, 3.345, kEps);
  EXPECT_NEAR(b[1].time_s, 3.345, kEps);
  EXPECT_EQ(a[1].left, (Counts{5, 0}));
  EXPECT_EQ(b[1].left, (Counts{12, 0}));
}

// LCDLB's one balancer: when both groups ask at once the second waits
// Δ = δ + ψ of the first (§1.3.2, "Delay Factor", ν = 1). With loads 0, 1, 0, 1
// both groups synchronize at t = 2.5 s; ξ = 0.004 s; group 1 moves 83
// iterations in one message (ψ = 0.002 s), so the balancer is busy from
// 2.504 s to 2.507 s and group 2 waits 0.003 s.
TEST(DlbModel, LcdlbQueuesGroupsAtItsOneBalancer) {
  LoopModelInput input = hand_case();
  input.forecast = SpeedForecast::from_loads({1, 1, 1, 1}, {{0}, {1}, {0}, {1}}, 1.0);
  DlbPrediction p = predict_dlb(LoopStrategy::kLcdlb, input, testing::hand_network());
  ASSERT_EQ(p.groups.size(), 2u);
  const auto& first = p.groups[0].synchronizations[0];
  const auto& second = p.groups[1].synchronizations[0];
  EXPECT_NEAR(first.time_s, 2.5, kEps);
  EXPECT_NEAR(second.time_s, 2.5, kEps);
  EXPECT_NEAR(first.delay_s, 0, kEps);
  EXPECT_NEAR(first.instructions_s, 0.002, kEps);
  EXPECT_NEAR(second.delay_s, 0.001 + 0.002, kEps);  // Δ = δ + ψ_1
  // The same case without a central balancer has no delay.
  DlbPrediction d = predict_dlb(LoopStrategy::kLddlb, input, testing::hand_network());
  EXPECT_NEAR(d.groups[1].synchronizations[0].delay_s, 0, kEps);
  EXPECT_LT(d.time_s, p.time_s);
}

// Eq. 1.3.2 on a non-uniform loop: T_k = k + 1 for k = 0..7, P = 2, equal
// speeds, free network. Processor 0 holds 0..3 (1 + 2 + 3 + 4 = 10 s),
// processor 1 holds 4..7 (5 + 6 + 7 + 8 = 26 s). At t = 10 s processor 1 has
// done ℵ = 2 iterations (5 + 6 = 11 >= 10): γ = 0, 2; χ = 1, 1; the last one
// (iteration 7, 8 s) moves to processor 0 when processor 1 is through
// iteration 5, at 11 s. Then processor 1 ends iteration 6 at 18 s and
// processor 0 iteration 7 at 19 s.
TEST(DlbModel, NonUniformLoopsFollowEquation132) {
  LoopModelInput input;
  input.cost = IterationCost::from_function(8, [](std::int64_t k) { return k + 1.0; });
  input.start = equal_blocks(8, 2);
  input.forecast = SpeedForecast::constant({1, 1});
  DlbPrediction p = predict_dlb(LoopStrategy::kGddlb, input, testing::free_network());
  const auto& s = p.groups[0].synchronizations;
  ASSERT_EQ(s.size(), 2u);
  EXPECT_NEAR(s[0].time_s, 10, kEps);
  EXPECT_NEAR(s[0].answered_s, 11, kEps);
  EXPECT_EQ(s[0].left, (Counts{0, 2}));
  EXPECT_EQ(s[0].distribution, (Counts{1, 1}));
  EXPECT_NEAR(s[0].improvement, (15.0 - 8.0) / 15.0, kEps);
  EXPECT_NEAR(s[1].time_s, 18, kEps);
  EXPECT_NEAR(p.time_s, 19, kEps);
}

// The profitability rules: a synchronization that would move too little, or
// gain too little, moves nothing; its first finisher stays idle and the next
// processor to run out synchronizes again. Speeds 1, 1, 1, 0.98: at t = 2.5 s
// processor 3 has done ⌈2.5·0.98/0.01⌉ = 245 of 250, so γ = 0, 0, 0, 5;
// χ = 5·σ/3.98 = 1.26, 1.26, 1.26, 1.23 -> 2, 1, 1, 1; α = 4. The move would
// finish in 0.02 s instead of 5·0.01/0.98 = 0.051 s, a 61 % gain.
TEST(DlbModel, TooLittleToMoveOrToGainMovesNothing) {
  LoopModelInput input = hand_case();
  input.forecast = SpeedForecast::constant({1, 1, 1, 0.98});
  input.min_work_moved = 10;  // α = 4 is below it
  DlbPrediction p = predict_dlb(LoopStrategy::kGddlb, input, testing::hand_network());
  const auto& s = p.groups[0].synchronizations;
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].left, (Counts{0, 0, 0, 5}));
  EXPECT_NEAR(s[0].improvement, 1 - 0.02 / (0.05 / 0.98), 1e-9);
  EXPECT_FALSE(s[0].moved);
  EXPECT_EQ(s[0].work_moved, 0);
  // After ξ + δ = 0.013 s processor 3 finishes its 5 and synchronizes again
  // (Γ = 0), paying another ξ + δ.
  EXPECT_EQ(s[1].remaining, 0);
  EXPECT_NEAR(s[1].time_s, 2.5 + 0.013 + 0.05 / 0.98, kEps);
  EXPECT_NEAR(p.time_s, 2.5 + 0.013 + 0.05 / 0.98 + 0.013, kEps);

  input.min_work_moved = 1;  // the chapter's rule alone: 61 % >= 10 %
  EXPECT_TRUE(predict_dlb(LoopStrategy::kGddlb, input, testing::hand_network())
                  .groups[0]
                  .synchronizations[0]
                  .moved);
  input.profitability = 0.9;  // a gain of 61 % is now too little
  EXPECT_FALSE(predict_dlb(LoopStrategy::kGddlb, input, testing::hand_network())
                   .groups[0]
                   .synchronizations[0]
                   .moved);
}

TEST(DlbModel, StartingAtTheFirstSynchronizationDoesNotChargeItsXi) {
  // The loads of the hand case observed at t = 2.5 s.
  FirstSynchronization first = observe_first_synchronization(
      1000, IterationCost::uniform(0.01), {{250, 2.5}, {125, 2.5}, {63, 2.5}, {125, 2.5}}, 2.5);
  EXPECT_EQ(first.start.held[2], (std::vector<IterationRange>{{563, 187}}));
  EXPECT_NEAR(first.effective_speeds[0], 1, kEps);
  EXPECT_NEAR(first.effective_speeds[2], 0.252, kEps);  // 63 iterations in 2.5 s
  LoopModelInput input = hand_case();
  input.start = first.start;
  input.forecast = first.forecast;
  DlbPrediction p = predict_dlb(LoopStrategy::kGcdlb, input, testing::hand_network());
  const auto& s = p.groups[0].synchronizations;
  ASSERT_FALSE(s.empty());
  EXPECT_NEAR(s[0].time_s, 2.5, kEps);
  EXPECT_EQ(s[0].synchronization_s, 0);
  EXPECT_EQ(s[0].left, (Counts{0, 125, 187, 125}));
  EXPECT_EQ(s[0].work_moved, 194);
}

// With loads that change every tℓ the recurrences run for several
// synchronizations; whatever the loads, each one keeps the chapter's
// identities: Σχ(j) = Γ(j), α(j) = ½Σ|γ_i(j) − χ_i(j)|, Γ falls to 0, and for
// a global strategy TC = η(ξ + δ) + Σ[κ(j) + ψ(j)].
TEST(DlbModel, ChangingLoadsKeepTheChaptersIdentities) {
  std::mt19937 random(3);
  std::uniform_int_distribution<int> load(0, 5);  // ml = 5
  for (int trial = 0; trial < 20; ++trial) {
    std::vector<std::vector<int>> loads(8);
    for (auto& history : loads) {
      for (int k = 0; k < 200; ++k) history.push_back(load(random));
    }
    LoopModelInput input;
    input.cost = IterationCost::uniform(0.001);
    input.start = equal_blocks(20000, 8);
    input.forecast = SpeedForecast::from_loads(std::vector<double>(8, 1.0), loads, 0.2);
    input.data_bytes_per_iteration = 100;
    input.distribution_s = 0.001;
    for (LoopStrategy strategy : kZakiStrategies) {
      DlbPrediction p = predict_dlb(strategy, input, testing::hand_network());
      for (const GroupPrediction& g : p.groups) {
        std::int64_t previous = std::numeric_limits<std::int64_t>::max();
        double tc = 0;
        for (const SynchronizationRecord& s : g.synchronizations) {
          const std::int64_t gamma = std::accumulate(s.left.begin(), s.left.end(), std::int64_t{0});
          EXPECT_EQ(gamma, s.remaining);
          EXPECT_EQ(std::accumulate(s.distribution.begin(), s.distribution.end(), std::int64_t{0}),
                    s.remaining);
          std::int64_t moved = 0;
          for (std::size_t i = 0; i < s.left.size(); ++i)
            moved += std::abs(s.left[i] - s.distribution[i]);
          EXPECT_EQ(moved, 2 * s.work_moved);
          EXPECT_LT(s.remaining, previous);
          previous = s.remaining;
          tc += s.synchronization_s + s.distribution_s + s.data_movement_s + s.instructions_s;
          if (!is_local(strategy)) {
            EXPECT_EQ(s.delay_s, 0);
          }
        }
        if (!g.synchronizations.empty() && g.synchronizations.back().moved) {
          ADD_FAILURE() << "the last synchronization of a group moved work";
        }
        if (!is_local(strategy)) {
          EXPECT_NEAR(g.overhead_s, tc, 1e-9);
        }
      }
      if (strategy == LoopStrategy::kGddlb && trial == 0) {
        // Loads that change make the balancing go on.
        EXPECT_GE(p.synchronizations(), 3);
      }
    }
  }
}

TEST(DlbModel, RefusesOtherStrategies) {
  EXPECT_THROW(predict_dlb(LoopStrategy::kGss, hand_case(), testing::hand_network()),
               std::invalid_argument);
}

}  // namespace
}  // namespace stacksplit::schemes::loop::cost_model
