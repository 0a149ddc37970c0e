// The two-level policy's own rules (schemes/two_level.hpp), driven event by
// event on a scripted worker: when a worker goes beyond its node, and what a
// thief from another node is given.

#include "schemes/two_level.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/topology/placement.hpp"
#include "schemes/receiver/rp.hpp"

namespace stacksplit::schemes {
namespace {

// One worker of a machine of nodes x cores, recording what the policy makes
// it do; its stack is `alternatives` alternatives, and it has work while that is
// nonzero.
class ScriptedWorker final : public core::SchemeContext {
 public:
  ScriptedWorker(int rank, const core::Placement& machine) : rank_(rank), machine_(machine) {}

  int rank() const override { return rank_; }
  int size() const override { return machine_.workers(); }
  const core::Topology& topology() const override { return machine_.node_topology(); }
  const core::Placement& placement() const override { return machine_; }
  double now() const override { return 0; }
  std::uint64_t random_below(std::uint64_t bound) override { return next_++ % bound; }
  bool has_work() const override { return alternatives > 0; }
  std::uint64_t untried() const override { return alternatives; }
  std::uint32_t depth() const override { return 3; }
  bool request_outstanding() const override { return asked.has_value(); }
  std::uint32_t cutoff_depth() const override { return core::kNoCutoff; }
  std::uint32_t serial_depth() const override { return core::kNoCutoff; }
  void request_work(int victim) override {
    asked = victim;
    requests.push_back(victim);
  }
  bool send_work(int to) override {
    sent.push_back({to, std::nullopt});
    return true;
  }
  bool send_work(int to, const core::SplitRequest& part) override {
    sent.push_back({to, part});
    return true;
  }
  void reject(int to) override { rejected.push_back(to); }
  void send(int, const core::SchemeMessage&) override {}
  void watch_generated(std::uint32_t) override {}

  struct Sent {
    int to;
    std::optional<core::SplitRequest> part;  // none: the run's split policy
  };

  std::uint64_t alternatives = 0;
  std::optional<int> asked;  // the request outstanding
  std::vector<int> requests;
  std::vector<Sent> sent;
  std::vector<int> rejected;

 private:
  int rank_;
  const core::Placement& machine_;
  std::uint64_t next_ = 0;
};

// The answer to the outstanding request: a reject or work from its victim.
void reject_request(TwoLevel& policy, ScriptedWorker& worker) {
  const int from = *worker.asked;
  worker.asked.reset();
  policy.on_reject(worker, from);
}

void give_work(TwoLevel& policy, ScriptedWorker& worker, std::uint64_t untried) {
  const int from = *worker.asked;
  worker.asked.reset();
  worker.alternatives = untried;
  policy.on_work(worker, from);
}

// 4 nodes of 4 cores; worker 5 is core 1 of node 1.
constexpr int kWorkers = 16;
constexpr int kCores = 4;
constexpr int kWorker = 5;

bool inside(const core::Placement& machine, int victim) {
  return machine.same_node(victim, kWorker);
}

// Three tries inside a turn: a reject, work, and after that work two more
// rejects make three, so the next request goes to another node. Counting
// only rejects in a row within one idle period (the rule before) would ask
// inside again.
TEST(TwoLevel, RejectsInsideCountOverIdlePeriods) {
  const core::Placement machine(kWorkers, kCores);
  ScriptedWorker worker(kWorker, machine);
  TwoLevel policy(std::make_unique<RandomPolling>(), false, 3);
  policy.on_start(worker);

  policy.on_idle(worker);
  ASSERT_TRUE(worker.asked && inside(machine, *worker.asked));
  reject_request(policy, worker);
  ASSERT_TRUE(worker.asked && inside(machine, *worker.asked));
  give_work(policy, worker, 4);

  worker.alternatives = 0;  // the work is done
  policy.on_idle(worker);
  ASSERT_TRUE(worker.asked && inside(machine, *worker.asked));
  reject_request(policy, worker);
  ASSERT_TRUE(worker.asked && inside(machine, *worker.asked));
  reject_request(policy, worker);
  ASSERT_TRUE(worker.asked);
  EXPECT_FALSE(inside(machine, *worker.asked))
      << "three rejects inside over two idle periods, then a request between nodes";

  // Three more rejects inside after the scheme's turn: the scheme hears of
  // the reject from the other node only then.
  reject_request(policy, worker);  // the other node's reject
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(worker.asked && inside(machine, *worker.asked)) << "reject " << i;
    reject_request(policy, worker);
  }
  ASSERT_TRUE(worker.asked);
  EXPECT_FALSE(inside(machine, *worker.asked));
}

// Inside rejects a worker takes before each request beyond its node, on 2
// nodes of 16 cores with 2 tries: 2, then twice as many after every reject
// from the other node (4, 8), never more than the node's other cores (15:
// 8 stays), and back to 2 once work has come.
TEST(TwoLevel, RejectsFromOtherNodesDoubleTheTriesInside) {
  const core::Placement machine(32, 16);
  constexpr int kSelf = 3;
  ScriptedWorker worker(kSelf, machine);
  TwoLevel policy(std::make_unique<RandomPolling>(), false, 2);
  policy.on_start(worker);
  // Rejects the outstanding requests until one goes beyond the node, and
  // returns how many went inside before it.
  auto rejects_inside_before_going_out = [&] {
    int count = 0;
    while (worker.asked && machine.same_node(*worker.asked, kSelf)) {
      reject_request(policy, worker);
      ++count;
    }
    EXPECT_TRUE(worker.asked.has_value());
    return count;
  };

  policy.on_idle(worker);
  EXPECT_EQ(rejects_inside_before_going_out(), 2);
  for (const int expected : {4, 8, 8}) {
    reject_request(policy, worker);  // the other node says no
    EXPECT_EQ(rejects_inside_before_going_out(), expected);
  }
  give_work(policy, worker, 4);  // the other node has work after all
  worker.alternatives = 0;
  policy.on_idle(worker);
  EXPECT_EQ(rejects_inside_before_going_out(), 2) << "work came: two tries again";
}

// A thief from another node gets the shallowest half of the alternatives;
// one of the donor's node gets what the run's split policy gives.
TEST(TwoLevel, AThiefFromAnotherNodeGetsTheShallowestHalf) {
  const core::Placement machine(kWorkers, kCores);
  ScriptedWorker worker(kWorker, machine);
  TwoLevel policy(std::make_unique<RandomPolling>(), false, 3);
  policy.on_start(worker);
  worker.alternatives = 9;

  policy.on_work_request(worker, 12);  // node 3
  ASSERT_EQ(worker.sent.size(), 1u);
  EXPECT_EQ(worker.sent[0].to, 12);
  ASSERT_TRUE(worker.sent[0].part.has_value());
  EXPECT_EQ(worker.sent[0].part->min_depth, 1u);
  EXPECT_EQ(worker.sent[0].part->max_depth, core::kNoCutoff);
  EXPECT_EQ(worker.sent[0].part->max_nodes, 5u);
  EXPECT_TRUE(worker.sent[0].part->donor_keeps_one);

  policy.on_work_request(worker, 6);  // node 1, its own
  ASSERT_EQ(worker.sent.size(), 2u);
  EXPECT_EQ(worker.sent[1].to, 6);
  EXPECT_FALSE(worker.sent[1].part.has_value());
}

// One core a node: every thief is from another node, and the split stays
// the run's (the policy is the scheme itself).
TEST(TwoLevel, OneCoreANodeKeepsTheRunsSplit) {
  const core::Placement machine(4, 1);
  ScriptedWorker worker(1, machine);
  TwoLevel policy(std::make_unique<RandomPolling>(), false, 3);
  policy.on_start(worker);
  worker.alternatives = 9;
  policy.on_work_request(worker, 3);
  ASSERT_EQ(worker.sent.size(), 1u);
  EXPECT_FALSE(worker.sent[0].part.has_value());
}

}  // namespace
}  // namespace stacksplit::schemes
