// The worker's own promises, beyond the counts: a worker that gives its work
// away goes asking again, and the step runtime repeats a run exactly.

#include "core/detail/worker.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "apps/nqueens/nqueens.hpp"
#include "core/run_search.hpp"
#include "core/topology/topology_registry.hpp"
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

// A root with one leaf below it, which shares the same words after every
// quantum, urgent or not as it is told.
class SharingLeaf {
 public:
  using Choice = std::uint32_t;
  explicit SharingLeaf(bool urgent) : urgent_(urgent) {}
  Outcome reset() { return Outcome::kOpen; }
  void choices(ChoiceSink<Choice>& out) const {
    if (!below_root_) out.push(0);
  }
  Outcome descend(Choice) {
    below_root_ = true;
    return Outcome::kDeadEnd;
  }
  void ascend() { below_root_ = false; }
  bool take_shared(std::vector<std::int32_t>& words) {
    words = {7, -7};
    return true;
  }
  void receive_shared(std::span<const std::int32_t>) {}
  bool shared_is_urgent() const { return urgent_; }

 private:
  bool urgent_;
  bool below_root_ = false;
};

// What a worker sends, kept.
class KeptOutbox final : public Outbox<Message<std::uint32_t>> {
 public:
  void send(int to, Message<std::uint32_t>&& message) override {
    sent.emplace_back(to, std::move(message));
  }
  double now() const override { return 0; }
  std::vector<std::pair<int, Message<std::uint32_t>>> sent;
};

// The space's word on its knowledge (shared_is_urgent) travels with it: a
// receiver's long node ends for it only if it says so.
TEST(Worker, SharedKnowledgeCarriesTheSpacesUrgency) {
  for (const bool urgent : {false, true}) {
    SCOPED_TRACE(urgent ? "urgent" : "not urgent");
    RunConfig setup = small_quanta(3, 1, "rp");
    const std::unique_ptr<Topology> topology = make_topology(setup.scheme_topology(), 3);
    KeptOutbox outbox;
    Worker<SharingLeaf> worker(0, SharingLeaf(urgent), setup.make_scheme(), *topology,
                               setup.placement(), outbox, setup.search, setup.observers);
    worker.start();
    ASSERT_TRUE(worker.has_work());
    worker.work();
    int shared = 0;
    for (const auto& [to, message] : outbox.sent) {
      const auto* knowledge = std::get_if<Shared>(&message.body);
      if (knowledge == nullptr) continue;
      ++shared;
      EXPECT_NE(to, 0) << "to every other worker";
      EXPECT_EQ(knowledge->words, (std::vector<std::int32_t>{7, -7}));
      EXPECT_EQ(knowledge->urgent, urgent);
      EXPECT_EQ(is_urgent(message), urgent);
    }
    EXPECT_EQ(shared, 2) << "one message to each of the other two";
  }
}

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
