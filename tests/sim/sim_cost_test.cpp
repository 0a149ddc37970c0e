// The simulated machine charges every unit of work an application reports:
// nodes expanded one by one, subtrees the application counts whole, and the
// nodes a receiver replays to re-enter a received path.

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/run_search.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/core/hash_tree.hpp"

namespace stacksplit::core {
namespace {

// `config` on the simulated machine.
inline RunConfig sim(RunConfig config) {
  config.runtime = RuntimeKind::kSim;
  return config;
}

using testing::HashNode;
using testing::HashTreeShape;

// A node's cost depends on the node, as DPLL's propagations do.
std::uint64_t cost_of(std::uint64_t id) { return 1 + id % 7; }

// Everything the application has computed, in cost units: what the simulator
// must charge (a shared tally; the simulator runs in one thread).
struct Tally {
  std::uint64_t cost = 0;
};

// The shape's nodes, their costs, and the same subtree counts the engine
// would make, below a node the caller has entered (and tallied).
class CostModel {
 public:
  explicit CostModel(HashTreeShape shape, Tally* tally) : shape_(shape), tally_(tally) {}

  const HashTreeShape& shape() const { return shape_; }

  Outcome classify(std::uint64_t id) const {
    if (shape_.is_dead_end(id)) return Outcome::kDeadEnd;
    if (shape_.is_solution(id)) return Outcome::kSolution;
    return Outcome::kOpen;
  }

  std::uint64_t enter(std::uint64_t id) const {
    tally_->cost += cost_of(id);
    return cost_of(id);
  }

  // The open node `id` at `depth` and everything below it.
  void count_subtree(std::uint64_t id, std::uint32_t depth, SubtreeCounts& counts) const {
    const std::uint64_t own = cost_of(id);
    count_below(id, depth, 0, counts);
    tally_->cost += counts.cost - own;  // the node itself was tallied when entered
  }

  std::uint32_t default_serial_depth() const { return 4; }

 private:
  void count_below(std::uint64_t id, std::uint32_t depth, std::uint32_t relative,
                   SubtreeCounts& counts) const {
    ++counts.nodes;
    counts.cost += cost_of(id);
    if (relative > counts.max_depth) counts.max_depth = relative;
    const std::uint32_t n = shape_.children_of(id, depth);
    if (n == 0) ++counts.leaves;
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint64_t child = shape_.child_id(id, i);
      const Outcome outcome = classify(child);
      if (outcome == Outcome::kOpen) {
        count_below(child, depth + 1, relative + 1, counts);
        continue;
      }
      ++counts.nodes;
      ++counts.leaves;
      counts.cost += cost_of(child);
      if (relative + 1 > counts.max_depth) counts.max_depth = relative + 1;
      if (outcome == Outcome::kDeadEnd) ++counts.dead_ends;
      if (outcome == Outcome::kSolution) ++counts.solutions;
    }
  }

  HashTreeShape shape_;
  Tally* tally_;
};

// The tree with replay: a choice is a child's index, a receiver re-enters the
// path from the root.
class CostlyReplayTree {
 public:
  using Choice = std::uint32_t;
  CostlyReplayTree(HashTreeShape shape, Tally* tally) : model_(shape, tally) { path_.reserve(64); }

  Outcome reset() {
    path_.assign(1, model_.shape().root_id());
    cost_ = model_.enter(path_.back());
    return Outcome::kOpen;
  }
  void choices(ChoiceSink<Choice>& out) const {
    const std::uint32_t n = model_.shape().children_of(path_.back(), depth());
    for (std::uint32_t i = 0; i < n; ++i) out.push(i);
  }
  Outcome descend(Choice index) {
    path_.push_back(model_.shape().child_id(path_.back(), index));
    cost_ = model_.enter(path_.back());
    return model_.classify(path_.back());
  }
  void ascend() { path_.pop_back(); }
  std::uint64_t node_cost() const { return cost_; }
  void count_subtree(SubtreeCounts& counts) const {
    model_.count_subtree(path_.back(), depth(), counts);
  }
  std::uint32_t default_serial_depth() const { return model_.default_serial_depth(); }

 private:
  std::uint32_t depth() const { return static_cast<std::uint32_t>(path_.size() - 1); }
  CostModel model_;
  std::vector<std::uint64_t> path_;
  std::uint64_t cost_ = 0;
};

// The same tree with self-contained choices: a choice is the child itself,
// nothing is replayed.
class CostlyNodeTree {
 public:
  using Choice = HashNode;
  static constexpr bool kSelfContainedChoices = true;
  CostlyNodeTree(HashTreeShape shape, Tally* tally) : model_(shape, tally) {}

  Outcome reset() {
    node_ = HashNode{model_.shape().root_id(), 0};
    cost_ = model_.enter(node_.id);
    return Outcome::kOpen;
  }
  void choices(ChoiceSink<Choice>& out) const {
    const std::uint32_t n = model_.shape().children_of(node_.id, node_.depth);
    for (std::uint32_t i = 0; i < n; ++i)
      out.push(HashNode{model_.shape().child_id(node_.id, i), node_.depth + 1});
  }
  Outcome descend(const Choice& child) {
    node_ = child;
    cost_ = model_.enter(node_.id);
    return model_.classify(node_.id);
  }
  std::uint64_t node_cost() const { return cost_; }
  void count_subtree(SubtreeCounts& counts) const {
    model_.count_subtree(node_.id, node_.depth, counts);
  }
  std::uint32_t default_serial_depth() const { return model_.default_serial_depth(); }

 private:
  CostModel model_;
  HashNode node_;
  std::uint64_t cost_ = 0;
};

// The whole tree by plain recursion, every node once: the sequential work.
struct TreeTotals {
  std::uint64_t nodes = 0;
  std::uint64_t cost = 0;
};

void add_tree(const HashTreeShape& shape, const CostModel& model, std::uint64_t id,
              std::uint32_t depth, TreeTotals& totals) {
  ++totals.nodes;
  totals.cost += cost_of(id);
  if (depth > 0 && model.classify(id) != Outcome::kOpen) return;
  const std::uint32_t n = shape.children_of(id, depth);
  for (std::uint32_t i = 0; i < n; ++i)
    add_tree(shape, model, shape.child_id(id, i), depth + 1, totals);
}

TreeTotals tree_totals(const HashTreeShape& shape) {
  Tally unused;
  const CostModel model(shape, &unused);
  TreeTotals totals;
  add_tree(shape, model, shape.root_id(), 0, totals);
  return totals;
}

constexpr double kUnit = 1e-6;
constexpr double kStartup = 1e-9;  // t_s: a message's only cost

// Only reported cost takes time (t_node = 0) and taking in a message is free
// (t_recv = 0), so a processor is always either working or idle: idle + busy
// is the parallel time on every processor. Messages still take a nanosecond
// in flight, as every machine must (see MachineModel::validate).
RunConfig costly_setup(const std::string& scheme, int workers) {
  RunConfig setup;
  setup.workers = workers;
  setup.search.quantum = 8;
  setup.machine = make_machine_model(
      "hypercube", std::vector<std::string>{"t_node=0", "t_unit=1e-6", "t_s=1e-9", "t_h=0", "t_w=0",
                                            "t_recv=0"});
  setup.topology = TopologyKind::kHypercube;
  setup.make_scheme = [scheme] { return schemes::make_scheme(scheme); };
  return setup;
}

template <class Result>
void expect_every_unit_charged(const Result& result, const Tally& tally, const TreeTotals& tree) {
  // Expansions alone make T1: every node once, at its own cost.
  EXPECT_EQ(result.total.nodes, tree.nodes);
  EXPECT_EQ(result.total.node_cost, tree.cost);
  EXPECT_DOUBLE_EQ(*result.sequential_seconds, tree.cost * kUnit);
  // What was charged is all the application computed, replay included.
  EXPECT_EQ(result.total.node_cost + result.total.replay_cost, tally.cost);
  // And it took virtual time on the processor that did it.
  for (std::size_t rank = 0; rank < result.per_worker.size(); ++rank) {
    const WorkerStatistics& w = result.per_worker[rank];
    const double busy = (w.node_cost + w.replay_cost) * kUnit;
    // Up to one message start-up: rank 0 ends when it decides, the others
    // when that news reaches them.
    EXPECT_NEAR(busy + w.idle_seconds, result.seconds, kStartup + 1e-9 * result.seconds)
        << "rank " << rank;
  }
}

const HashTreeShape kShape{11, 6, 10};

class SimCost : public ::testing::TestWithParam<std::string> {};

TEST_P(SimCost, CountedSubtreesCostEveryNode) {
  const TreeTotals tree = tree_totals(kShape);
  ASSERT_GT(tree.nodes, 5000u);
  Tally tally;
  const auto result = run_search<CostlyNodeTree>(sim(costly_setup(GetParam(), 16)),
                                                 [&] { return CostlyNodeTree(kShape, &tally); });
  EXPECT_EQ(result.total.replayed, 0u);
  EXPECT_GT(result.total.work_sent, 0u);
  expect_every_unit_charged(result, tally, tree);
}

TEST_P(SimCost, ReplayedNodesCostTimeOnTheReceiver) {
  const TreeTotals tree = tree_totals(kShape);
  Tally tally;
  const auto result = run_search<CostlyReplayTree>(
      sim(costly_setup(GetParam(), 16)), [&] { return CostlyReplayTree(kShape, &tally); });
  EXPECT_GT(result.total.replayed, 0u);
  EXPECT_GT(result.total.replay_cost, result.total.replayed) << "costs, not a node count";
  expect_every_unit_charged(result, tally, tree);
}

INSTANTIATE_TEST_SUITE_P(Schemes, SimCost, ::testing::Values("rp", "grr", "arr", "sl"));

// Without node_cost() a node costs 1, also inside a subtree counted whole.
TEST(SimCostDefault, ASubtreeCostsItsNodeCount) {
  struct Plain : CostlyNodeTree {
    using CostlyNodeTree::CostlyNodeTree;
    std::uint64_t node_cost() const = delete;
  };
  static_assert(!ReportsNodeCost<Plain>);
  Tally tally;
  RunConfig setup = costly_setup("rp", 8);
  const auto result = run_search<Plain>(sim(setup), [&] { return Plain(kShape, &tally); });
  EXPECT_EQ(result.total.nodes, tree_totals(kShape).nodes);
  EXPECT_EQ(result.total.node_cost, result.total.nodes);
  EXPECT_DOUBLE_EQ(*result.sequential_seconds, result.total.nodes * kUnit);
}

}  // namespace
}  // namespace stacksplit::core
