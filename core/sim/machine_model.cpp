#include "core/sim/machine_model.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <stdexcept>

namespace stacksplit::core {

namespace {

constexpr MachineParameterInfo kParameters[] = {
#define STACKSPLIT_MACHINE_PARAMETER_INFO(name, unit, meaning) {#name, unit, meaning},
    STACKSPLIT_MACHINE_PARAMETERS(STACKSPLIT_MACHINE_PARAMETER_INFO)
#undef STACKSPLIT_MACHINE_PARAMETER_INFO
};
static_assert(std::size(kParameters) == kMachineParameterCount);

// Processors a node at most: a node is a shared-memory machine.
constexpr int kMaxCores = 1 << 16;

// The nCUBE 2 (NCUBE 6400 node processor) as Kumar, Grama & Vempaty ran
// their Davis-Putnam tautology verifier on 1024 of its nodes: V. Kumar,
// A. Y. Grama, N. R. Vempaty, "Scalable load balancing techniques for parallel
// computers", J. Parallel and Distributed Computing 22(1):60-79, 1994, §7.
// The paper gives speedups, not machine parameters, so every number below
// comes from elsewhere; what matters to the schemes is the ratio of each
// communication cost to a node expansion (t_s/t_node = 0.1, t_recv/t_node =
// 0.05, t_h/t_node = 0.002, t_w/t_node = 3.6e-4 per byte). Measured or
// vendor figures are marked as such; the rest are estimates, with the reason.
//   [Dunigan91]  T. H. Dunigan, "Performance of the Intel iPSC/860 and Ncube
//                6400 hypercubes", Parallel Computing 17(10-11):1285-1302, 1991.
//   [DD97]       J. J. Dongarra, T. H. Dunigan, "Message-passing performance of
//                various computers", Concurrency: Practice and Experience
//                9(10):915-926, 1997 (also Univ. of Tennessee CS-95-299).
//   [TOP500-94]  J. J. Dongarra, H. W. Meuer, E. Strohmaier (eds.), TOP500
//                Supercomputer Sites, report 1994, machine descriptions,
//                netlib.org/benchmark/top500/reports/report94/Architec/.
constexpr MachinePreset::Value kNcube2[] = {
    {1e-3,
     "estimate (no published figure for this application): a Davis-Putnam node, unit "
     "propagation over the formula, is several thousand instructions on the 20 MHz, 7.5 MIPS "
     "node processor (vendor figures, [TOP500-94]), so about 1 ms; set it per application "
     "with --node-time"},
    {0, "unused: every node costs t_node unless t_unit is set"},
    {100e-6,
     "measured total, estimated split: the one-way latency of a short message between "
     "neighbouring nodes is about 150 us ([Dunigan91], [DD97]); how it divides between the "
     "sender's startup (here 100 us) and the receiver's handling (t_recv, 50 us) is our "
     "estimate"},
    {2e-6,
     "estimate: wormhole routing makes the time almost independent of the distance "
     "([TOP500-94]); no per-hop figure is published there, so a few us per hop, small beside "
     "t_s as measured latencies show"},
    {1.0 / 2.75e6,
     "vendor peak: 2.75 MB/s per channel ([TOP500-94]); measured long-message rates "
     "([Dunigan91]) are somewhat lower"},
    {50e-6, "estimate: the receiving share of the measured 150 us short-message latency (see t_s)"},
    {16,
     "estimate: tag, source, length and one word of a scheme (the run's own message layout, "
     "not an nCUBE figure)"},
    {1, "one processor a node: a flat machine"},
    {0, "unused: one processor a node"},
    {0, "unused: one processor a node"},
    {0, "unused: one processor a node"},
};

// Workstations on one 10 Mbit/s Ethernet segment, the network of workstations
// of Kumar, Grama & Vempaty §6.
constexpr MachinePreset::Value kNow[] = {
    {1e-4,
     "estimate: a 1990s workstation expands a node about 10 times faster than an nCUBE 2 "
     "node processor"},
    {0, "unused: every node costs t_node unless t_unit is set"},
    {1e-3,
     "about 1 ms for a short message through TCP/IP or PVM between Ethernet-connected "
     "workstations (Dongarra & Dunigan, Concurrency 9, 1997)"},
    {0, "one segment: no hops"},
    {8e-7, "10 Mbit/s Ethernet (IEEE 802.3): 0.8 us per byte on the wire"},
    {2e-4, "estimate: the receiving kernel's protocol stack and the handler"},
    {64, "the minimum Ethernet frame (IEEE 802.3)"},
    {1, "one processor a node: a flat machine"},
    {0, "unused: one processor a node"},
    {0, "unused: one processor a node"},
    {0, "unused: one processor a node"},
};

// The network of workstations Zaki, Parthasarathy & Li ran their loop
// strategies on: SUN Sparc LX workstations on one Ethernet, PVM measured at
// L = 2414.5 µs and B = 0.96 MB/s ("Customized Dynamic Load Balancing",
// §1.5 and §1.5.1). For loops: an iteration costs cost·t_unit, t_unit set per
// application (experiments/zaki97 calibrates it to the chapter's times).
constexpr MachinePreset::Value kZakiNow[] = {
    {0, "a loop iteration costs only its cost·t_unit"},
    {1e-6,
     "estimate: about a microsecond an operation on a Sparc LX; set per application "
     "(experiments/zaki97 calibrates it to the chapter's Tables 1.1-1.3)"},
    {2414.5e-6 / 2, "half the measured PVM latency L = 2414.5 us (the sender's half)"},
    {0, "one segment: no hops"},
    {1 / 0.96e6, "the measured PVM bandwidth, 0.96 MB/s"},
    {2414.5e-6 / 2, "the receiver's half of the measured latency"},
    {64, "the minimum Ethernet frame (IEEE 802.3)"},
    {1, "one processor a node: a flat machine"},
    {0, "unused: one processor a node"},
    {0, "unused: one processor a node"},
    {0, "unused: one processor a node"},
};

// A cluster of today: nodes of 64 cores (two sockets of 32) on a fat-tree
// InfiniBand network, the machine of the two-level experiments
// (experiments/cluster). Inside a node, a message is a few cache lines moved
// between cores; between nodes, an MPI message over the network. What
// matters to the schemes is that a message between nodes costs about ten
// times one inside a node, and about a node expansion.
//   [OSU]   the OSU micro-benchmarks' published one-way latencies of MPI over
//           EDR/HDR InfiniBand, 1-2 us for short messages.
//   [IBTA]  InfiniBand Trade Association, link rates: EDR 100 Gb/s.
constexpr MachinePreset::Value kCluster[] = {
    {1e-6,
     "estimate: a UTS node (a SHA-1 of a few dozen bytes) or a short DPLL step takes about a "
     "microsecond on one core of today; set it per application with --node-time"},
    {0, "unused: every node costs t_node unless t_unit is set"},
    {1e-6,
     "measured total, estimated split: MPI's one-way latency of a short message is 1-2 us "
     "([OSU]); the sender's share taken as 1 us, the receiver's as t_recv"},
    {1e-7, "estimate: a switch of the fat tree adds about 100 ns"},
    {8e-11, "vendor: EDR InfiniBand, 100 Gb/s = 12.5 GB/s ([IBTA])"},
    {5e-7, "estimate: the receiver's share of the short-message latency (see t_s)"},
    {16,
     "estimate: tag, source, length and one word of a scheme (the run's own message layout, "
     "as ncube2's)"},
    {64, "a node of two 32-core sockets, the nodes of a cluster of 64 x 64"},
    {1e-7,
     "estimate: a message through shared memory moves a few cache lines between cores, about "
     "100 ns each way"},
    {1e-10, "estimate: about 10 GB/s copied by one core"},
    {1e-7, "estimate: taking a message from an in-memory queue costs a cache miss or two"},
};

template <std::size_t N>
constexpr MachinePreset preset(std::string_view name, std::string_view summary,
                               TopologyKind topology, Network network, std::uint32_t quantum,
                               const MachinePreset::Value (&values)[N]) {
  static_assert(N == kMachineParameterCount);
  MachinePreset preset{name, summary, topology, network, quantum, {}};
  for (std::size_t i = 0; i < N; ++i) preset.values[i] = values[i];
  return preset;
}

// The quantum a machine is run with unless --quantum says otherwise: a node
// program looks at its mailbox about as often as taking in a message costs
// (t_s + t_recv over t_node, at least 1), so a request waits about one message
// time for its answer. ncube2: 0.15 → 1; now: 12.
const MachinePreset kPresets[] = {
    preset("ncube2", "the Ncube/2 hypercube multicomputer with cut-through (wormhole) routing",
           TopologyKind::kHypercube, Network::kCutThrough, 1, kNcube2),
    preset("hypercube", "a hypercube with cut-through routing; ncube2's numbers by default",
           TopologyKind::kHypercube, Network::kCutThrough, 1, kNcube2),
    preset("mesh", "a 2-D mesh with cut-through routing; ncube2's numbers by default",
           TopologyKind::kMesh, Network::kCutThrough, 1, kNcube2),
    preset("now", "a network of workstations on one shared Ethernet: transmissions serialize",
           TopologyKind::kComplete, Network::kSharedMedium, 12, kNow),
    preset("zaki-now",
           "Zaki et al.'s Sparc LX workstations on one Ethernet under PVM (L = 2414.5 us, "
           "B = 0.96 MB/s)",
           TopologyKind::kComplete, Network::kSharedMedium, 1, kZakiNow),
    // The topology is over the nodes: a fat tree puts every node about as far
    // from every other. Quantum: (t_s + t_recv) / t_node = 1.5, rounded up.
    preset("cluster",
           "a cluster of 64-core nodes on InfiniBand: messages inside a node cost a tenth of "
           "those between nodes",
           TopologyKind::kComplete, Network::kCutThrough, 2, kCluster),
};

std::string format_number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

std::vector<std::string> parameter_names() {
  std::vector<std::string> names;
  for (const MachineParameterInfo& info : kParameters) names.emplace_back(info.name);
  return names;
}

double* parameter_field(MachineModel& model, std::string_view name) {
#define STACKSPLIT_MACHINE_PARAMETER_FIELD(field, unit, meaning) \
  if (name == #field) return &model.field;
  STACKSPLIT_MACHINE_PARAMETERS(STACKSPLIT_MACHINE_PARAMETER_FIELD)
#undef STACKSPLIT_MACHINE_PARAMETER_FIELD
  return nullptr;
}

// "key=value" → (key, value); throws naming the offending text.
std::pair<std::string, double> parse_override(const std::string& text) {
  const std::size_t equals = text.find('=');
  if (equals == std::string::npos || equals == 0 || equals + 1 == text.size())
    throw std::invalid_argument("--machine-param expects key=value, e.g. t_s=1e-4 (got '" + text +
                                "')");
  const std::string key = text.substr(0, equals);
  const std::string value_text = text.substr(equals + 1);
  char* end = nullptr;
  const double value = std::strtod(value_text.c_str(), &end);
  if (end != value_text.c_str() + value_text.size())
    throw std::invalid_argument("--machine-param " + key + ": '" + value_text +
                                "' is not a number");
  return {key, value};
}

}  // namespace

std::string_view to_string(Network network) {
  return network == Network::kCutThrough ? "cut-through" : "shared-medium";
}

std::span<const MachineParameterInfo> machine_parameters() { return kParameters; }

std::span<const MachinePreset> machine_presets() { return kPresets; }

const Registry<const MachinePreset*>& machine_registry() {
  static const Registry<const MachinePreset*> registry = [] {
    Registry<const MachinePreset*> r("machine");
    for (const MachinePreset& preset : kPresets)
      r.add({std::string(preset.name), std::string(to_string(preset.network)),
             std::string(preset.summary), &preset});
    return r;
  }();
  return registry;
}

void MachineModel::set(std::string_view parameter, double value) {
  double* field = parameter_field(*this, parameter);
  if (!field) throw unknown_name("machine parameter", parameter, parameter_names());
  if (!std::isfinite(value) || value < 0)
    throw std::invalid_argument("machine parameter " + std::string(parameter) +
                                " must be a finite number >= 0 (got " + format_number(value) + ")");
  *field = value;
}

std::vector<std::pair<std::string, double>> MachineModel::parameters() const {
  return {
#define STACKSPLIT_MACHINE_PARAMETER_PAIR(field, unit, meaning) {#field, field},
      STACKSPLIT_MACHINE_PARAMETERS(STACKSPLIT_MACHINE_PARAMETER_PAIR)
#undef STACKSPLIT_MACHINE_PARAMETER_PAIR
  };
}

void MachineModel::validate() const {
  if (t_node <= 0 && t_unit <= 0)
    throw std::invalid_argument("machine " + name +
                                ": t_node and t_unit are both 0, so no expansion would take "
                                "time and speedup is undefined");
  // Otherwise a request and its reject could cost no virtual time, and idle
  // processors would trade them forever at one instant: the simulation hangs.
  if (t_s <= 0 && t_recv <= 0)
    throw std::invalid_argument("machine " + name +
                                ": t_s and t_recv are both 0, so a message would take no time "
                                "and idle processors could ask each other forever at one instant");
  if (cores < 1 || cores != std::floor(cores) || cores > kMaxCores)
    throw std::invalid_argument("machine " + name + ": cores must be a whole number from 1 to " +
                                std::to_string(kMaxCores) + " (got " + format_number(cores) + ")");
  if (cores > 1 && node_t_s <= 0 && node_t_recv <= 0)
    throw std::invalid_argument("machine " + name + ": " + format_number(cores) +
                                " cores a node, but node_t_s and node_t_recv are both 0, so a "
                                "message inside a node would take no time (set them with "
                                "--machine-param node_t_s=...)");
}

MachineModel make_machine_model(std::string_view name, std::span<const std::string> overrides) {
  const MachinePreset* found = machine_registry().at(name).payload;
  MachineModel model;
  model.name = found->name;
  model.topology = found->topology;
  model.network = found->network;
  model.quantum = found->quantum;
  for (std::size_t i = 0; i < kMachineParameterCount; ++i)
    model.set(kParameters[i].name, found->values[i].value);
  apply_overrides(model, overrides);
  model.validate();
  return model;
}

void apply_overrides(MachineModel& model, std::span<const std::string> overrides) {
  for (const std::string& text : overrides) {
    const auto [key, value] = parse_override(text);
    model.set(key, value);
  }
}

std::string machine_table_text() {
  std::string text;
  char line[64];
  for (const MachinePreset& preset : kPresets) {
    text += std::string(preset.name) + ": " + std::string(preset.summary) + " (network " +
            std::string(to_string(preset.topology)) + ", " +
            std::string(to_string(preset.network)) + ", quantum " + std::to_string(preset.quantum) +
            ")\n";
    for (std::size_t i = 0; i < kMachineParameterCount; ++i) {
      std::snprintf(line, sizeof line, "  %-13s %-10.4g %-7s",
                    std::string(kParameters[i].name).c_str(), preset.values[i].value,
                    std::string(kParameters[i].unit).c_str());
      text += line + std::string(kParameters[i].meaning) + "\n";
      text += "      source: " + std::string(preset.values[i].source) + "\n";
    }
  }
  return text;
}

}  // namespace stacksplit::core
