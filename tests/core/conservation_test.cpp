// Work is never lost or duplicated: for every scheme, runtime, worker count,
// splitting strategy and seed, the parallel search counts exactly what the
// sequential reference search counts.

#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <string>
#include <tuple>

#include "apps/nqueens/nqueens.hpp"
#include "core/reference_search.hpp"
#include "core/run_search.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/core/hash_tree.hpp"
#include "tests/schemes/scheme_cases.hpp"

namespace stacksplit::core {
namespace {

using Case = std::tuple<std::string /*runtime*/, std::string /*scheme*/, int /*workers*/,
                        SplitStrategy, std::uint64_t /*seed*/>;

RunConfig setup_for(const Case& c) {
  const auto& [runtime, scheme, workers, split, seed] = c;
  RunConfig setup;
  setup.workers = workers;
  setup.search.split.strategy = split;
  setup.search.seed = seed;
  setup.search.quantum = 8;  // small quanta: many requests and splits
  const std::string name = scheme;
  setup.make_scheme = [name] { return schemes::make_scheme(name); };
  return setup;
}

class Conservation : public ::testing::TestWithParam<Case> {};

template <class Space, class Make>
void expect_same_counts(const Case& c, Make make) {
  Space sequential = make();
  const ReferenceCounts expected = reference_count(sequential);
  ASSERT_GT(expected.nodes, 500u) << "the test tree should not be trivial";
  const auto result = run_search<Space>(testing::on_runtime(setup_for(c), std::get<0>(c)), make);
  EXPECT_EQ(result.total.nodes, expected.nodes);
  EXPECT_EQ(result.total.leaves, expected.leaves);
  EXPECT_EQ(result.total.solutions, expected.solutions);
  EXPECT_EQ(result.total.dead_ends, expected.dead_ends);
  EXPECT_EQ(result.total.max_depth, expected.max_depth);
  EXPECT_EQ(result.per_worker.size(), static_cast<std::size_t>(std::get<2>(c)));
  EXPECT_EQ(result.total.work_sent, result.total.work_received) << "a work unit got lost";
}

TEST_P(Conservation, ReplayingTree) {
  testing::HashTreeShape shape{std::get<4>(GetParam()) + 100, 6, 8};
  expect_same_counts<testing::ReplayHashTree>(GetParam(),
                                              [&] { return testing::ReplayHashTree(shape); });
}

TEST_P(Conservation, SelfContainedTree) {
  testing::HashTreeShape shape{std::get<4>(GetParam()) + 200, 6, 8};
  expect_same_counts<testing::SnapshotHashTree>(GetParam(),
                                                [&] { return testing::SnapshotHashTree(shape); });
}

TEST_P(Conservation, NQueens) {
  expect_same_counts<apps::nqueens::NQueens>(GetParam(), [] { return apps::nqueens::NQueens(9); });
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  const auto& [runtime, scheme, workers, split, seed] = info.param;
  return runtime + "_" + scheme + "_P" + std::to_string(workers) + "_" +
         std::string(to_string(split)) + "_s" + std::to_string(seed);
}

INSTANTIATE_TEST_SUITE_P(
    Step, Conservation,
    ::testing::Combine(::testing::Values("step"), ::testing::Values("rp", "arr"),
                       ::testing::Values(1, 2, 3, 4, 8, 13),
                       ::testing::Values(SplitStrategy::kHalf, SplitStrategy::kBottom),
                       ::testing::Values(1, 2, 3)),
    case_name);

INSTANTIATE_TEST_SUITE_P(
    Threads, Conservation,
    ::testing::Combine(::testing::Values("threads"), ::testing::Values("rp", "arr"),
                       ::testing::Values(1, 2, 3, 4, 8, 13),
                       ::testing::Values(SplitStrategy::kHalf, SplitStrategy::kBottom),
                       ::testing::Values(1, 2)),
    case_name);

// A worker that stands aside (SearchOptions::aside_worker) hands the root's
// children on and expands no other node; the others count everything, under
// every scheme, on every runtime of this process (the simulator's default
// machine is a hypercube: powers of two).
using AsideCase =
    std::tuple<std::string /*runtime*/, std::string /*scheme*/, int /*workers*/, SplitStrategy>;
class AsideConservation : public ::testing::TestWithParam<AsideCase> {};

TEST_P(AsideConservation, TheOthersCountExactlyAndFindARealFirstSolution) {
  const auto& [runtime, scheme, workers, split] = GetParam();
  RunConfig setup = setup_for({runtime, scheme, workers, split, 4});
  setup.search.aside_worker = 0;
  for (int tree = 0; tree < 2; ++tree) {
    SCOPED_TRACE(tree == 0 ? "hash tree" : "N-Queens 9");
    const testing::HashTreeShape shape{300, 6, 8};
    const auto count = [&](auto make) {
      auto sequential = make();
      const ReferenceCounts expected = reference_count(sequential);
      const auto result =
          run_search<decltype(sequential)>(testing::on_runtime(setup, runtime), make);
      EXPECT_EQ(result.total.nodes, expected.nodes);
      EXPECT_EQ(result.total.solutions, expected.solutions);
      EXPECT_EQ(result.total.leaves, expected.leaves);
      EXPECT_EQ(result.per_worker.at(0).nodes, 1u) << "the worker aside expands the root alone";
    };
    if (tree == 0) {
      count([&] { return testing::ReplayHashTree(shape); });
    } else {
      count([] { return apps::nqueens::NQueens(9); });
    }
  }
  RunConfig first = setup;
  first.search.mode = SearchMode::kFirst;
  const auto result = run_search<apps::nqueens::NQueens>(testing::on_runtime(first, runtime),
                                                         [] { return apps::nqueens::NQueens(10); });
  ASSERT_TRUE(result.solution);
  const std::vector<int>& queens = *result.solution;
  ASSERT_EQ(queens.size(), 10u);
  for (int a = 0; a < 10; ++a)
    for (int b = a + 1; b < 10; ++b) {
      EXPECT_NE(queens[a], queens[b]);
      EXPECT_NE(std::abs(queens[a] - queens[b]), b - a);
    }
  EXPECT_EQ(result.per_worker.at(0).nodes, 1u);
}

std::string aside_case_name(const ::testing::TestParamInfo<AsideCase>& info) {
  const auto& [runtime, scheme, workers, split] = info.param;
  std::string name =
      runtime + "_" + scheme + "_P" + std::to_string(workers) + "_" + std::string(to_string(split));
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(
    EveryScheme, AsideConservation,
    ::testing::Combine(::testing::ValuesIn(testing::in_process_runtimes()),
                       ::testing::ValuesIn(testing::every_scheme()), ::testing::Values(2, 4, 8),
                       ::testing::Values(SplitStrategy::kHalf, SplitStrategy::kBottom)),
    aside_case_name);

// Cutting off deep nodes changes who explores what, never what is counted.
TEST(ConservationWithCutoff, EveryCutoffCountsTheSameTree) {
  testing::HashTreeShape shape{77, 6, 9};
  testing::ReplayHashTree sequential(shape);
  const ReferenceCounts expected = reference_count(sequential);
  ASSERT_GT(expected.nodes, 500u);
  for (std::uint32_t cutoff : {0u, 1u, 2u, 4u}) {
    for (const char* runtime : {"step", "threads"}) {
      RunConfig setup = setup_for({runtime, "rp", 4, SplitStrategy::kHalf, 5});
      setup.search.split.cutoff_depth = cutoff;
      const auto result = run_search<testing::ReplayHashTree>(
          testing::on_runtime(setup, runtime), [&] { return testing::ReplayHashTree(shape); });
      EXPECT_EQ(result.total.nodes, expected.nodes) << runtime << " cutoff " << cutoff;
      EXPECT_EQ(result.total.solutions, expected.solutions);
      if (cutoff == 0) {
        EXPECT_EQ(result.total.work_sent, 0u) << "cutoff 0 gives nothing away";
      }
    }
  }
}

// First mode: every worker stops soon after a solution, which is a real one.
TEST(FirstMode, StopsEarlyWithARealSolution) {
  for (const char* runtime : {"step", "threads"}) {
    for (const char* scheme : {"rp", "arr"}) {
      for (int workers : {1, 2, 4, 8}) {
        const int n = 12;
        RunConfig setup = setup_for({runtime, scheme, workers, SplitStrategy::kHalf, 3});
        setup.search.mode = SearchMode::kFirst;
        const auto result = run_search<apps::nqueens::NQueens>(
            testing::on_runtime(setup, runtime), [] { return apps::nqueens::NQueens(n); });
        ASSERT_TRUE(result.solution) << runtime << ' ' << scheme << ' ' << workers;
        const std::vector<int>& queens = *result.solution;
        ASSERT_EQ(queens.size(), static_cast<std::size_t>(n));
        for (int a = 0; a < n; ++a)
          for (int b = a + 1; b < n; ++b) {
            EXPECT_NE(queens[a], queens[b]);
            EXPECT_NE(std::abs(queens[a] - queens[b]), b - a);
          }
        EXPECT_GE(result.total.solutions, 1u);
        EXPECT_LT(result.total.nodes, 856189u / 4) << "first mode should not search the whole tree";
      }
    }
  }
}

}  // namespace
}  // namespace stacksplit::core
