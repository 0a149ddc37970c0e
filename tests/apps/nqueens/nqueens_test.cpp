#include "apps/nqueens/nqueens.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

#include "core/reference_search.hpp"
#include "core/run_search.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/schemes/scheme_cases.hpp"

namespace stacksplit::apps::nqueens {
namespace {

// OEIS A000170.
constexpr std::uint64_t kSolutions[] = {0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200};

TEST(NQueens, ReferenceSearchCountsEveryBoardUpTo12) {
  for (int n = 1; n <= 12; ++n) {
    NQueens board(n);
    EXPECT_EQ(core::reference_count(board).solutions, kSolutions[n]) << "n = " << n;
  }
}

TEST(NQueens, EngineCountsEveryBoardUpTo12OnBothRuntimes) {
  for (const char* runtime : {"step", "threads"}) {
    for (int n = 1; n <= 12; ++n) {
      core::RunConfig setup;
      setup.workers = n % 4 + 1;
      setup.make_scheme = [] { return schemes::make_scheme("rp"); };
      const auto result = core::run_search<NQueens>(testing::on_runtime(setup, runtime),
                                                    [n] { return NQueens(n); });
      EXPECT_EQ(result.total.solutions, kSolutions[n]) << runtime << " n = " << n;
    }
  }
}

// The application's own subtree count must agree with the engine node for
// node, wherever the engine hands over to it.
TEST(NQueens, EverySerialDepthCountsTheSameTree) {
  for (int n : {6, 9, 11}) {
    NQueens board(n);
    const core::ReferenceCounts expected = core::reference_count(board);
    for (std::uint32_t serial : {0u, 1u, 3u, 5u, static_cast<std::uint32_t>(n), core::kNoCutoff}) {
      for (const char* runtime : {"step", "threads"}) {
        core::RunConfig setup;
        setup.workers = 3;
        setup.search.split.serial_depth = serial;
        setup.make_scheme = [] { return schemes::make_scheme("rp"); };
        const auto result = core::run_search<NQueens>(testing::on_runtime(setup, runtime),
                                                      [n] { return NQueens(n); });
        EXPECT_EQ(result.total.nodes, expected.nodes)
            << runtime << " n " << n << " serial " << serial;
        EXPECT_EQ(result.total.leaves, expected.leaves);
        EXPECT_EQ(result.total.solutions, expected.solutions);
        EXPECT_EQ(result.total.max_depth, expected.max_depth);
      }
    }
  }
}

// N-Queens runs each quantum on a copy of its state (kCopyableState): the
// board a first-mode run reports must be the one the solution was found on,
// whether it came mid-quantum or at a quantum's end.
TEST(NQueens, FirstModeReportsTheBoardOfItsSolution) {
  constexpr int n = 8;
  for (const char* runtime : {"step", "threads"}) {
    for (std::uint32_t quantum : {1u, 7u, 256u}) {
      core::RunConfig setup;
      setup.workers = 2;
      setup.search.mode = core::SearchMode::kFirst;
      setup.search.quantum = quantum;
      setup.make_scheme = [] { return schemes::make_scheme("rp"); };
      const auto result =
          core::run_search<NQueens>(testing::on_runtime(setup, runtime), [] { return NQueens(n); });
      ASSERT_TRUE(result.solution.has_value()) << runtime << " quantum " << quantum;
      const std::vector<int>& queens = *result.solution;
      ASSERT_EQ(queens.size(), static_cast<std::size_t>(n)) << runtime << " quantum " << quantum;
      for (int row = 0; row < n; ++row) {
        for (int other = row + 1; other < n; ++other) {
          EXPECT_NE(queens[row], queens[other]) << runtime << " quantum " << quantum;
          EXPECT_NE(std::abs(queens[row] - queens[other]), other - row)
              << runtime << " quantum " << quantum;
        }
      }
    }
  }
}

TEST(NQueens, RejectsSizesOutOfRange) {
  EXPECT_THROW(NQueens(0), std::invalid_argument);
  EXPECT_THROW(NQueens(-3), std::invalid_argument);
  EXPECT_THROW(NQueens(NQueens::kMaxSize + 1), std::invalid_argument);
  EXPECT_NO_THROW(NQueens(NQueens::kMaxSize));
}

TEST(NQueens, SolutionListsOneColumnPerRow) {
  NQueens board(4);
  board.reset();
  // The two solutions of n = 4 are 1 3 0 2 and 2 0 3 1.
  EXPECT_EQ(board.descend(1u << 1), core::Outcome::kOpen);
  EXPECT_EQ(board.descend(1u << 3), core::Outcome::kOpen);
  EXPECT_EQ(board.descend(1u << 0), core::Outcome::kOpen);
  EXPECT_EQ(board.descend(1u << 2), core::Outcome::kSolution);
  EXPECT_EQ(board.solution(), (std::vector<int>{1, 3, 0, 2}));
}

}  // namespace
}  // namespace stacksplit::apps::nqueens
