// The simulated machine's cost model, observed from inside a scheme: when a
// message is handled tells its delivery time and the queueing before it.

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "apps/nqueens/nqueens.hpp"
#include "core/run_record.hpp"
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

// A tree that is only its root: no work to share, so the only traffic is the
// probes and the termination token.
struct RootOnly {
  using Choice = std::uint32_t;
  Outcome reset() { return Outcome::kOpen; }
  void choices(ChoiceSink<Choice>& /*out*/) const {}
  Outcome descend(Choice /*choice*/) { return Outcome::kOpen; }
  void ascend() {}
};

struct Handled {
  int from;
  double time;
};

// Every processor but 0 sends one scheme message to processor 0 at time 0;
// processor 0 notes when it has taken each in.
class ProbeScheme final : public Scheme {
 public:
  explicit ProbeScheme(std::vector<Handled>* log) : log_(log) {}
  std::string_view name() const override { return "probe"; }
  void on_start(SchemeContext& ctx) override {
    if (ctx.rank() != 0) ctx.send(0, SchemeMessage{});
  }
  void on_idle(SchemeContext& /*ctx*/) override {}
  void on_message(SchemeContext& ctx, int from, const SchemeMessage& /*m*/) override {
    log_->push_back({from, ctx.now()});
  }

 private:
  std::vector<Handled>* log_;
};

// A machine where only what a test sets costs anything but the startup.
MachineModel machine(std::string name, std::vector<std::string> overrides) {
  std::vector<std::string> all = {"t_node=1e-6", "t_s=1e-3", "t_h=0",
                                  "t_w=0",       "t_recv=0", "header_bytes=16"};
  all.insert(all.end(), overrides.begin(), overrides.end());
  return make_machine_model(name, all);
}

std::vector<Handled> probe(const MachineModel& model, int workers, std::string topology) {
  std::vector<Handled> log;
  RunConfig setup;
  setup.workers = workers;
  setup.topology = parse_topology(topology);
  setup.machine = model;
  setup.make_scheme = [&log] { return std::make_unique<ProbeScheme>(&log); };
  run_search<RootOnly>(sim(setup), [] { return RootOnly{}; });
  EXPECT_EQ(log.size(), static_cast<std::size_t>(workers - 1));
  return log;
}

TEST(SimRuntime, DeliveryTimeIsStartupPlusHopsPlusBytes) {
  const MachineModel cube = machine("hypercube", {"t_h=1e-5", "t_w=1e-7"});
  for (const Handled& h : probe(cube, 8, "hypercube"))
    EXPECT_DOUBLE_EQ(h.time, 1e-3 + std::popcount(static_cast<unsigned>(h.from)) * 1e-5 + 16e-7)
        << "from " << h.from;

  const MachineModel mesh = machine("mesh", {"t_h=1e-5", "t_w=1e-7"});
  const auto grid = make_topology(TopologyKind::kMesh, 16);
  for (const Handled& h : probe(mesh, 16, "mesh"))
    EXPECT_DOUBLE_EQ(h.time, mesh.message_time(grid->distance(h.from, 0), 16)) << "from " << h.from;
}

TEST(SimRuntime, HotSpotServesMessagesOneAfterTheOther) {
  // 63 messages reach processor 0 at the same instant; each costs it t_recv.
  const double t_recv = 1e-4;
  const auto log = probe(machine("hypercube", {"t_recv=1e-4"}), 64, "hypercube");
  for (std::size_t k = 0; k < log.size(); ++k) {
    EXPECT_EQ(log[k].from, static_cast<int>(k + 1)) << "first come, first served";
    EXPECT_NEAR(log[k].time, 1e-3 + (k + 1) * t_recv, 1e-12);
  }
  // Without a receive cost nobody waits.
  for (const Handled& h : probe(machine("hypercube", {}), 64, "hypercube"))
    EXPECT_DOUBLE_EQ(h.time, 1e-3);
}

TEST(SimRuntime, SharedMediumSerializesTransmissions) {
  // 100 bytes at 1 us each: every transmission holds the medium for 1e-4 s.
  const std::vector<std::string> wire = {"t_w=1e-6", "header_bytes=100"};
  const auto log = probe(machine("now", wire), 32, "complete");
  for (std::size_t k = 0; k < log.size(); ++k)
    EXPECT_NEAR(log[k].time, 1e-3 + (k + 1) * 1e-4, 1e-12) << "message " << k;
  // The same messages on a cut-through network travel side by side.
  for (const Handled& h : probe(machine("hypercube", wire), 32, "hypercube"))
    EXPECT_NEAR(h.time, 1e-3 + 1e-4, 1e-12);
}

// Nodes of 4 cores: inside a node a message costs node_t_s = 1e-5 and
// node_t_recv = 2e-6 to take in, between nodes t_s = 1e-3 (+ t_h a hop
// between the nodes) and t_recv = 1e-4.
TEST(SimRuntime, AMessageInsideANodeCostsTheNodesPrices) {
  const std::vector<std::string> node = {"cores=4", "node_t_s=1e-5", "node_t_recv=2e-6",
                                         "t_recv=1e-4", "t_h=1e-5"};
  const auto log = probe(machine("hypercube", node), 16, "complete");
  // Processors 1-3 share node 0 with the receiver: theirs come first, one
  // receipt after the other; then the other nodes' twelve, at 1e-3 + hops.
  ASSERT_EQ(log.size(), 15u);
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(log[k].from, k + 1);
    EXPECT_NEAR(log[k].time, 1e-5 + (k + 1) * 2e-6, 1e-12);
  }
  double last = 0;
  for (std::size_t k = 3; k < log.size(); ++k) {
    EXPECT_GE(log[k].from, 4) << "from another node";
    const int hops = std::popcount(static_cast<unsigned>(log[k].from / 4));
    EXPECT_GE(log[k].time, 1e-3 + hops * 1e-5 + 1e-4 - 1e-12);
    EXPECT_GT(log[k].time, last);
    last = log[k].time;
  }
  // Nodes 1 and 2 are a hop away, node 3 two: its four queue behind the eight.
  EXPECT_NEAR(log.back().time, 1e-3 + 1e-5 + 12 * 1e-4, 1e-12);
}

TEST(SimRuntime, OnlyMessagesBetweenNodesWaitForTheSharedMedium) {
  // 100 bytes at 1 us each hold the medium for 1e-4 s; inside a node they
  // cost 100 bytes at 1e-8.
  const std::vector<std::string> wire = {"t_w=1e-6", "header_bytes=100", "cores=8", "node_t_s=1e-5",
                                         "node_t_w=1e-8"};
  const auto log = probe(machine("now", wire), 16, "complete");
  ASSERT_EQ(log.size(), 15u);
  for (int k = 0; k < 7; ++k) EXPECT_NEAR(log[k].time, 1e-5 + 1e-6, 1e-12) << "message " << k;
  for (std::size_t k = 7; k < log.size(); ++k)
    EXPECT_NEAR(log[k].time, 1e-3 + (k - 6) * 1e-4, 1e-12) << "message " << k;
}

RunConfig nqueens_setup(int workers, std::string scheme, std::string machine_name,
                        std::uint64_t seed = 1) {
  RunConfig setup;
  setup.workers = workers;
  setup.search.seed = seed;
  setup.search.quantum = 4;
  setup.machine = make_machine_model(machine_name);
  setup.make_scheme = [scheme] { return schemes::make_scheme(scheme); };
  return setup;
}

nlohmann::json record_of(RunConfig setup, const RunStatistics& result, const std::string& scheme) {
  setup.scheme = scheme;
  nlohmann::json record = make_run_record(RunIdentity{"nqueens", "9", {}}, sim(setup), result);
  record.erase("timestamp");
  return record;
}

TEST(SimRuntime, SameInputsGiveTheSameRecordBitForBit) {
  using apps::nqueens::NQueens;
  for (const std::string& scheme : schemes::tree_scheme_names()) {
    for (const std::string machine_name : {"ncube2", "now"}) {
      SCOPED_TRACE(scheme + " on " + machine_name);
      const RunConfig setup = nqueens_setup(64, scheme, machine_name);
      const auto first = run_search<NQueens>(sim(setup), [] { return NQueens(9); });
      const auto second = run_search<NQueens>(sim(setup), [] { return NQueens(9); });
      const nlohmann::json a = record_of(setup, first, scheme);
      EXPECT_EQ(a.dump(), record_of(setup, second, scheme).dump());
      EXPECT_EQ(a["time_kind"], "virtual");
      EXPECT_EQ(a["sequential_time_s"], setup.machine.expansion_time(first.total.nodes, 0));
      EXPECT_GT(a["speedup"].get<double>(), 0);
      EXPECT_DOUBLE_EQ(a["efficiency"].get<double>(), a["speedup"].get<double>() / 64);
    }
  }
  // The seed matters: another seed, another run (same counts, other timings).
  using apps::nqueens::NQueens;
  const auto one =
      run_search<NQueens>(sim(nqueens_setup(64, "rp", "ncube2", 1)), [] { return NQueens(9); });
  const auto two =
      run_search<NQueens>(sim(nqueens_setup(64, "rp", "ncube2", 2)), [] { return NQueens(9); });
  EXPECT_EQ(one.total.solutions, two.total.solutions);
  EXPECT_NE(one.seconds, two.seconds);
}

TEST(SimRuntime, OneProcessorTakesTheSequentialTime) {
  using apps::nqueens::NQueens;
  const RunConfig setup = nqueens_setup(1, "rp", "ncube2");
  const auto result = run_search<NQueens>(sim(setup), [] { return NQueens(8); });
  EXPECT_EQ(result.time_kind, TimeKind::kVirtual);
  EXPECT_EQ(result.total.solutions, 92u);
  EXPECT_DOUBLE_EQ(*result.sequential_seconds, result.total.nodes * setup.machine.t_node);
  EXPECT_NEAR(result.seconds, *result.sequential_seconds, 1e-9 * *result.sequential_seconds);
  // The worker counts idle time from its start, so rank 0's root expansion at most.
  EXPECT_LE(result.total.idle_seconds, setup.machine.t_node);
}

TEST(SimRuntime, IdleTimeIsVirtual) {
  testing::HashTreeShape shape{5, 6, 9};
  RunConfig setup = nqueens_setup(16, "rp", "ncube2");
  const auto result = run_search<testing::ReplayHashTree>(
      sim(setup), [&] { return testing::ReplayHashTree(shape); });
  ASSERT_GT(result.seconds, 0);
  for (const WorkerStatistics& worker : result.per_worker) {
    EXPECT_GE(worker.idle_seconds, 0);
    // Busy (expanding or replaying) plus idle fits in the parallel time.
    const double busy = (worker.nodes + worker.replayed) * setup.machine.t_node;
    EXPECT_LE(busy + worker.idle_seconds, result.seconds * (1 + 1e-9));
  }
  EXPECT_GT(result.total.idle_seconds, 0);
}

TEST(SimRuntime, ReportedNodeCostDrivesTime) {
  // With t_unit set, a node's time follows the cost the application reports
  // (1 per node here, the default), on top of t_node.
  using apps::nqueens::NQueens;
  RunConfig setup = nqueens_setup(1, "rp", "ncube2");
  setup.machine.set("t_unit", 1e-3);
  const auto result = run_search<NQueens>(sim(setup), [] { return NQueens(6); });
  EXPECT_DOUBLE_EQ(*result.sequential_seconds,
                   result.total.nodes * setup.machine.t_node + result.total.node_cost * 1e-3);
  EXPECT_NEAR(result.seconds, *result.sequential_seconds, 1e-9);
}

TEST(SimRuntime, AMachineOfTheWrongSizeIsAClearError) {
  using apps::nqueens::NQueens;
  RunConfig setup = nqueens_setup(7, "rp", "ncube2");
  setup.topology =
      TopologyKind::kComplete;  // the schemes may see any topology; the network is still a cube
  try {
    run_search<NQueens>(sim(setup), [] { return NQueens(6); });
    FAIL() << "7 processors cannot form a hypercube";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("--machine ncube2 is a hypercube: "), std::string::npos)
        << e.what();
  }
}

TEST(SimRuntime, WorkersMustFillWholeNodes) {
  using apps::nqueens::NQueens;
  RunConfig setup = nqueens_setup(12, "rp", "cluster");
  setup.machine.set("cores", 8);
  try {
    run_search<NQueens>(sim(setup), [] { return NQueens(6); });
    FAIL() << "12 workers do not fill nodes of 8";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "--workers 12 on machine cluster of 8 cores a node: the workers must fill whole "
                 "nodes (a multiple of 8) or fit in one");
  }
  // Fewer workers than a node's cores: one node, part full.
  setup.workers = 5;
  EXPECT_EQ(run_search<NQueens>(sim(setup), [] { return NQueens(6); }).total.solutions, 4u);
}

}  // namespace
}  // namespace stacksplit::core
