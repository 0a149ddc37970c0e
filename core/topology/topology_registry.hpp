#pragma once
// The topologies by name, and the enum a run configuration holds.

#include <cstdint>
#include <memory>
#include <string_view>

#include "core/registry.hpp"
#include "core/topology/topology.hpp"

namespace stacksplit::core {

enum class TopologyKind : std::uint8_t { kComplete, kRing, kMesh, kHypercube };

struct TopologyMaker {
  TopologyKind kind;
  std::unique_ptr<Topology> (*make)(int size);
};

const Registry<TopologyMaker>& topology_registry();

std::string_view to_string(TopologyKind kind);
// Throws std::invalid_argument naming the unknown topology and the known ones.
TopologyKind parse_topology(std::string_view name);

// Throws std::invalid_argument when the topology cannot have `size`
// processors (a hypercube needs a power of two).
std::unique_ptr<Topology> make_topology(TopologyKind kind, int size);

}  // namespace stacksplit::core
