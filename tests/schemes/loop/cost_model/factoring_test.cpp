#include "schemes/loop/cost_model/factoring.hpp"

#include <gtest/gtest.h>

namespace stacksplit::schemes::loop::cost_model {
namespace {

using Chunks = std::vector<std::int64_t>;

TEST(Factoring, BatchesOfPChunksTakeHalfOfWhatIsLeft) {
  // N = 100, P = 4: R = 100 -> ⌈100/8⌉ = 13 (4 x 13 = 52), R = 48 -> 6,
  // R = 24 -> 3, R = 12 -> ⌈1.5⌉ = 2, R = 4 -> ⌈0.5⌉ = 1.
  EXPECT_EQ(fac2_chunks(100, 4),
            (Chunks{13, 13, 13, 13, 6, 6, 6, 6, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1}));
  EXPECT_EQ(fac2_chunk(48, 4), 6);
}

TEST(Factoring, TheLastBatchIsCutToWhatRemains) {
  // N = 10, P = 2: R = 10 -> 3, 3 (R = 4) -> 1, 1 (R = 2) -> 1, 1.
  EXPECT_EQ(fac2_chunks(10, 2), (Chunks{3, 3, 1, 1, 1, 1}));
  // N = 5, P = 4: ⌈5/8⌉ = 1 four times, then 1.
  EXPECT_EQ(fac2_chunks(5, 4), (Chunks{1, 1, 1, 1, 1}));
}

}  // namespace
}  // namespace stacksplit::schemes::loop::cost_model
