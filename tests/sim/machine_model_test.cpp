#include "core/sim/machine_model.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace stacksplit::core {
namespace {

// The message of the exception `make` throws.
template <class Make>
std::string error_of(Make make) {
  try {
    make();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(MachineModel, EveryPresetIsComplete) {
  ASSERT_EQ(machine_parameters().size(), kMachineParameterCount);
  for (const MachinePreset& preset : machine_presets()) {
    SCOPED_TRACE(std::string(preset.name));
    const MachineModel model = make_machine_model(preset.name);
    EXPECT_EQ(model.name, preset.name);
    EXPECT_EQ(model.topology, preset.topology);
    // Some work takes time: a node (the tree machines) or a unit of cost (zaki-now).
    EXPECT_GT(model.t_node + model.t_unit, 0);
    for (const MachinePreset::Value& value : preset.values) {
      EXPECT_GE(value.value, 0);
      EXPECT_FALSE(value.source.empty()) << "every number says where it comes from";
    }
  }
  EXPECT_EQ(machine_registry().names(), (std::vector<std::string>{"ncube2", "hypercube", "mesh",
                                                                  "now", "zaki-now", "cluster"}));
}

TEST(MachineModel, Ncube2IsACutThroughHypercube) {
  const MachineModel ncube2 = make_machine_model("ncube2");
  EXPECT_EQ(ncube2.topology, TopologyKind::kHypercube);
  EXPECT_EQ(ncube2.network, Network::kCutThrough);
  // The ratios the schemes feel: startup well below a node, hops and bytes far below.
  EXPECT_LT(ncube2.t_s, ncube2.t_node);
  EXPECT_LT(ncube2.t_h, ncube2.t_s / 10);
  EXPECT_LT(ncube2.t_w, ncube2.t_h);
  EXPECT_EQ(make_machine_model("now").network, Network::kSharedMedium);
  EXPECT_EQ(make_machine_model("mesh").topology, TopologyKind::kMesh);
}

TEST(MachineModel, MessageTimeIsStartupPlusHopsPlusBytes) {
  MachineModel model = make_machine_model("hypercube");
  model.set("t_s", 1e-3);
  model.set("t_h", 1e-5);
  model.set("t_w", 1e-7);
  EXPECT_DOUBLE_EQ(model.message_time(0, 0), 1e-3);
  EXPECT_DOUBLE_EQ(model.message_time(3, 0), 1e-3 + 3e-5);
  EXPECT_DOUBLE_EQ(model.message_time(3, 100), 1e-3 + 3e-5 + 1e-5);
  EXPECT_DOUBLE_EQ(model.message_time(10, 1000), 1e-3 + 1e-4 + 1e-4);
}

TEST(MachineModel, ExpansionTimeAddsNodesAndReportedCost) {
  MachineModel model = make_machine_model("ncube2");
  model.set("t_node", 2e-3);
  EXPECT_DOUBLE_EQ(model.expansion_time(10, 999), 2e-2) << "t_unit is 0 by default";
  model.set("t_unit", 1e-6);
  EXPECT_DOUBLE_EQ(model.expansion_time(10, 1000), 2e-2 + 1e-3);
}

TEST(MachineModel, OverridesApply) {
  const std::vector<std::string> overrides = {"t_s=2.5e-4", "header_bytes=32", "t_node=0.01"};
  const MachineModel model = make_machine_model("now", overrides);
  EXPECT_DOUBLE_EQ(model.t_s, 2.5e-4);
  EXPECT_DOUBLE_EQ(model.header_bytes, 32);
  EXPECT_DOUBLE_EQ(model.t_node, 0.01);
  EXPECT_DOUBLE_EQ(model.t_w, make_machine_model("now").t_w) << "the others keep the preset's";
  bool found = false;
  for (const auto& [name, value] : model.parameters())
    if (name == "t_s") found = (value == 2.5e-4);
  EXPECT_TRUE(found);
}

TEST(MachineModel, BadInputGetsAClearError) {
  EXPECT_EQ(error_of([] { make_machine_model("cm5"); }),
            "unknown machine 'cm5' (known: ncube2, hypercube, mesh, now, zaki-now, cluster)");
  auto with = [](std::string text) {
    return error_of([&] { make_machine_model("ncube2", std::vector<std::string>{text}); });
  };
  EXPECT_EQ(with("t_x=1"),
            "unknown machine parameter 't_x' (known: t_node, t_unit, t_s, t_h, t_w, t_recv, "
            "header_bytes, cores, node_t_s, node_t_w, node_t_recv)");
  EXPECT_EQ(with("t_s"), "--machine-param expects key=value, e.g. t_s=1e-4 (got 't_s')");
  EXPECT_EQ(with("=3"), "--machine-param expects key=value, e.g. t_s=1e-4 (got '=3')");
  EXPECT_EQ(with("t_s="), "--machine-param expects key=value, e.g. t_s=1e-4 (got 't_s=')");
  EXPECT_EQ(with("t_s=fast"), "--machine-param t_s: 'fast' is not a number");
  EXPECT_EQ(with("t_s=1e-3x"), "--machine-param t_s: '1e-3x' is not a number");
  EXPECT_EQ(with("t_s=-1"), "machine parameter t_s must be a finite number >= 0 (got -1)");
  EXPECT_EQ(with("t_w=inf"), "machine parameter t_w must be a finite number >= 0 (got inf)");
  EXPECT_NE(with("t_w=nan").find("finite number"), std::string::npos);
  EXPECT_EQ(with("t_node=0"),
            "machine ncube2: t_node and t_unit are both 0, so no expansion would take time and "
            "speedup is undefined");
  const std::vector<std::string> free_messages = {"t_s=0", "t_recv=0"};
  EXPECT_EQ(error_of([&] { make_machine_model("ncube2", free_messages); }),
            "machine ncube2: t_s and t_recv are both 0, so a message would take no time and idle "
            "processors could ask each other forever at one instant");
  EXPECT_NO_THROW(make_machine_model("ncube2", std::vector<std::string>{"t_recv=0"}));
  // A pure cost-per-unit model is fine.
  const std::vector<std::string> units = {"t_node=0", "t_unit=1e-6"};
  EXPECT_NO_THROW(make_machine_model("ncube2", units));
}

TEST(MachineModel, TheClusterHasTwoLevels) {
  const MachineModel cluster = make_machine_model("cluster");
  EXPECT_EQ(cluster.cores_per_node(), 64);
  // Inside a node a message costs a fraction of one between nodes.
  EXPECT_LT(cluster.node_message_time(16) * 5, cluster.message_time(1, 16));
  EXPECT_LT(cluster.node_t_recv, cluster.t_recv);
  // The flat presets are one processor a node.
  for (const std::string name : {"ncube2", "now", "zaki-now"})
    EXPECT_EQ(make_machine_model(name).cores_per_node(), 1) << name;
}

TEST(MachineModel, NodeMessageTimeIsStartupPlusBytes) {
  const std::vector<std::string> node = {"cores=4", "node_t_s=1e-6", "node_t_w=1e-9"};
  const MachineModel model = make_machine_model("ncube2", node);
  EXPECT_EQ(model.cores_per_node(), 4);
  EXPECT_DOUBLE_EQ(model.node_message_time(0), 1e-6);
  EXPECT_DOUBLE_EQ(model.node_message_time(1000), 2e-6);
}

TEST(MachineModel, BadCoresGetAClearError) {
  auto with = [](std::vector<std::string> overrides) {
    return error_of([&] { make_machine_model("ncube2", overrides); });
  };
  EXPECT_EQ(with({"cores=0"}),
            "machine ncube2: cores must be a whole number from 1 to 65536 (got 0)");
  EXPECT_EQ(with({"cores=2.5", "node_t_s=1e-6"}),
            "machine ncube2: cores must be a whole number from 1 to 65536 (got 2.5)");
  EXPECT_EQ(with({"cores=8"}),
            "machine ncube2: 8 cores a node, but node_t_s and node_t_recv are both 0, so a "
            "message inside a node would take no time (set them with --machine-param "
            "node_t_s=...)");
  EXPECT_NO_THROW(
      make_machine_model("ncube2", std::vector<std::string>{"cores=8", "node_t_recv=1e-7"}));
}

TEST(MachineModel, TableTextNamesEveryPresetParameterAndSource) {
  const std::string text = machine_table_text();
  for (const std::string& name : machine_registry().names())
    EXPECT_NE(text.find(name + ": "), std::string::npos);
  for (const MachineParameterInfo& info : machine_parameters())
    EXPECT_NE(text.find(std::string(info.name)), std::string::npos);
  EXPECT_NE(text.find("source: "), std::string::npos);
}

}  // namespace
}  // namespace stacksplit::core
