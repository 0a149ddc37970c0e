// Machine files (--machine FILE): a cluster of nodes x cores read from a
// file, and every fault in one named by file and line.

#include "core/sim/machine_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/input_error.hpp"

namespace stacksplit::core {
namespace {

constexpr const char* kGood = R"(# 4 nodes of 8 cores
name    test-cluster
t_node  1e-6
quantum 3

[node]
cores   8
t_s     1e-7
t_w  =  1e-10
t_recv  2e-7   # taking it in

[network]
topology  hypercube
network   cut-through
t_s       1e-6
t_h       1e-7
t_w       8e-11
t_recv    5e-7
)";

// Writes `text` to a file of its own under the test's temporary folder.
std::string write_file(const std::string& name, const std::string& text) {
  const std::filesystem::path folder =
      std::filesystem::temp_directory_path() / "stacksplit-machine-file-test";
  std::filesystem::create_directories(folder);
  const std::filesystem::path path = folder / name;
  std::ofstream(path) << text;
  return path.string();
}

std::string error_of(const std::string& path) {
  try {
    read_machine_file(path);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

// kGood with `from` replaced by `to`.
std::string good_but(const std::string& from, const std::string& to) {
  std::string text = kGood;
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

TEST(MachineFile, ReadsBothLevels) {
  const MachineModel model = read_machine_file(write_file("good.machine", kGood));
  EXPECT_EQ(model.name, "test-cluster");
  EXPECT_DOUBLE_EQ(model.t_node, 1e-6);
  EXPECT_EQ(model.quantum, 3u);
  EXPECT_EQ(model.cores_per_node(), 8);
  EXPECT_DOUBLE_EQ(model.node_t_s, 1e-7);
  EXPECT_DOUBLE_EQ(model.node_t_w, 1e-10);
  EXPECT_DOUBLE_EQ(model.node_t_recv, 2e-7);
  EXPECT_EQ(model.topology, TopologyKind::kHypercube);
  EXPECT_EQ(model.network, Network::kCutThrough);
  EXPECT_DOUBLE_EQ(model.t_s, 1e-6);
  EXPECT_DOUBLE_EQ(model.t_h, 1e-7);
  EXPECT_DOUBLE_EQ(model.t_w, 8e-11);
  EXPECT_DOUBLE_EQ(model.t_recv, 5e-7);
  EXPECT_DOUBLE_EQ(model.header_bytes, 16) << "the default";
}

TEST(MachineFile, TheNameDefaultsToTheFilesStemAndOverridesApply) {
  const std::string path = write_file("stem-only.machine", good_but("name    test-cluster\n", ""));
  const std::vector<std::string> overrides = {"cores=16", "t_s=2e-6"};
  const MachineModel model = make_machine(path, overrides);
  EXPECT_EQ(model.name, "stem-only");
  EXPECT_EQ(model.cores_per_node(), 16);
  EXPECT_DOUBLE_EQ(model.t_s, 2e-6);
  EXPECT_EQ(make_machine("cluster").name, "cluster") << "a preset's name is not a file";
}

TEST(MachineFile, AMissingLevelIsNamed) {
  std::string text = kGood;
  text.erase(text.find("[node]"), text.find("[network]") - text.find("[node]"));
  const std::string path = write_file("no-node.machine", text);
  EXPECT_EQ(error_of(path), path +
                                ":12: the machine has no [node] level (inside a node: cores, t_s, "
                                "t_w, t_recv)");
  text = kGood;
  text.erase(text.find("[network]"));
  const std::string no_network = write_file("no-network.machine", text);
  EXPECT_EQ(error_of(no_network), no_network +
                                      ":11: the machine has no [network] level (between nodes: "
                                      "topology, network, t_s, t_h, t_w, t_recv)");
}

TEST(MachineFile, EveryFaultNamesItsLine) {
  struct Case {
    std::string text;
    std::string error;  // after "PATH:"
  };
  const std::vector<Case> cases = {
      {good_but("t_h       1e-7\n", ""), "12: [network] has no 't_h'"},
      {good_but("t_node  1e-6\n", ""), "1: no 't_node' before the levels"},
      {good_but("cores   8", "kernels 8"),
       "7: unknown key 'kernels' in [node] (known there: cores, t_s, t_w, t_recv)"},
      {good_but("[network]", "[net]"), "12: unknown level [net] (known: [node], [network])"},
      {good_but("[network]", "[network"),
       "12: a level is written [node] or [network] (got "
       "'[network')"},
      {good_but("t_recv  2e-7", "t_s 3e-7"), "10: 't_s' in [node] a second time (first at line 8)"},
      {good_but("t_s       1e-6", "t_s       fast"), "15: t_s: 'fast' is not a number"},
      {good_but("t_s       1e-6", "t_s"), "15: 't_s' has no value (write: key value)"},
      {good_but("cut-through", "token-ring"),
       "14: unknown network 'token-ring' (known: cut-through, shared-medium)"},
      {good_but("hypercube", "torus"),
       "13: unknown topology 'torus' (known: complete, ring, mesh, hypercube)"},
      {good_but("quantum 3", "quantum 0.5"),
       "4: quantum must be a whole number of node expansions, at least 1 (got 0.5)"},
      {good_but("cores   8", "cores   0"),
       "18: machine test-cluster: cores must be a whole number from 1 to 65536 (got 0)"},
  };
  int n = 0;
  for (const Case& c : cases) {
    const std::string path = write_file("bad" + std::to_string(n++) + ".machine", c.text);
    EXPECT_EQ(error_of(path), path + ":" + c.error);
  }
  EXPECT_EQ(error_of("/nonexistent/x.machine"),
            "/nonexistent/x.machine:0: cannot open the "
            "machine file");
}

// The example file describes the cluster preset, number for number.
TEST(MachineFile, TheExampleIsTheClusterPreset) {
  const MachineModel file =
      read_machine_file(std::string(STACKSPLIT_SOURCE_DIR) + "/examples/cluster-64x64.machine");
  const MachineModel preset = make_machine_model("cluster");
  EXPECT_EQ(file.parameters(), preset.parameters());
  EXPECT_EQ(file.topology, preset.topology);
  EXPECT_EQ(file.network, preset.network);
  EXPECT_EQ(file.quantum, preset.quantum);
}

TEST(MachineFile, AnUnknownNameThatIsNoFileListsThePresets) {
  try {
    make_machine("cray-t3e");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "unknown machine 'cray-t3e' (known: ncube2, hypercube, mesh, now, zaki-now, "
                 "cluster, or the path of a machine file)");
  }
}

}  // namespace
}  // namespace stacksplit::core
