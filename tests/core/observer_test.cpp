// The observer sees every worker's events, on every in-process runtime and
// under every scheme, and what it sees adds up to the run's result: the tests'
// view of a run without wrapping its scheme (see docs/design.md, "Observers").

#include "core/observer.hpp"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/run_search.hpp"
#include "core/worker_statistics.hpp"
#include "tests/core/hash_tree.hpp"
#include "tests/schemes/scheme_cases.hpp"

namespace stacksplit::core {
namespace {

// Every event of every rank, in order. Each rank is written by its own
// thread only, so the threads runtime needs no lock.
class EventRecorder final : public WorkerObserver {
 public:
  void set_up(int workers) override {
    ++set_ups;
    events.assign(static_cast<std::size_t>(workers), {});
    last.assign(static_cast<std::size_t>(workers), WorkerStatistics{});
  }
  void on_event(int rank, const WorkerEvent& event, const WorkerStatistics& so_far) override {
    events[static_cast<std::size_t>(rank)].push_back(event);
    last[static_cast<std::size_t>(rank)] = so_far;
  }
  void tear_down() override { ++tear_downs; }

  std::uint64_t sum(int rank, WorkerEventKind kind) const {
    std::uint64_t total = 0;
    for (const WorkerEvent& e : events[static_cast<std::size_t>(rank)])
      if (e.kind == kind) total += e.count;
    return total;
  }
  std::uint64_t count(int rank, WorkerEventKind kind) const {
    std::uint64_t n = 0;
    for (const WorkerEvent& e : events[static_cast<std::size_t>(rank)]) n += e.kind == kind;
    return n;
  }
  // (from, to) -> how many events of `sent` at `from` name `to`, minus those of
  // `received` at `to` that name `from`.
  std::map<std::pair<int, int>, long> unmatched(WorkerEventKind sent,
                                                WorkerEventKind received) const {
    std::map<std::pair<int, int>, long> balance;
    for (int rank = 0; rank < static_cast<int>(events.size()); ++rank)
      for (const WorkerEvent& e : events[static_cast<std::size_t>(rank)]) {
        if (e.kind == sent) ++balance[{rank, e.peer}];
        if (e.kind == received) --balance[{e.peer, rank}];
      }
    std::erase_if(balance, [](const auto& entry) { return entry.second == 0; });
    return balance;
  }

  int set_ups = 0;
  int tear_downs = 0;
  std::vector<std::vector<WorkerEvent>> events;
  std::vector<WorkerStatistics> last;
};

using Case = std::tuple<std::string /*runtime*/, std::string /*scheme*/, int /*workers*/>;

class ObserverSeesTheRun : public ::testing::TestWithParam<Case> {};

TEST_P(ObserverSeesTheRun, AndItsEventsAddUpToTheResult) {
  const auto& [runtime, scheme, workers] = GetParam();
  RunConfig config = testing::on_runtime(testing::scheme_setup(scheme, workers), runtime);
  auto recorder = std::make_shared<EventRecorder>();
  config.observers.push_back(recorder);
  const testing::HashTreeShape shape{7, 6, 8};
  const auto result = run_search<testing::SnapshotHashTree>(
      config, [&] { return testing::SnapshotHashTree(shape); });

  EXPECT_EQ(recorder->set_ups, 1);
  EXPECT_EQ(recorder->tear_downs, 1);
  ASSERT_EQ(recorder->events.size(), static_cast<std::size_t>(workers));
  std::uint64_t nodes = 0, solutions = 0;
  for (int rank = 0; rank < workers; ++rank) {
    const auto& mine = recorder->events[static_cast<std::size_t>(rank)];
    ASSERT_FALSE(mine.empty());
    EXPECT_EQ(mine.front().kind, WorkerEventKind::kStart) << "rank " << rank;
    EXPECT_EQ(mine.back().kind, WorkerEventKind::kTerminated) << "rank " << rank;
    for (std::size_t i = 1; i < mine.size(); ++i)
      EXPECT_LE(mine[i - 1].time, mine[i].time) << "rank " << rank << ", event " << i;
    // The statistics the observer saw last are the worker's final ones.
    EXPECT_EQ(recorder->last[static_cast<std::size_t>(rank)].nodes, result.per_worker[rank].nodes);
    EXPECT_EQ(recorder->count(rank, WorkerEventKind::kRequestSent),
              result.per_worker[rank].requests_sent);
    EXPECT_EQ(recorder->count(rank, WorkerEventKind::kWorkSent), result.per_worker[rank].work_sent);
    EXPECT_EQ(recorder->sum(rank, WorkerEventKind::kWorkSent), result.per_worker[rank].nodes_sent);
    nodes += recorder->sum(rank, WorkerEventKind::kQuantum);
    solutions += recorder->count(rank, WorkerEventKind::kSolution);
  }
  // The root is expanded before the first quantum, by rank 0 alone.
  EXPECT_EQ(nodes + 1, result.total.nodes);
  EXPECT_EQ(solutions, result.total.solutions);
  // Nothing is lost on the way: every transfer sent from one worker to another
  // is received by it. Requests and rejects may still be under way when the
  // search ends (termination detection waits for work, not for them), so of
  // those, and of messages in general, nothing arrives that was not sent.
  using K = WorkerEventKind;
  EXPECT_TRUE(recorder->unmatched(K::kWorkSent, K::kWorkReceived).empty());
  for (const auto& [sent, received] : {std::pair{K::kRequestSent, K::kRequestReceived},
                                       std::pair{K::kRejectSent, K::kRejectReceived},
                                       std::pair{K::kMessageSent, K::kMessageReceived}})
    for (const auto& [pair, balance] : recorder->unmatched(sent, received))
      EXPECT_GT(balance, 0) << "received more than was sent from " << pair.first << " to "
                            << pair.second << " (event kind " << static_cast<int>(sent) << ")";
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  const auto& [runtime, scheme, workers] = info.param;
  std::string name = runtime + "_" + scheme + "_P" + std::to_string(workers);
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(EveryScheme, ObserverSeesTheRun,
                         ::testing::Combine(::testing::Values("step", "threads", "sim"),
                                            ::testing::ValuesIn(testing::every_scheme()),
                                            ::testing::Values(1, 4)),
                         case_name);

}  // namespace
}  // namespace stacksplit::core
