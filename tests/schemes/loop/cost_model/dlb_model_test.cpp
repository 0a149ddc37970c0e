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
// ψ(1) = β·L = 0.006 s. Computing resumes at
// 2.52 + ξ + δ + ψ + κ = 2.52 + 0.008 + 0.001 + 0.006 + 0.1612 = 2.6962 s.
// Processors 0, 1, 3 finish their χ(1) after 1.94 s; processor 2 has done
// ⌈1.94·0.25/0.01⌉ = ⌈48.5⌉ = 49 by then: Γ(2) = 0, so η = 2.
// TC = η(ξ + δ) + κ(1) + ψ(1) = 2·0.009 + 0.1612 + 0.006 = 0.1852 s.
// The loop ends when processor 2 ends its last iteration, 2.6962 + 1.96 =
// 4.6562 s, plus the last ξ + δ: 4.6652 s = computation 2.52 + 1.96 + TC.
TEST(DlbModel, GcdlbReproducesTheHandComputedCase) {
  LoopModelInput input = hand_case();
  DlbPrediction p = predict_dlb(LoopStrategy::kGcdlb, input, testing::hand_network());
  EXPECT_NEAR(p.synchronization_s, 0.008, kEps);
  ASSERT_EQ(p.groups.size(), 1u);
  EXPECT_EQ(p.synchronizations(), 2);  // η
  const auto& s = p.groups[0].synchronizations;
  ASSERT_EQ(s.size(), 2u);

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

  EXPECT_NEAR(s[1].time_s, 2.6962 + 1.94, kEps);
  EXPECT_EQ(s[1].remaining, 0);                // Γ(η) = 0
  EXPECT_EQ(s[1].work_moved, 0);               // α(2)
  EXPECT_EQ(s[1].messages, 0);                 // β(2)
  EXPECT_NEAR(s[1].data_movement_s, 0, kEps);  // κ(2)

  EXPECT_NEAR(p.total_cost_s(), 0.1852, kEps);  // TC
  EXPECT_NEAR(p.time_s, 4.6652, kEps);
}

// GDDLB on the same case: ξ = one-to-all(4) + all-to-all(4) = 0.004 + 0.008
// = 0.012 s and no instructions (ψ = 0). The same γ, χ, α, β and κ; computing
// resumes at 2.52 + 0.012 + 0.001 + 0.1612 = 2.6942 s; TC = 2·0.013 + 0.1612
// = 0.1872 s; the end 2.6942 + 1.96 + 0.013 = 4.6672 s. GCDLB's cheaper
// profile exchange outweighs its instructions here, 0.008 s against 0.006 s.
TEST(DlbModel, GddlbPaysAllToAllButNoInstructions) {
  DlbPrediction p = predict_dlb(LoopStrategy::kGddlb, hand_case(), testing::hand_network());
  EXPECT_NEAR(p.synchronization_s, 0.012, kEps);
  EXPECT_EQ(p.synchronizations(), 2);
  const auto& s = p.groups[0].synchronizations;
  EXPECT_EQ(s[0].work_moved, 194);
  EXPECT_EQ(s[0].messages, 3);
  EXPECT_NEAR(s[0].data_movement_s, 0.1612, kEps);
  EXPECT_NEAR(s[0].instructions_s, 0, kEps);
  EXPECT_NEAR(p.total_cost_s(), 0.1872, kEps);
  EXPECT_NEAR(p.time_s, 4.6672, kEps);
}

// LDDLB with K = 2, groups {0, 1} (σ = 1, 1/2) and {2, 3} (σ = 1/4, 1/2);
// ξ = one-to-all(2) + all-to-all(2) = 0.004 s.
// Group {0, 1}: processor 0 finishes at 2.5 s, processor 1 has 125 left;
// χ = 125·(2/3, 1/3) = 83.3, 41.7 -> 83, 42; α = 83, β = 1;
// κ = 0.002 + 83·800/1e6 = 0.0684 s; resumes at 2.5 + 0.005 + 0.0684 = 2.5734 s;
// then 0.83 s and 0.84 s of work: Γ(2) = 0 (⌈0.83·0.5/0.01⌉ = 42), ends at
// 2.5734 + 0.84 + 0.005 = 3.4184 s; C_1 overhead 2·0.005 + 0.0684 = 0.0784 s.
// Group {2, 3}: processor 3 finishes at 5 s, processor 2 has done
// ⌈5·0.25/0.01⌉ = 125, 125 left; χ = 125·(1/3, 2/3) -> 42, 83; α = 83, β = 1;
// resumes at 5.0734 s; 42·0.01/0.25 = 1.68 s and 1.66 s of work; ends at
// 5.0734 + 1.68 + 0.005 = 6.7584 s. C = max = 6.7584 s: the slow group
// cannot pass work to the fast one.
TEST(DlbModel, LddlbBalancesEachGroupAndTheSlowestGroupDecides) {
  DlbPrediction p = predict_dlb(LoopStrategy::kLddlb, hand_case(), testing::hand_network());
  ASSERT_EQ(p.groups.size(), 2u);
  const GroupPrediction& a = p.groups[0];
  const GroupPrediction& b = p.groups[1];
  EXPECT_EQ(a.members, (std::vector<int>{0, 1}));
  ASSERT_EQ(a.synchronizations.size(), 2u);
  EXPECT_EQ(a.synchronizations[0].distribution, (Counts{83, 42}));
  EXPECT_EQ(a.synchronizations[0].work_moved, 83);
  EXPECT_EQ(a.synchronizations[0].messages, 1);
  EXPECT_NEAR(a.synchronizations[0].data_movement_s, 0.0684, kEps);
  EXPECT_NEAR(a.overhead_s, 0.0784, kEps);
  EXPECT_NEAR(a.time_s, 3.4184, kEps);
  ASSERT_EQ(b.synchronizations.size(), 2u);
  EXPECT_NEAR(b.synchronizations[0].time_s, 5.0, kEps);
  EXPECT_EQ(b.synchronizations[0].left, (Counts{125, 0}));
  EXPECT_EQ(b.synchronizations[0].distribution, (Counts{42, 83}));
  EXPECT_NEAR(b.time_s, 6.7584, kEps);
  EXPECT_NEAR(p.time_s, 6.7584, kEps);
  EXPECT_EQ(p.synchronizations(), 2);
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
