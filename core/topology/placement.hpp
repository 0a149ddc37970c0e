#pragma once
// Where each worker runs on a machine of nodes × cores: workers are numbered
// node by node, so worker w sits on node w / per_node, core w % per_node.
// Messages between the cores of one node are cheap (the simulated machine's
// inside-node costs); messages between nodes cost the network's. One core a
// node is the flat machine, every worker its own node; one node of P cores
// is one shared memory (the threads runtime). The two-level policy reads it
// (schemes/two_level.hpp), the worker counts its messages inside and between
// nodes by it, and termination detection keeps its tree inside the nodes.

#include <memory>

#include "core/topology/topology.hpp"
#include "core/topology/topology_registry.hpp"

namespace stacksplit::core {

class Placement {
 public:
  // `workers` workers, `per_node` a node; the nodes linked as `node_network`
  // (the schemes' view of the nodes: NN's neighbours, GRR-M's tree). Throws
  // std::invalid_argument naming the numbers when per_node does not divide
  // workers, or when the nodes cannot form that network.
  Placement(int workers, int per_node, TopologyKind node_network = TopologyKind::kComplete);

  int workers() const { return workers_; }
  int nodes() const { return nodes_; }
  int per_node() const { return per_node_; }

  int node_of(int worker) const { return worker / per_node_; }
  int core_of(int worker) const { return worker % per_node_; }
  int worker_at(int node, int core) const { return node * per_node_ + core; }
  bool same_node(int a, int b) const { return node_of(a) == node_of(b); }

  // The nodes' interconnection, over nodes() processors.
  const Topology& node_topology() const { return *node_topology_; }
  // The machine of the nodes alone: nodes() workers, one a node (itself
  // when every worker is its own node).
  const Placement& node_level() const { return node_level_ ? *node_level_ : *this; }

 private:
  int workers_;
  int per_node_;
  int nodes_ = 0;
  std::shared_ptr<const Topology> node_topology_;
  std::shared_ptr<const Placement> node_level_;  // null when per_node is 1
};

}  // namespace stacksplit::core
