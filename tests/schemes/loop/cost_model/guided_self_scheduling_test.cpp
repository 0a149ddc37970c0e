#include "schemes/loop/cost_model/guided_self_scheduling.hpp"

#include <gtest/gtest.h>

#include <numeric>

namespace stacksplit::schemes::loop::cost_model {
namespace {

using Chunks = std::vector<std::int64_t>;

TEST(GuidedSelfScheduling, EachChunkIsTheCeilingOfRemainingOverP) {
  // N = 100, P = 4: R = 100 -> 25, 75 -> ⌈18.75⌉ = 19, 56 -> 14, 42 -> ⌈10.5⌉ = 11,
  // 31 -> ⌈7.75⌉ = 8, 23 -> ⌈5.75⌉ = 6, 17 -> ⌈4.25⌉ = 5, 12 -> 3, 9 -> ⌈2.25⌉ = 3,
  // 6 -> ⌈1.5⌉ = 2, then 4, 3, 2, 1 -> 1 each.
  EXPECT_EQ(gss_chunks(100, 4), (Chunks{25, 19, 14, 11, 8, 6, 5, 3, 3, 2, 1, 1, 1, 1}));
  EXPECT_EQ(gss_chunk(75, 4), 19);
  EXPECT_EQ(gss_chunk(0, 4), 0);
}

TEST(GuidedSelfScheduling, AMinimumChunkStopsTheTailShrinking) {
  // GSS(4): as above until R = 12, whose ⌈12/4⌉ = 3 becomes 4; then R = 8 and
  // R = 4 give 4 each.
  EXPECT_EQ(gss_chunks(100, 4, 4), (Chunks{25, 19, 14, 11, 8, 6, 5, 4, 4, 4}));
  // Never more than what remains.
  EXPECT_EQ(gss_chunks(10, 2, 4), (Chunks{5, 4, 1}));
}

TEST(GuidedSelfScheduling, OneProcessorTakesEverything) {
  EXPECT_EQ(gss_chunks(7, 1), (Chunks{7}));
  auto chunks = gss_chunks(12345, 7);
  EXPECT_EQ(std::accumulate(chunks.begin(), chunks.end(), std::int64_t{0}), 12345);
}

}  // namespace
}  // namespace stacksplit::schemes::loop::cost_model
