// Each scheme does what its name says, in ways another scheme would not: the
// recorded events of a run (recording_scheme.hpp) are checked against the
// scheme's definition.

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "apps/nqueens/nqueens.hpp"
#include "core/reference_search.hpp"
#include "core/runtime/run_search.hpp"
#include "schemes/receiver/grr.hpp"
#include "schemes/receiver/grr_m.hpp"
#include "schemes/receiver/sb.hpp"
#include "schemes/sender/ml.hpp"
#include "tests/schemes/recording_scheme.hpp"
#include "tests/schemes/scheme_cases.hpp"

namespace stacksplit::schemes {
namespace {

using apps::nqueens::NQueens;
using core::RunSetup;
using stacksplit::testing::SchemeEvent;
using stacksplit::testing::SchemeLog;

struct RecordedRun {
  std::shared_ptr<SchemeLog> log;
  core::RunResult<NQueens::Solution> result;
};

// N-Queens 10 takes the step runtime through many rounds; threads need a
// larger board, or processor 0 finishes before the others have started.
constexpr int kDefaultSize = 0;

RecordedRun record(const std::string& scheme, int workers, const std::string& topology = "complete",
                   const std::string& runtime = "step", int n = kDefaultSize,
                   std::uint32_t cutoff = core::kNoCutoff, std::uint64_t seed = 5) {
  if (n == kDefaultSize) n = runtime == "threads" ? 12 : 10;
  RunSetup setup = stacksplit::testing::scheme_setup(scheme, workers, topology,
                                                     core::SplitStrategy::kHalf, seed);
  setup.options.split.cutoff_depth = cutoff;
  auto log = std::make_shared<SchemeLog>(workers);
  setup.make_scheme =
      stacksplit::testing::RecordingScheme::factory([scheme] { return make_scheme(scheme); }, log);
  auto result = core::run_search<NQueens>(runtime, setup, [n] { return NQueens(n); });
  NQueens sequential(n);
  EXPECT_EQ(result.total.nodes, core::reference_count(sequential).nodes) << scheme;
  return RecordedRun{log, std::move(result)};
}

std::uint64_t total_of(const RecordedRun& run, std::uint64_t core::WorkerStatistics::*counter) {
  return run.result.total.*counter;
}

// GRR: the targets processor 0 hands out (to others by message, to itself
// directly) follow one global round robin.
TEST(Grr, TargetsAreHandedOutInOneGlobalRoundRobin) {
  for (const char* runtime : {"step", "threads"}) {
    const int workers = 8;
    const RecordedRun run = record("grr", workers, "complete", runtime);
    std::vector<int> handed_out;
    for (const SchemeEvent& e : run.log->of(GlobalRoundRobin::kHolder)) {
      if (e.kind == SchemeEvent::kSend && e.message.kind == GlobalRoundRobin::kTarget)
        handed_out.push_back(static_cast<int>(e.message.values[0]));
      if (e.kind == SchemeEvent::kRequestWork) handed_out.push_back(e.peer);
    }
    ASSERT_GT(handed_out.size(), 20u) << runtime;
    EXPECT_LE(handed_out.front(), 1);
    for (std::size_t i = 1; i < handed_out.size(); ++i) {
      const int step = (handed_out[i] - handed_out[i - 1] + workers) % workers;
      // Processor 0 skips its own label when it is the one asking.
      const bool skipped_holder = step == 2 && (handed_out[i - 1] + 1) % workers == 0;
      EXPECT_TRUE(step == 1 || skipped_holder)
          << runtime << ": " << handed_out[i - 1] << " then " << handed_out[i];
    }
    // Everyone else asks exactly the processor whose label it was given.
    for (int rank = 1; rank < workers; ++rank) {
      int last_target = -1;
      for (const SchemeEvent& e : run.log->of(rank)) {
        if (e.kind == SchemeEvent::kReceived && e.message.kind == GlobalRoundRobin::kTarget)
          last_target = static_cast<int>(e.message.values[0]);
        if (e.kind == SchemeEvent::kRequestWork) {
          EXPECT_EQ(e.peer, last_target);
        }
      }
    }
  }
}

// GRR-M on a 16-processor hypercube: requests for target climb the binomial
// tree and are combined, so processor 0 receives fewer of them than under GRR.
TEST(GrrM, CombiningSparesProcessorZero) {
  const int workers = 16;
  const auto cube = core::make_topology("hypercube", workers);
  for (std::uint64_t seed : {5, 6, 7}) {
    const RecordedRun grr =
        record("grr", workers, "hypercube", "step", kDefaultSize, core::kNoCutoff, seed);
    const RecordedRun grr_m =
        record("grr-m", workers, "hypercube", "step", kDefaultSize, core::kNoCutoff, seed);
    const auto at_zero_grr =
        grr.log->select(0, SchemeEvent::kReceived, GlobalRoundRobin::kTargetRequest);
    const auto at_zero_grr_m =
        grr_m.log->select(0, SchemeEvent::kReceived, GlobalRoundRobinCombining::kTargetRequest);
    EXPECT_LT(at_zero_grr_m.size(), at_zero_grr.size()) << "seed " << seed;
    // Only 0's tree children talk to it, and some of their requests are combined.
    bool combined = false;
    for (const SchemeEvent& e : at_zero_grr_m) {
      EXPECT_EQ(cube->tree_parent(e.peer), 0);
      combined = combined || e.message.values[0] > 1;
    }
    EXPECT_TRUE(combined) << "seed " << seed;
    // Every request goes to the sender's tree parent.
    for (int rank = 1; rank < workers; ++rank)
      for (const SchemeEvent& e :
           grr_m.log->select(rank, SchemeEvent::kSend, GlobalRoundRobinCombining::kTargetRequest))
        EXPECT_EQ(e.peer, cube->tree_parent(rank));
  }
}

// GRR-M hands out the same round robin as GRR: over a run, the targets
// granted at the leaves of the combining tree cover 0..P-1 evenly.
TEST(GrrM, GrantsFollowOneRoundRobin) {
  const int workers = 8;
  const RecordedRun run = record("grr-m", workers, "mesh");
  std::vector<int> asked(workers, 0);
  for (int rank = 0; rank < workers; ++rank)
    for (const SchemeEvent& e : run.log->select(rank, SchemeEvent::kRequestWork)) ++asked[e.peer];
  const auto [low, high] = std::minmax_element(asked.begin(), asked.end());
  EXPECT_GT(*low, 0);
  EXPECT_LE(*high - *low, 2 * workers) << "round robin spreads requests evenly";
}

// NN: work requests go to topology neighbours only, in round robin.
TEST(Nn, AsksOnlyNeighboursInTurn) {
  struct Shape {
    const char* topology;
    int workers;
  };
  for (const Shape s : {Shape{"ring", 8}, Shape{"mesh", 12}, Shape{"hypercube", 16}}) {
    for (const char* runtime : {"step", "threads"}) {
      const RecordedRun run = record("nn", s.workers, s.topology, runtime);
      const auto topology = core::make_topology(s.topology, s.workers);
      std::size_t requests = 0;
      for (int rank = 0; rank < s.workers; ++rank) {
        const auto neighbors = topology->neighbors(rank);
        int previous = -1;
        for (const SchemeEvent& e : run.log->select(rank, SchemeEvent::kRequestWork)) {
          ++requests;
          const auto at = std::find(neighbors.begin(), neighbors.end(), e.peer);
          ASSERT_NE(at, neighbors.end()) << s.topology << ": " << rank << " asked " << e.peer;
          if (previous >= 0) {
            EXPECT_EQ(at - neighbors.begin(), (previous + 1) % static_cast<int>(neighbors.size()));
          }
          previous = static_cast<int>(at - neighbors.begin());
        }
      }
      EXPECT_GT(requests, static_cast<std::size_t>(s.workers)) << s.topology;
    }
  }
}

// SB: replaying the scheduler's log, no requester is ever paired with a
// processor the scheduler knows to be idle, nor with itself.
TEST(Sb, NeverPairsWithAProcessorKnownToBeIdle) {
  for (const char* runtime : {"step", "threads"}) {
    for (int workers : {4, 8, 16}) {
      const RecordedRun run = record("sb", workers, "complete", runtime);
      std::set<int> busy;
      std::size_t pairings = 0;
      for (const SchemeEvent& e : run.log->of(SchedulerBased::kScheduler)) {
        switch (e.kind) {
          case SchemeEvent::kStart:
            if (e.peer == 1) busy.insert(SchedulerBased::kScheduler);
            break;
          case SchemeEvent::kIdle:
          case SchemeEvent::kRejected:
            busy.erase(SchedulerBased::kScheduler);
            break;
          case SchemeEvent::kWorkArrived:
            busy.insert(SchedulerBased::kScheduler);
            break;
          case SchemeEvent::kReceived:
            if (e.message.kind == SchedulerBased::kBusy) busy.insert(e.peer);
            if (e.message.kind == SchedulerBased::kIdle) busy.erase(e.peer);
            break;
          case SchemeEvent::kSend:
            if (e.message.kind == SchedulerBased::kDonor) {
              ++pairings;
              const int donor = static_cast<int>(e.message.values[0]);
              EXPECT_TRUE(busy.count(donor)) << runtime << ": paired with idle " << donor;
              EXPECT_NE(donor, e.peer);
            }
            break;
          case SchemeEvent::kRequestWork:
            ++pairings;
            EXPECT_TRUE(busy.count(e.peer)) << runtime << ": the scheduler asked idle " << e.peer;
            break;
          default:
            break;
        }
      }
      EXPECT_GT(pairings, static_cast<std::size_t>(workers)) << runtime;
      // The others ask only the donor the scheduler named.
      for (int rank = 1; rank < workers; ++rank) {
        int named = -1;
        for (const SchemeEvent& e : run.log->of(rank)) {
          if (e.kind == SchemeEvent::kReceived && e.message.kind == SchedulerBased::kDonor)
            named = static_cast<int>(e.message.values[0]);
          if (e.kind == SchemeEvent::kRequestWork) {
            EXPECT_EQ(e.peer, named);
          }
        }
      }
      EXPECT_LT(total_of(run, &core::WorkerStatistics::rejects_sent),
                total_of(run, &core::WorkerStatistics::requests_sent))
          << "most requests reach a busy processor";
    }
  }
}

// SL: only the manager gives work, and workers ask only the manager. With an
// explicit cutoff every transfer is a single node at that depth.
TEST(Sl, OnlyTheManagerHandsOutSubtasks) {
  for (const char* runtime : {"step", "threads"}) {
    for (std::uint32_t cutoff : {core::kNoCutoff, 3u}) {
      const int workers = 8;
      const RecordedRun run = record("sl", workers, "complete", runtime, kDefaultSize, cutoff);
      EXPECT_GT(run.result.per_worker[0].work_sent, 0u);
      for (int rank = 1; rank < workers; ++rank) {
        EXPECT_EQ(run.result.per_worker[rank].work_sent, 0u) << "worker " << rank << " split";
        for (const SchemeEvent& e : run.log->select(rank, SchemeEvent::kRequestWork))
          EXPECT_EQ(e.peer, 0);
      }
      if (cutoff != core::kNoCutoff) {
        EXPECT_EQ(run.result.total.nodes_sent, run.result.total.work_sent) << "one node each";
      }
    }
  }
}

// A cutoff deeper than the application's serial depth (10 queens count their
// subtrees whole from depth 3) still hands out subtasks: at the serial depth.
TEST(Sl, SubtasksComeFromNoDeeperThanTheSerialDepth) {
  for (const char* scheme : {"sl", "ml"}) {
    const int workers = 4;
    const RecordedRun run = record(scheme, workers, "complete", "step", 10, 8u);
    EXPECT_GT(run.result.total.work_sent, 0u) << scheme;
    for (int rank = 0; rank < workers; ++rank)
      EXPECT_GT(run.result.per_worker[rank].nodes, 0u) << scheme << " worker " << rank << " idled";
  }
}

// ML: the manager feeds sub-managers, sub-managers feed their groups, leaves
// never give work and ask only sub-managers (their own first).
TEST(Ml, ManagersFeedSubManagersWhoFeedLeaves) {
  for (const char* runtime : {"step", "threads"}) {
    const int workers = 16;
    const RecordedRun run = record("ml", workers, "complete", runtime, kDefaultSize, 4u);
    const std::set<int> sub_managers{1, 5, 9, 13};
    for (int rank = 1; rank < workers; ++rank)
      EXPECT_EQ(sub_managers.count(rank) == 1, MultiLevel::sub_manager_of(rank, workers) == rank);
    for (const SchemeEvent& e : run.log->select(0, SchemeEvent::kAsked))
      EXPECT_TRUE(sub_managers.count(e.peer)) << "0 was asked by leaf " << e.peer;
    std::uint64_t from_sub_managers = 0;
    for (int rank = 1; rank < workers; ++rank) {
      const bool leaf = sub_managers.count(rank) == 0;
      const auto requests = run.log->select(rank, SchemeEvent::kRequestWork);
      if (leaf) {
        EXPECT_EQ(run.result.per_worker[rank].work_sent, 0u) << "leaf " << rank << " split";
        ASSERT_FALSE(requests.empty());
        EXPECT_EQ(requests.front().peer, MultiLevel::sub_manager_of(rank, workers));
        for (const SchemeEvent& e : requests) EXPECT_TRUE(sub_managers.count(e.peer));
      } else {
        from_sub_managers += run.result.per_worker[rank].work_sent;
        for (const SchemeEvent& e : requests) EXPECT_EQ(e.peer, 0);
      }
    }
    EXPECT_GT(run.result.per_worker[0].work_sent, 0u);
    EXPECT_GT(from_sub_managers, 0u);
  }
}

// Randomized allocation: nobody asks; each transfer is one node generated
// above the cutoff; with P processors about (P-1)/P of those nodes move.
TEST(RandomAllocation, SendsEachNodeAboveTheCutoffToARandomProcessor) {
  const int n = 10, workers = 8;
  const std::uint32_t cutoff = 3;
  // Nodes at depths 1..cutoff of N-Queens 10.
  std::uint64_t shallow = 0;
  {
    NQueens space(n);
    std::vector<std::vector<std::uint32_t>> frontier{{}};
    for (std::uint32_t depth = 1; depth <= cutoff; ++depth) {
      std::vector<std::vector<std::uint32_t>> next;
      for (const auto& path : frontier) {
        space.reset();
        for (std::uint32_t c : path) space.descend(c);
        std::vector<std::uint32_t> children;
        core::ChoiceSink<std::uint32_t> sink(children);
        space.choices(sink);
        for (std::uint32_t c : children) {
          next.push_back(path);
          next.back().push_back(c);
        }
      }
      shallow += next.size();
      frontier = std::move(next);
    }
  }
  for (const char* runtime : {"step", "threads"}) {
    const RecordedRun run = record("random", workers, "complete", runtime, n, cutoff);
    const core::WorkerStatistics& total = run.result.total;
    EXPECT_EQ(total.requests_sent, 0u);
    EXPECT_EQ(total.nodes_sent, total.work_sent) << "one node per transfer";
    EXPECT_LE(total.work_sent, shallow);
    EXPECT_GT(total.work_sent, shallow * (workers - 1) / workers / 2);
    for (int rank = 0; rank < workers; ++rank)
      EXPECT_GT(run.result.per_worker[rank].nodes, 0u) << "rank " << rank << " got nothing";
  }
}

}  // namespace
}  // namespace stacksplit::schemes
