#pragma once
// When a simulated message arrives: t_s + d·t_h + m·t_w on a cut-through
// network; on a shared medium it waits for the one medium from t + t_s and
// holds it for m·t_w (core/sim/machine_model.hpp). On a machine of nodes of
// several cores, a message between two cores of one node costs
// node_t_s + m·node_t_w and node_t_recv to take in, and never touches the
// network; d counts the hops between the nodes.

#include <cstdint>

#include "core/sim/machine_model.hpp"
#include "core/topology/topology.hpp"

namespace stacksplit::core {

class SimNetwork {
 public:
  // `node_topology` gives hop distances between nodes on a cut-through
  // network; a shared medium needs none.
  SimNetwork(const MachineModel& machine, const Topology* node_topology);

  bool shared_medium() const { return machine_.network == Network::kSharedMedium; }
  // Whether a message from `from` to `to` crosses between nodes.
  bool between_nodes(int from, int to) const { return from / cores_ != to / cores_; }
  // When a message of `bytes` sent at `time` arrives, unless it waits for a
  // shared medium (only a message between nodes does).
  double arrival(double time, int from, int to, std::uint64_t bytes) const;
  // Shared medium: a message ready for the wire at `ready` (send + t_s) waits
  // for the medium, holds it for m·t_w and arrives t_h after that. Calls come
  // in order of `ready` (the event queue sees to it). Returns the arrival.
  double transmit(double ready, std::uint64_t bytes);
  // What taking in a message from `from` costs processor `to`.
  double receipt(int from, int to) const {
    return cores_ == 1 || between_nodes(from, to) ? machine_.t_recv : machine_.node_t_recv;
  }

 private:
  const MachineModel& machine_;
  const Topology* node_topology_;
  int cores_;
  double medium_free_at_ = 0;
};

}  // namespace stacksplit::core
