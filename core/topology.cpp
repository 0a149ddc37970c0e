#include "core/topology.hpp"

#include <stdexcept>

#include "core/hypercube_topology.hpp"
#include "core/mesh_topology.hpp"
#include "core/ring_topology.hpp"

namespace stacksplit::core {

Topology::Topology(int size)
    : size_(size), neighbors_(size), tree_parent_(size, -1), tree_children_(size) {
  if (size <= 0) throw std::invalid_argument("a topology needs at least one processor");
}

void Topology::derive_tree_children() {
  for (auto& children : tree_children_) children.clear();
  for (int rank = 1; rank < size_; ++rank) tree_children_[tree_parent_[rank]].push_back(rank);
}

CompleteTopology::CompleteTopology(int size) : Topology(size) {
  for (int rank = 0; rank < size; ++rank) {
    for (int other = 0; other < size; ++other)
      if (other != rank) neighbors_[rank].push_back(other);
    tree_parent_[rank] = rank == 0 ? -1 : (rank - 1) / 2;
  }
  derive_tree_children();
}

std::unique_ptr<Topology> make_topology(std::string_view name, int size) {
  if (name == "complete") return std::make_unique<CompleteTopology>(size);
  if (name == "ring") return std::make_unique<RingTopology>(size);
  if (name == "mesh") return std::make_unique<MeshTopology>(size);
  if (name == "hypercube") return std::make_unique<HypercubeTopology>(size);
  std::string known;
  for (const std::string& each : topology_names()) known += (known.empty() ? "" : ", ") + each;
  throw std::invalid_argument("unknown topology '" + std::string(name) + "' (known: " + known +
                              ")");
}

std::vector<std::string> topology_names() { return {"complete", "ring", "mesh", "hypercube"}; }

}  // namespace stacksplit::core
