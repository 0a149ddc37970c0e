#include "core/topology/topology_registry.hpp"

#include "core/topology/hypercube_topology.hpp"
#include "core/topology/mesh_topology.hpp"
#include "core/topology/ring_topology.hpp"

namespace stacksplit::core {

namespace {

template <class T>
std::unique_ptr<Topology> make(int size) {
  return std::make_unique<T>(size);
}

}  // namespace

const Registry<TopologyMaker>& topology_registry() {
  static const Registry<TopologyMaker> registry = [] {
    Registry<TopologyMaker> r("topology");
    r.add({"complete",
           "",
           "every processor one hop from every other (a network of workstations)",
           {TopologyKind::kComplete, &make<CompleteTopology>}});
    r.add({"ring",
           "",
           "processor r linked to r-1 and r+1 mod P",
           {TopologyKind::kRing, &make<RingTopology>}});
    r.add({"mesh",
           "",
           "a 2-D mesh without wraparound, as near square as P allows",
           {TopologyKind::kMesh, &make<MeshTopology>}});
    r.add({"hypercube",
           "",
           "2^d processors, neighbours differ in one bit (P a power of two)",
           {TopologyKind::kHypercube, &make<HypercubeTopology>}});
    return r;
  }();
  return registry;
}

std::string_view to_string(TopologyKind kind) {
  for (const auto& entry : topology_registry().entries())
    if (entry.payload.kind == kind) return entry.name;
  return "unknown";
}

TopologyKind parse_topology(std::string_view name) {
  return topology_registry().at(name).payload.kind;
}

std::unique_ptr<Topology> make_topology(TopologyKind kind, int size) {
  for (const auto& entry : topology_registry().entries())
    if (entry.payload.kind == kind) return entry.payload.make(size);
  throw std::logic_error("topology kind without a registry entry");
}

}  // namespace stacksplit::core
