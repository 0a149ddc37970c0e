// Work is never lost or duplicated under any scheme: for every scheme, runtime,
// worker count, topology that allows it, splitting strategy and seed, the
// parallel search counts exactly what the sequential search counts. First mode
// stops every scheme with a real solution.

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "apps/nqueens/nqueens.hpp"
#include "core/reference_search.hpp"
#include "core/run_search.hpp"
#include "core/topology/topology.hpp"
#include "tests/core/hash_tree.hpp"
#include "tests/schemes/scheme_cases.hpp"

namespace stacksplit::core {
namespace {

using apps::nqueens::NQueens;
using stacksplit::testing::scheme_setup;
using stacksplit::testing::topology_allows;

// One cell of the matrix; the seeds are run inside it (one process per cell
// keeps ctest's overhead down).
using Case = std::tuple<std::string /*runtime*/, std::string /*scheme*/, int /*workers*/,
                        std::string /*topology*/, SplitStrategy>;

// Runs one case and checks its counts; returns the run's totals.
template <class Space, class Make>
WorkerStatistics expect_same_counts(const Case& c, std::uint64_t seed, Make make,
                                    std::uint32_t serial_depth = kApplicationDefault) {
  const auto& [runtime, scheme, workers, topology, split] = c;
  Space sequential = make();
  const ReferenceCounts expected = reference_count(sequential);
  RunConfig setup = scheme_setup(scheme, workers, topology, split, seed);
  setup.search.split.serial_depth = serial_depth;
  const auto result = run_search<Space>(testing::on_runtime(setup, runtime), make);
  // (nodes, leaves, solutions, dead ends, depth): the engine's and the oracle's.
  const auto counts = [](const auto& c) {
    return std::tuple(c.nodes, c.leaves, c.solutions, c.dead_ends, c.max_depth);
  };
  EXPECT_EQ(counts(result.total), counts(expected)) << "seed " << seed;
  EXPECT_EQ(result.total.work_sent, result.total.work_received) << "a work unit got lost";
  EXPECT_EQ(result.per_worker.size(), static_cast<std::size_t>(workers));
  return result.total;
}

class SchemeConservation : public ::testing::TestWithParam<Case> {};

// N-Queens (a replaying application), each board under two seeds: the step
// runtime runs 8 and 10, the threads runtime, slower to start, 10. Then 9
// with the serial depth off, so that splits go all the way down and the
// receiver replays long paths. The step runtime is deterministic, so there
// work must have moved whenever P > 1.
TEST_P(SchemeConservation, NQueens) {
  const bool step = std::get<0>(GetParam()) == "step";
  const bool parallel = std::get<2>(GetParam()) > 1;
  for (const int n : {8, 10}) {
    if (n == 8 && !step) continue;
    for (std::uint64_t seed : {1, 2}) {
      const WorkerStatistics total =
          expect_same_counts<NQueens>(GetParam(), seed, [n] { return NQueens(n); });
      if (step && parallel) {
        EXPECT_GT(total.work_sent, 0u) << n << " queens, seed " << seed << ": nothing moved";
      }
    }
  }
  const WorkerStatistics deep = expect_same_counts<NQueens>(
      GetParam(), 3, [] { return NQueens(9); }, kNoCutoff);
  if (step && parallel) {
    EXPECT_GT(deep.work_sent, 0u) << "serial depth off: nothing moved";
  }
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  const auto& [runtime, scheme, workers, topology, split] = info.param;
  std::string name = runtime + "_" + scheme + "_P" + std::to_string(workers) + "_" + topology +
                     "_" + std::string(to_string(split));
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
}

// Every scheme x P in {1, 2, 3, 4, 8, 16} x every topology that allows P x
// both splitting strategies.
std::vector<Case> full_matrix(const std::string& runtime) {
  std::vector<Case> cases;
  for (const std::string& scheme : stacksplit::testing::every_scheme())
    for (int workers : {1, 2, 3, 4, 8, 16})
      for (const std::string& topology : testing::every_topology())
        for (SplitStrategy split : {SplitStrategy::kHalf, SplitStrategy::kBottom})
          if (topology_allows(topology, workers))
            cases.emplace_back(runtime, scheme, workers, topology, split);
  return cases;
}

INSTANTIATE_TEST_SUITE_P(Step, SchemeConservation, ::testing::ValuesIn(full_matrix("step")),
                         case_name);
INSTANTIATE_TEST_SUITE_P(Threads, SchemeConservation, ::testing::ValuesIn(full_matrix("threads")),
                         case_name);

// Both application shapes of the engine tests (replay and self-contained
// choices, with dead ends and solutions), on a cross-section of the matrix.
class SchemeConservationHashTree : public ::testing::TestWithParam<Case> {};

TEST_P(SchemeConservationHashTree, ReplayingTree) {
  const stacksplit::testing::HashTreeShape shape{304, 6, 8};
  expect_same_counts<stacksplit::testing::ReplayHashTree>(
      GetParam(), 4, [&] { return stacksplit::testing::ReplayHashTree(shape); });
}

TEST_P(SchemeConservationHashTree, SelfContainedTree) {
  const stacksplit::testing::HashTreeShape shape{404, 6, 8};
  expect_same_counts<stacksplit::testing::SnapshotHashTree>(
      GetParam(), 4, [&] { return stacksplit::testing::SnapshotHashTree(shape); });
}

INSTANTIATE_TEST_SUITE_P(
    CrossSection, SchemeConservationHashTree,
    ::testing::Combine(::testing::Values("step", "threads"),
                       ::testing::ValuesIn(stacksplit::testing::every_scheme()),
                       ::testing::Values(3, 8), ::testing::Values("mesh"),
                       ::testing::Values(SplitStrategy::kHalf)),
    case_name);

// An explicit cutoff changes who explores what, never what is counted; under
// SL, ML and randomized allocation it is also their cutoff depth.
TEST(SchemeConservationWithCutoff, EveryCutoffCountsTheSameTree) {
  NQueens sequential(9);
  const ReferenceCounts expected = reference_count(sequential);
  for (const std::string& scheme : stacksplit::testing::every_scheme()) {
    for (std::uint32_t cutoff : {0u, 1u, 2u, 5u}) {
      for (const char* runtime : {"step", "threads"}) {
        RunConfig setup = scheme_setup(scheme, 4, "ring", SplitStrategy::kBottom, cutoff + 1);
        setup.search.split.cutoff_depth = cutoff;
        const auto result =
            run_search<NQueens>(testing::on_runtime(setup, runtime), [] { return NQueens(9); });
        EXPECT_EQ(result.total.nodes, expected.nodes) << scheme << ' ' << runtime << ' ' << cutoff;
        EXPECT_EQ(result.total.solutions, expected.solutions);
        if (cutoff == 0) {
          EXPECT_EQ(result.total.work_sent, 0u) << scheme << ": cutoff 0 gives nothing";
        }
      }
    }
  }
}

bool is_placement(const std::vector<int>& queens, int n) {
  if (static_cast<int>(queens.size()) != n) return false;
  std::set<int> columns, diagonals, antidiagonals;
  for (int row = 0; row < n; ++row) {
    columns.insert(queens[row]);
    diagonals.insert(row - queens[row]);
    antidiagonals.insert(row + queens[row]);
  }
  return static_cast<int>(columns.size()) == n && static_cast<int>(diagonals.size()) == n &&
         static_cast<int>(antidiagonals.size()) == n;
}

// First mode works under every scheme: a valid placement, found early.
TEST(SchemeFirstMode, StopsEarlyWithARealSolution) {
  const int n = 13;
  NQueens sequential(n);
  const std::uint64_t all_nodes = reference_count(sequential).nodes;
  // Every P on the complete network, and 8 processors on one of the others
  // (turning with the scheme, so each network meets several schemes).
  const std::vector<std::string> schemes = stacksplit::testing::every_scheme();
  const std::vector<std::string> networks{"ring", "mesh", "hypercube"};
  for (std::size_t s = 0; s < schemes.size(); ++s) {
    std::vector<std::pair<int, std::string>> shapes;
    for (int workers : {1, 2, 3, 4, 8, 16}) shapes.emplace_back(workers, "complete");
    shapes.emplace_back(8, networks[s % networks.size()]);
    for (const char* runtime : {"step", "threads"}) {
      for (const auto& [workers, topology] : shapes) {
        RunConfig setup = scheme_setup(schemes[s], workers, topology, SplitStrategy::kHalf, 3, 64);
        setup.search.mode = SearchMode::kFirst;
        const auto result =
            run_search<NQueens>(testing::on_runtime(setup, runtime), [] { return NQueens(n); });
        const std::string where =
            schemes[s] + ' ' + runtime + ' ' + std::to_string(workers) + ' ' + topology;
        ASSERT_TRUE(result.solution) << where;
        EXPECT_TRUE(is_placement(*result.solution, n)) << where;
        EXPECT_LT(result.total.nodes, all_nodes / 4) << where;
      }
    }
  }
}

}  // namespace
}  // namespace stacksplit::core
