// Each scheme does what its name says, in ways another scheme would not: the
// recorded events of a run (recording_scheme.hpp) are checked against the
// scheme's definition.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "apps/nqueens/nqueens.hpp"
#include "core/reference_search.hpp"
#include "core/run_search.hpp"
#include "schemes/receiver/grr.hpp"
#include "schemes/receiver/grr_m.hpp"
#include "schemes/receiver/sb.hpp"
#include "schemes/sender/ml.hpp"
#include "schemes/sender/random_allocation.hpp"
#include "tests/schemes/recording_scheme.hpp"
#include "tests/schemes/scheme_cases.hpp"

namespace stacksplit::schemes {
namespace {

using apps::nqueens::NQueens;
using core::RunConfig;
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
                   std::uint32_t cutoff = core::kNoCutoff, std::uint64_t seed = 5,
                   std::uint32_t serial_depth = core::kApplicationDefault) {
  if (n == kDefaultSize) n = runtime == "threads" ? 13 : 10;
  RunConfig setup = stacksplit::testing::scheme_setup(scheme, workers, topology,
                                                      core::SplitStrategy::kHalf, seed);
  setup.search.split.cutoff_depth = cutoff;
  setup.search.split.serial_depth = serial_depth;
  auto log = std::make_shared<SchemeLog>(workers);
  setup.make_scheme =
      stacksplit::testing::RecordingScheme::factory([scheme] { return make_scheme(scheme); }, log);
  auto result =
      core::run_search<NQueens>(testing::on_runtime(setup, runtime), [n] { return NQueens(n); });
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
  const auto cube = core::make_topology(core::parse_topology("hypercube"), workers);
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

// GRR-M, exactly: following every grant down the combining tree, each grant of
// k targets that reaches an interior node is cut into consecutive, disjoint
// sub-ranges for the requests it combined (a gap of one where the node's own
// request was), each child gets the counts it asked for, and processor 0's
// grants are one round robin from 0: no target position is handed out twice.
TEST(GrrM, GrantsAreSplitIntoConsecutiveSubRanges) {
  for (const char* runtime : {"step", "threads"}) {
    const int workers = 16;
    const RecordedRun run = record("grr-m", workers, "hypercube", runtime);
    const auto cube = core::make_topology(core::parse_topology("hypercube"), workers);
    using Grr = GlobalRoundRobinCombining;
    // Grants in flight to each processor, as absolute positions [first, end)
    // in the round robin (target = position mod P); links are FIFO.
    std::vector<std::vector<std::pair<std::int64_t, std::int64_t>>> to(workers);
    std::vector<std::int64_t> own;  // positions a processor kept for itself
    std::size_t combined = 0;
    std::int64_t unclaimed = 0;  // positions in grants still travelling at the end
    // Cuts `range` at `rank` among the kTargets sends that follow event `at`.
    const auto split = [&](int rank, std::size_t at, std::int64_t first, std::int64_t end) {
      const auto& events = run.log->of(rank);
      std::int64_t next = first;
      bool kept = false;
      for (std::size_t i = at + 1; i < events.size(); ++i) {
        const SchemeEvent& e = events[i];
        if (e.kind != SchemeEvent::kSend && e.kind != SchemeEvent::kRequestWork) break;
        if (e.kind != SchemeEvent::kSend || e.message.kind != Grr::kTargets) continue;
        if (e.message.values[0] != next % workers && !kept) {
          own.push_back(next++);  // our own request came first
          kept = true;
        }
        ASSERT_EQ(e.message.values[0], next % workers) << runtime << " at " << rank;
        ASSERT_EQ(cube->tree_parent(e.peer), rank) << "granted to a non-child";
        to[e.peer].emplace_back(next, next + e.message.values[1]);
        next += e.message.values[1];
      }
      ASSERT_LE(next, end) << runtime << ": grant at " << rank << " overspent";
      ASSERT_LE(end - next, kept ? 0 : 1) << runtime << ": part of a grant at " << rank << " lost";
      if (next < end) own.push_back(next);
    };
    // Processor 0 answers each request from the counter at once, its own
    // too: those show as a work request to the target, or not at all when
    // the target is 0 itself (it asks again).
    std::int64_t counter = 0;
    for (const SchemeEvent& e : run.log->of(0)) {
      const bool grant = e.kind == SchemeEvent::kSend && e.message.kind == Grr::kTargets;
      if (!grant && e.kind != SchemeEvent::kRequestWork) continue;
      const std::int64_t target = grant ? e.message.values[0] : e.peer;
      if (target != counter % workers && counter % workers == 0) own.push_back(counter++);
      ASSERT_EQ(target, counter % workers) << runtime << ": the counter skipped";
      if (grant) {
        to[e.peer].emplace_back(counter, counter + e.message.values[1]);
        counter += e.message.values[1];
      } else {
        own.push_back(counter++);
      }
    }
    // Down the tree in rank order (a parent's rank is below its children's
    // in the binomial tree).
    for (int rank = 1; rank < workers; ++rank) {
      ASSERT_LT(cube->tree_parent(rank), rank);
      std::vector<std::int64_t> asked;  // counts this processor sent up, in order
      for (const SchemeEvent& e : run.log->select(rank, SchemeEvent::kSend, Grr::kTargetRequest))
        asked.push_back(e.message.values[0]);
      std::size_t grants = 0;
      const auto& events = run.log->of(rank);
      for (std::size_t i = 0; i < events.size(); ++i) {
        const SchemeEvent& e = events[i];
        if (e.kind != SchemeEvent::kReceived || e.message.kind != Grr::kTargets) continue;
        ASSERT_LT(grants, to[rank].size()) << runtime << ": " << rank << " granted unasked";
        const auto [first, end] = to[rank][grants];
        ASSERT_LT(grants, asked.size());
        EXPECT_EQ(end - first, asked[grants]) << runtime << ": " << rank << " got another count";
        ++grants;
        EXPECT_EQ(e.message.values[0], first % workers);
        EXPECT_EQ(e.message.values[1], end - first);
        if (end - first > 1) ++combined;
        split(rank, i, first, end);
      }
      // The run may end with a last grant on its way (scheme messages do not
      // hold up termination); its positions are nobody's.
      EXPECT_LE(to[rank].size() - grants, 1u) << runtime << ": grants to " << rank << " lost";
      for (std::size_t late = grants; late < to[rank].size(); ++late)
        unclaimed += to[rank][late].second - to[rank][late].first;
    }
    // Every position handed out once: the kept ones are all distinct.
    std::sort(own.begin(), own.end());
    EXPECT_EQ(std::adjacent_find(own.begin(), own.end()), own.end()) << runtime << ": duplicate";
    EXPECT_EQ(static_cast<std::int64_t>(own.size()) + unclaimed, counter) << runtime;
    EXPECT_GT(own.size(), static_cast<std::size_t>(workers)) << runtime;
    EXPECT_GT(combined, 0u) << runtime << ": no grant was ever split";
  }
}

// ARR: each processor's targets start at its label + 1 and step by one mod P,
// passing over its own label; nobody else is consulted.
TEST(Arr, EachProcessorStepsThroughTheOthersFromLabelPlusOne) {
  for (const char* runtime : {"step", "threads"}) {
    for (int workers : {3, 8}) {
      const RecordedRun run = record("arr", workers, "ring", runtime);
      std::size_t requests = 0;
      for (int rank = 0; rank < workers; ++rank) {
        int target = (rank + 1) % workers;
        for (const SchemeEvent& e : run.log->select(rank, SchemeEvent::kRequestWork)) {
          if (target == rank) target = (target + 1) % workers;
          EXPECT_EQ(e.peer, target) << runtime << ": request " << requests << " of " << rank;
          target = (target + 1) % workers;
          ++requests;
        }
        EXPECT_TRUE(run.log->select(rank, SchemeEvent::kSend).empty()) << "ARR sends no messages";
      }
      EXPECT_GT(requests, 2u * static_cast<std::size_t>(workers)) << runtime;
    }
  }
}

// RP: over many requests with a fixed seed, every other processor is asked
// about equally often, and a processor's next target is not simply its last
// plus one (what ARR would do).
TEST(Rp, TargetsSpreadOverAllOtherProcessors) {
  const int workers = 8;
  std::vector<std::vector<int>> asked(workers, std::vector<int>(workers, 0));
  std::size_t requests = 0, successors = 0, pairs = 0;
  for (std::uint64_t seed : {5, 6, 7, 8}) {
    const RecordedRun run = record("rp", workers, "ring", "step", 11, core::kNoCutoff, seed);
    for (int rank = 0; rank < workers; ++rank) {
      int previous = -1;
      for (const SchemeEvent& e : run.log->select(rank, SchemeEvent::kRequestWork)) {
        ASSERT_NE(e.peer, rank);
        ++asked[rank][e.peer];
        ++requests;
        if (previous >= 0) {
          ++pairs;
          int next = (previous + 1) % workers;
          if (next == rank) next = (next + 1) % workers;
          if (e.peer == next) ++successors;
        }
        previous = e.peer;
      }
    }
  }
  ASSERT_GT(requests, 40u * workers) << "too few requests to judge";
  // Each of the P(P-1) (requester, target) pairs gets 1/(P-1) of a requester's
  // requests on average; all targets together, within a factor of two.
  std::vector<int> by_target(workers, 0);
  for (int rank = 0; rank < workers; ++rank)
    for (int target = 0; target < workers; ++target) by_target[target] += asked[rank][target];
  const double mean = static_cast<double>(requests) / workers;
  for (int target = 0; target < workers; ++target) {
    EXPECT_GT(by_target[target], mean / 2) << "processor " << target << " rarely asked";
    EXPECT_LT(by_target[target], mean * 2) << "processor " << target << " asked too often";
  }
  for (int rank = 0; rank < workers; ++rank)
    for (int target = 0; target < workers; ++target) {
      if (target != rank) {
        EXPECT_GT(asked[rank][target], 0) << rank << " never asked " << target;
      }
    }
  // Uniform choice makes "the next one" about 1/(P-1) of the steps; ARR, all.
  EXPECT_LT(successors * 3, pairs) << "targets step like a round robin";
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
      const auto topology = core::make_topology(core::parse_topology(s.topology), s.workers);
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
// processor the scheduler knows to be idle, nor with itself, and the donors go
// round robin over the busy set: each is the first busy processor (other than
// the requester) after the donor named before it.
TEST(Sb, NeverPairsWithAProcessorKnownToBeIdle) {
  for (const char* runtime : {"step", "threads"}) {
    for (int workers : {4, 8, 16}) {
      const RecordedRun run = record("sb", workers, "complete", runtime);
      std::set<int> busy;
      std::size_t pairings = 0;
      int last_donor = 0;
      const auto next_busy = [&](int requester) {
        for (int step = 1; step <= workers; ++step) {
          const int candidate = (last_donor + step) % workers;
          if (busy.count(candidate) && candidate != requester) return candidate;
        }
        return -1;
      };
      const auto paired = [&](int requester, int donor) {
        ++pairings;
        EXPECT_TRUE(busy.count(donor)) << runtime << ": paired with idle " << donor;
        EXPECT_NE(donor, requester);
        EXPECT_EQ(donor, next_busy(requester)) << runtime << ": not the next busy processor";
        last_donor = donor;
      };
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
            if (e.message.kind == SchedulerBased::kDonor)
              paired(e.peer, static_cast<int>(e.message.values[0]));
            break;
          case SchemeEvent::kRequestWork:
            paired(SchedulerBased::kScheduler, e.peer);
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

// Randomized allocation, as recorded: each transfer is one node just generated
// at depth <= the cutoff and asked for at that depth only, and destinations
// are spread over all processors. The default cutoff (log2 P + 3) is the
// scheme's own, which the engine does not enforce, so it is checked with the
// serial depth off: deeper nodes stand on the stacks too.
TEST(RandomAllocation, MovesOnlyFreshNodesAboveTheCutoffToSpreadDestinations) {
  const int n = 10, workers = 8;
  for (const char* runtime : {"step", "threads"}) {
    for (std::uint32_t given : {core::kNoCutoff, 2u}) {
      const std::uint32_t cutoff =
          given == core::kNoCutoff ? RandomAllocation::default_cutoff(workers) : given;
      const RecordedRun run =
          record("random", workers, "complete", runtime, n, given, 5, core::kNoCutoff);
      std::vector<std::uint64_t> received(workers, 0);
      std::uint64_t transfers = 0;
      for (int rank = 0; rank < workers; ++rank) {
        std::int64_t generated_at = -1;
        for (const SchemeEvent& e : run.log->of(rank)) {
          if (e.kind == SchemeEvent::kGenerated) generated_at = e.message.values[0];
          if (e.kind != SchemeEvent::kSendWork || e.message.values[0] == 0) continue;
          ++transfers;
          ++received[e.peer];
          EXPECT_NE(e.peer, rank);
          EXPECT_LE(generated_at, static_cast<std::int64_t>(cutoff))
              << runtime << ": a node deeper than the cutoff moved";
          EXPECT_LE(e.depth, cutoff) << runtime;
          EXPECT_EQ(e.message.values[1], generated_at) << runtime << ": not a node just generated";
          EXPECT_EQ(e.message.values[2], generated_at) << runtime;
        }
      }
      EXPECT_EQ(transfers, run.result.total.work_sent);
      EXPECT_EQ(run.result.total.nodes_sent, transfers) << "one node per transfer";
      EXPECT_GT(transfers, 5u * workers) << runtime;
      for (int rank = 0; rank < workers; ++rank)
        EXPECT_GT(received[rank] * workers * 3, transfers)
            << runtime << ": few nodes went to " << rank;
    }
  }
}

}  // namespace
}  // namespace stacksplit::schemes
