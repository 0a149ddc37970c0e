#include "schemes/loop/cost_model/trapezoid_self_scheduling.hpp"

#include <gtest/gtest.h>

#include <numeric>

namespace stacksplit::schemes::loop::cost_model {
namespace {

using Chunks = std::vector<std::int64_t>;

TEST(TrapezoidSelfScheduling, ParametersFollowTzenAndNi) {
  // N = 1000, P = 4: f = ⌈1000/8⌉ = 125, l = 1, C = ⌈2000/126⌉ = ⌈15.87⌉ = 16,
  // δ = ⌊124/15⌋ = 8.
  TssParameters p = tss_parameters(1000, 4);
  EXPECT_EQ(p.first, 125);
  EXPECT_EQ(p.last, 1);
  EXPECT_EQ(p.chunks, 16);
  EXPECT_EQ(p.delta, 8);
}

TEST(TrapezoidSelfScheduling, ChunksFallLinearlyAndTheLastIsCut) {
  // 125, 117, ..., 37 (twelve chunks, 972 iterations), then 28 of the 29 the
  // thirteenth would be.
  EXPECT_EQ(tss_chunks(1000, 4), (Chunks{125, 117, 109, 101, 93, 85, 77, 69, 61, 53, 45, 37, 28}));
}

TEST(TrapezoidSelfScheduling, GivenFirstAndLast) {
  // TSS(10, 2) on N = 40: C = ⌈80/12⌉ = 7, δ = ⌊8/6⌋ = 1: 10, 9, 8, 7, then 6
  // cut to the 6 left.
  TssParameters p = tss_parameters(40, 4, 10, 2);
  EXPECT_EQ(p.chunks, 7);
  EXPECT_EQ(p.delta, 1);
  EXPECT_EQ(tss_chunks(40, 4, 10, 2), (Chunks{10, 9, 8, 7, 6}));
}

TEST(TrapezoidSelfScheduling, SmallLoopsKeepTheFirstChunk) {
  // N = 100, P = 4: f = 13, C = ⌈200/14⌉ = 15, δ = ⌊12/14⌋ = 0: the integer
  // decrement vanishes, as in libomp's trapezoidal schedule.
  EXPECT_EQ(tss_chunks(100, 4), (Chunks{13, 13, 13, 13, 13, 13, 13, 9}));
  auto chunks = tss_chunks(98765, 16);
  EXPECT_EQ(std::accumulate(chunks.begin(), chunks.end(), std::int64_t{0}), 98765);
}

}  // namespace
}  // namespace stacksplit::schemes::loop::cost_model
