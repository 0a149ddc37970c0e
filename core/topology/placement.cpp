#include "core/topology/placement.hpp"

#include <stdexcept>
#include <string>

namespace stacksplit::core {

Placement::Placement(int workers, int per_node, TopologyKind node_network)
    : workers_(workers), per_node_(per_node) {
  if (workers < 1 || per_node < 1 || workers % per_node != 0)
    throw std::invalid_argument(std::to_string(workers) + " workers cannot be placed " +
                                std::to_string(per_node) +
                                " a node: the workers must be a multiple of the workers a node");
  nodes_ = workers / per_node;
  try {
    node_topology_ = make_topology(node_network, nodes_);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("the " + std::to_string(nodes_) + " nodes of " +
                                std::to_string(per_node) + " workers cannot form a " +
                                std::string(to_string(node_network)) + ": " + e.what());
  }
  // Made once, here: every worker reads it.
  if (per_node > 1) node_level_ = std::make_shared<const Placement>(nodes_, 1, node_network);
}

}  // namespace stacksplit::core
