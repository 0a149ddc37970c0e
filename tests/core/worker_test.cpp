// The worker's own promises, beyond the counts: a worker that gives its work
// away goes asking again, and the step runtime repeats a run exactly.

#include <gtest/gtest.h>

#include <string>

#include "apps/nqueens/nqueens.hpp"
#include "core/run_search.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/core/hash_tree.hpp"
#include "tests/schemes/scheme_cases.hpp"

namespace stacksplit::core {
namespace {

RunConfig small_quanta(int workers, std::uint64_t seed, const std::string& scheme) {
  RunConfig setup;
  setup.workers = workers;
  setup.search.seed = seed;
  setup.search.quantum = 8;  // many requests arrive while a received unit is still queued
  setup.make_scheme = [scheme] { return schemes::make_scheme(scheme); };
  return setup;
}

// A worker that received work and expanded nothing handed its only work on
// and then sat out the run without asking for more.
template <class Result>
void expect_every_receiver_worked(const Result& result) {
  for (std::size_t rank = 0; rank < result.per_worker.size(); ++rank) {
    const WorkerStatistics& worker = result.per_worker[rank];
    if (worker.work_received > 0) {
      EXPECT_GT(worker.nodes, 0u) << "worker " << rank << " received " << worker.work_received
                                  << " units, sent " << worker.work_sent
                                  << ", and expanded nothing";
    }
  }
}

class WorkerLiveness : public ::testing::TestWithParam<std::uint64_t> {};

TEST_P(WorkerLiveness, AWorkerThatGivesItsWorkAwayAsksAgain) {
  for (const std::string scheme : {"rp", "arr"}) {
    SCOPED_TRACE(scheme);
    const auto result = run_search<apps::nqueens::NQueens>(
        testing::on_runtime(small_quanta(8, GetParam(), scheme), "step"),
        [] { return apps::nqueens::NQueens(11); });
    ASSERT_EQ(result.total.solutions, 2680u);
    expect_every_receiver_worked(result);
  }
}

TEST_P(WorkerLiveness, SameOnAReplayingTreeWithManyWorkers) {
  const testing::HashTreeShape shape{GetParam() + 300, 6, 9};
  const auto result = run_search<testing::ReplayHashTree>(
      testing::on_runtime(small_quanta(13, GetParam(), "rp"), "step"),
      [&] { return testing::ReplayHashTree(shape); });
  expect_every_receiver_worked(result);
}

INSTANTIATE_TEST_SUITE_P(Seeds, WorkerLiveness, ::testing::Values(1, 2, 3, 4, 5, 6));

TEST(StepRuntime, TheSameSeedRepeatsTheRunExactly) {
  const testing::HashTreeShape shape{17, 6, 9};
  auto run = [&](std::uint64_t seed) {
    return run_search<testing::ReplayHashTree>(
        testing::on_runtime(small_quanta(8, seed, "rp"), "step"),
        [&] { return testing::ReplayHashTree(shape); });
  };
  const auto first = run(5), second = run(5), other = run(6);
  ASSERT_EQ(first.per_worker.size(), second.per_worker.size());
  bool other_differs = false;
  for (std::size_t rank = 0; rank < first.per_worker.size(); ++rank) {
    const WorkerStatistics &a = first.per_worker[rank], &b = second.per_worker[rank],
                           &c = other.per_worker[rank];
#define STACKSPLIT_EXPECT_SAME(name, meaning) \
  EXPECT_EQ(a.name, b.name) << #name " of worker " << rank;
    STACKSPLIT_WORKER_COUNTERS(STACKSPLIT_EXPECT_SAME)
#undef STACKSPLIT_EXPECT_SAME
    other_differs = other_differs || a.nodes != c.nodes || a.requests_sent != c.requests_sent;
  }
  EXPECT_TRUE(other_differs) << "another seed should interleave the workers differently";
}

}  // namespace
}  // namespace stacksplit::core
