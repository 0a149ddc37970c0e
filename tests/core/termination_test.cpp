#include "core/detail/termination.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "core/detail/random.hpp"

namespace stacksplit::core {
namespace {

// P processes and the messages between them, delivered in a random order (no
// FIFO: Safra does not need it). Work activates its receiver; probes and
// reports drive the detection. Processes do random work until a budget of
// work messages is spent, then wind down.
class Model {
 public:
  Model(int size, std::uint64_t seed, int work_budget, int per_node = 0)
      : random_(Random::stream(seed, 1)), work_budget_(work_budget) {
    for (int rank = 0; rank < size; ++rank)
      processes_.push_back({SafraTermination(rank, size, per_node)});
    processes_[0].active = true;  // rank 0 holds the root
  }

  // Runs until termination is declared; checks it is never declared early.
  // Returns how many waves rank 0 started.
  int run() {
    for (std::uint64_t step = 0; step < 1'000'000; ++step) {
      if (declared_) return waves_;
      step_once();
    }
    ADD_FAILURE() << "no termination after a million steps";
    return waves_;
  }

 private:
  enum class Kind { kWork, kProbe, kReport };
  struct Message {
    Kind kind;
    int to;
    Token report;
  };
  struct Process {
    SafraTermination detector;
    bool active = false;
  };

  void step_once() {
    const int size = static_cast<int>(processes_.size());
    const auto choice = random_.below(3);
    if (choice == 0 && !in_flight_.empty()) {
      const auto index = random_.below(in_flight_.size());
      const Message message = in_flight_[index];
      in_flight_.erase(in_flight_.begin() + static_cast<std::ptrdiff_t>(index));
      deliver(message);
      return;
    }
    const int rank = static_cast<int>(random_.below(size));
    Process& process = processes_[rank];
    if (!process.active) return;
    if (choice == 1 && work_budget_ > 0 && size > 1) {
      --work_budget_;
      const int to = static_cast<int>(random_.below(size));
      process.detector.on_activating_sent();
      in_flight_.push_back({Kind::kWork, to, {}});
    } else if (choice == 2 || work_budget_ == 0) {
      process.active = false;
      act(rank, process.detector.when_passive());
    }
  }

  void deliver(const Message& message) {
    Process& process = processes_[message.to];
    switch (message.kind) {
      case Kind::kWork:
        process.detector.on_activating_received();
        process.active = true;
        break;
      case Kind::kProbe:
        act(message.to, process.detector.on_probe());
        break;
      case Kind::kReport:
        process.detector.on_report(message.report);
        break;
    }
    if (!process.active) act(message.to, process.detector.when_passive());
  }

  void act(int rank, const SafraTermination::Decision& decision) {
    if (rank == 0 && decision.probe_count > 0) ++waves_;
    for (int i = 0; i < decision.probe_count; ++i)
      in_flight_.push_back({Kind::kProbe, decision.probes[i], {}});
    if (decision.report)
      in_flight_.push_back({Kind::kReport, processes_[rank].detector.parent(), *decision.report});
    if (decision.terminated) {
      ASSERT_EQ(rank, 0) << "only rank 0 declares termination";
      for (const Process& process : processes_) ASSERT_FALSE(process.active) << "declared early";
      for (const Message& message : in_flight_)
        ASSERT_NE(message.kind, Kind::kWork) << "declared with work in flight";
      declared_ = true;
    }
  }

  Random random_;
  int work_budget_;
  std::vector<Process> processes_;
  std::vector<Message> in_flight_;
  bool declared_ = false;
  int waves_ = 0;
};

TEST(SafraTermination, OneProcessTerminatesWhenPassive) {
  SafraTermination alone(0, 1);
  EXPECT_TRUE(alone.when_passive().terminated);
}

TEST(SafraTermination, TheWaveFollowsABinaryTreeOverTheRanks) {
  SafraTermination root(0, 6), inner(2, 6), leaf(5, 6);
  const auto start = root.when_passive();
  ASSERT_EQ(start.probe_count, 2);
  EXPECT_EQ(start.probes[0], 1);
  EXPECT_EQ(start.probes[1], 2);
  const auto forwarded = inner.on_probe();
  ASSERT_EQ(forwarded.probe_count, 1);
  EXPECT_EQ(forwarded.probes[0], 5);
  EXPECT_EQ(leaf.on_probe().probe_count, 0);
  EXPECT_EQ(leaf.parent(), 2);
  EXPECT_EQ(inner.parent(), 0);
}

// 3 nodes of 4: a binary tree over each node's cores, hanging from its first
// core, and one over the first cores (0, 4, 8).
TEST(SafraTermination, OnNodesTheWaveCrossesBetweenFirstCoresOnly) {
  SafraTermination root(0, 12, 4), first_of_node_1(4, 12, 4), core_3_of_node_2(11, 12, 4);
  const auto start = root.when_passive();
  ASSERT_EQ(start.probe_count, 4);
  EXPECT_EQ((std::vector<int>(start.probes.begin(), start.probes.end())),
            (std::vector<int>{1, 2, 4, 8}));
  const auto node_1 = first_of_node_1.on_probe();
  ASSERT_EQ(node_1.probe_count, 2) << "its two cores; node 1 has no child nodes";
  EXPECT_EQ(node_1.probes[0], 5);
  EXPECT_EQ(node_1.probes[1], 6);
  EXPECT_EQ(first_of_node_1.parent(), 0);
  EXPECT_EQ(core_3_of_node_2.parent(), 9);
  EXPECT_EQ(SafraTermination(8, 12, 4).parent(), 0);
  // Every process but 0 has a parent on its own node, unless it is a first core.
  for (int rank = 1; rank < 12; ++rank) {
    const int parent = SafraTermination(rank, 12, 4).parent();
    EXPECT_EQ(parent / 4 == rank / 4, rank % 4 != 0) << rank;
  }
}

TEST(SafraTermination, AQuietTreeTerminatesAfterOneWave) {
  SafraTermination root(0, 3), left(1, 3), right(2, 3);
  ASSERT_EQ(root.when_passive().probe_count, 2);
  left.on_probe();
  right.on_probe();
  root.on_report(*left.when_passive().report);
  EXPECT_FALSE(root.when_passive().terminated) << "the right subtree has not reported";
  root.on_report(*right.when_passive().report);
  EXPECT_TRUE(root.when_passive().terminated);
}

TEST(SafraTermination, AProcessReportsOnlyWhenItsChildrenHave) {
  SafraTermination inner(1, 4), leaf(3, 4);
  inner.on_probe();
  EXPECT_FALSE(inner.when_passive().report) << "its child 3 has not reported";
  leaf.on_probe();
  inner.on_report(*leaf.when_passive().report);
  EXPECT_TRUE(inner.when_passive().report);
}

TEST(SafraTermination, WorkInFlightPreventsTermination) {
  SafraTermination root(0, 2), other(1, 2);
  other.on_activating_sent();  // work from 1 to 0, not yet received
  root.when_passive();
  other.on_probe();
  const Token report = *other.when_passive().report;
  EXPECT_EQ(report.count, 1);
  root.on_report(report);
  const auto verdict = root.when_passive();
  EXPECT_FALSE(verdict.terminated) << "the counts sum to 1: a message is in flight";
  EXPECT_EQ(verdict.probe_count, 1) << "rank 0 starts another wave";
  root.on_activating_received();  // delivered: rank 0 turns black
  other.on_probe();
  root.on_report(*other.when_passive().report);
  EXPECT_FALSE(root.when_passive().terminated) << "rank 0 is black: it was re-activated";
  other.on_probe();
  root.on_report(*other.when_passive().report);
  EXPECT_TRUE(root.when_passive().terminated) << "a clean wave after the delivery ends it";
}

TEST(SafraTermination, AReceiptBetweenVisitsBlackensTheNextReport) {
  SafraTermination root(0, 2), other(1, 2);
  root.when_passive();
  other.on_probe();
  root.on_report(*other.when_passive().report);  // other is white when visited
  root.when_passive();                           // a new wave (the first was not white)
  other.on_activating_received();                // after its visit: black next time
  other.on_probe();
  EXPECT_TRUE(other.when_passive().report->black);
}

TEST(SafraTermination, RandomRunsNeverTerminateEarlyAndAlwaysEnd) {
  int runs = 0;
  for (const int size : {2, 3, 5, 8, 13, 32}) {
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      SCOPED_TRACE(::testing::Message() << "P = " << size << ", seed " << seed);
      Model model(size, seed, 30 + static_cast<int>(seed) * 5);
      EXPECT_GE(model.run(), 1);
      ++runs;
    }
  }
  EXPECT_EQ(runs, 240);
}

TEST(SafraTermination, RandomRunsOnNodesNeverTerminateEarlyAndAlwaysEnd) {
  for (const auto& [size, per_node] : {std::pair{4, 2}, {6, 3}, {8, 4}, {12, 4}, {32, 8}}) {
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
      SCOPED_TRACE(::testing::Message() << size << " / " << per_node << ", seed " << seed);
      Model model(size, seed, 30 + static_cast<int>(seed) * 5, per_node);
      EXPECT_GE(model.run(), 1);
    }
  }
}

}  // namespace
}  // namespace stacksplit::core
