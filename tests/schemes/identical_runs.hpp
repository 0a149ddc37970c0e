#pragma once
// For the determinism tests of optimize-mode apps (knapsack, maxclique).

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

namespace stacksplit::testing {

// Two runs of one deterministic optimize-mode search (step or sim) found the
// same: optimum, solution, nodes, pruning, each worker's nodes and, on sim,
// the virtual time.
template <class Result>
void expect_identical_optimize_runs(const Result& first, const Result& second,
                                    const std::string& runtime) {
  EXPECT_EQ(first.objective, second.objective);
  EXPECT_EQ(first.solution, second.solution);
  EXPECT_EQ(first.total.nodes, second.total.nodes);
  EXPECT_EQ(first.total.pruned, second.total.pruned);
  ASSERT_EQ(first.per_worker.size(), second.per_worker.size());
  for (std::size_t w = 0; w < first.per_worker.size(); ++w)
    EXPECT_EQ(first.per_worker[w].nodes, second.per_worker[w].nodes) << "worker " << w;
  if (runtime == "sim") {
    EXPECT_EQ(first.seconds, second.seconds) << "virtual time";
  }
}

}  // namespace stacksplit::testing
