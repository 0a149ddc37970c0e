#pragma once
// The simulated machine of the sim runtime: how long a node expansion takes,
// when a message sent now arrives, and what taking a message in costs the
// receiving processor. Machines are presets chosen by name (ncube2, hypercube,
// mesh, now); every parameter of a preset can be overridden. The presets, their
// values and where each value comes from are one table, in machine_model.cpp.
//
// Cost model (Kumar, Grama & Vempaty, JPDC 1994, §2):
//   expansion   nodes·t_node + cost·t_unit  (cost: what the application reports)
//   message     t_s + d·t_h + m·t_w         (d hops, m bytes; cut-through routing)
//   receipt     t_recv on the receiver's processor, one message after the other
// On a shared medium (`now`) the m·t_w part of every message occupies the one
// medium, so transmissions serialize.
//
// Two levels: a machine may be nodes of `cores` processors each (a cluster of
// multi-core nodes). A message between two processors of one node costs
// node_t_s + m·node_t_w, and node_t_recv to take in, and never touches the
// network; a message between nodes costs the above, d counted between the
// nodes on the machine's topology over the nodes. cores = 1 is the flat
// machine (the first presets); `cluster` is 64 cores a node. A machine of two
// levels can also be read from a file (core/sim/machine_file.hpp).

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/registry.hpp"
#include "core/topology/topology_registry.hpp"

namespace stacksplit::core {

// How messages share the network.
enum class Network : std::uint8_t {
  kCutThrough,    // every message has its own path (hypercube, mesh)
  kSharedMedium,  // one medium for all (a bus, an Ethernet segment)
};

std::string_view to_string(Network network);

// X(name, unit, meaning): the parameters of every machine, in table order.
#define STACKSPLIT_MACHINE_PARAMETERS(X)                                                       \
  X(t_node, "s", "time of one node expansion (a replayed node costs the same)")                \
  X(t_unit, "s", "time per unit of node cost the application reports (DPLL: propagations)")    \
  X(t_s, "s", "message startup: the latency of an empty message over zero hops")               \
  X(t_h, "s", "per hop a message travels (cut-through routing)")                               \
  X(t_w, "s/byte", "per byte transferred")                                                     \
  X(t_recv, "s", "receiver's processor time to take in and handle one message")                \
  X(header_bytes, "bytes", "size of a message without payload; a work message adds its stack") \
  X(cores, "", "processors a node (1: every processor its own node, a flat machine)")          \
  X(node_t_s, "s", "message startup between two processors of one node")                       \
  X(node_t_w, "s/byte", "per byte between two processors of one node")                         \
  X(node_t_recv, "s", "receiver's time to take in a message from its own node")

// One machine, ready for the simulator: a preset with its overrides applied.
struct MachineModel {
  std::string name;                                 // the preset
  TopologyKind topology = TopologyKind::kComplete;  // the physical network; d comes from it
  Network network = Network::kCutThrough;
  std::uint32_t quantum = 1;  // node expansions between mailbox checks, unless --quantum is given
#define STACKSPLIT_DECLARE_MACHINE_PARAMETER(name, unit, meaning) double name = 0;
  STACKSPLIT_MACHINE_PARAMETERS(STACKSPLIT_DECLARE_MACHINE_PARAMETER)
#undef STACKSPLIT_DECLARE_MACHINE_PARAMETER

  // Time from send to arrival of m bytes over d hops on an idle network.
  double message_time(int hops, std::uint64_t bytes) const {
    return t_s + hops * t_h + static_cast<double>(bytes) * t_w;
  }
  // Time from send to arrival of m bytes between two processors of one node.
  double node_message_time(std::uint64_t bytes) const {
    return node_t_s + static_cast<double>(bytes) * node_t_w;
  }
  // Processors a node, as a count (validate() checks it is a whole number >= 1).
  int cores_per_node() const { return static_cast<int>(cores); }
  // Time of expanding `nodes` nodes whose reported costs add up to `cost`.
  double expansion_time(std::uint64_t nodes, std::uint64_t cost) const {
    return static_cast<double>(nodes) * t_node + static_cast<double>(cost) * t_unit;
  }

  // Sets one parameter by name; throws std::invalid_argument naming the
  // parameter if it is unknown or the value is not a finite number >= 0.
  void set(std::string_view parameter, double value);
  // Every parameter with its value, in table order (for the run record).
  std::vector<std::pair<std::string, double>> parameters() const;
  // Throws std::invalid_argument if the combination cannot be simulated.
  void validate() const;
};

struct MachineParameterInfo {
  std::string_view name;
  std::string_view unit;
  std::string_view meaning;
};

#define STACKSPLIT_COUNT_MACHINE_PARAMETER(name, unit, meaning) +1
inline constexpr std::size_t kMachineParameterCount =
    0 STACKSPLIT_MACHINE_PARAMETERS(STACKSPLIT_COUNT_MACHINE_PARAMETER);
#undef STACKSPLIT_COUNT_MACHINE_PARAMETER

// The parameters, in table order.
std::span<const MachineParameterInfo> machine_parameters();

struct MachinePreset {
  struct Value {
    double value;
    std::string_view source;  // where the number comes from
  };
  std::string_view name;
  std::string_view summary;
  TopologyKind topology;
  Network network;
  std::uint32_t quantum;
  Value values[kMachineParameterCount];  // in the order of machine_parameters()
};

std::span<const MachinePreset> machine_presets();
// The presets by name; the family is the network kind.
const Registry<const MachinePreset*>& machine_registry();

inline constexpr std::string_view kDefaultMachine = "ncube2";

// Applies `overrides` ("key=value" each, --machine-param) to `model`; throws
// std::invalid_argument as make_machine_model does. Does not validate.
void apply_overrides(MachineModel& model, std::span<const std::string> overrides);

// The preset `name` with `overrides` ("key=value" each) applied. Throws
// std::invalid_argument with a message fit to print on an unknown machine,
// a malformed override, an unknown parameter or a bad value.
MachineModel make_machine_model(std::string_view name, std::span<const std::string> overrides = {});

// The presets and their parameters as a text table (help, documentation).
std::string machine_table_text();

}  // namespace stacksplit::core
