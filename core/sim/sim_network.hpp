#pragma once
// When a simulated message arrives: t_s + d·t_h + m·t_w on a cut-through
// network; on a shared medium it waits for the one medium from t + t_s and
// holds it for m·t_w (core/sim/machine_model.hpp).

#include <cstdint>

#include "core/sim/machine_model.hpp"
#include "core/topology/topology.hpp"

namespace stacksplit::core {

class SimNetwork {
 public:
  // `topology` gives hop distances on a cut-through network; a shared medium
  // needs none.
  SimNetwork(const MachineModel& machine, const Topology* topology);

  bool shared_medium() const { return machine_.network == Network::kSharedMedium; }
  // Cut-through: when a message of `bytes` sent at `time` arrives.
  double arrival(double time, int from, int to, std::uint64_t bytes) const;
  // Shared medium: a message ready for the wire at `ready` (send + t_s) waits
  // for the medium, holds it for m·t_w and arrives t_h after that. Calls come
  // in order of `ready` (the event queue sees to it). Returns the arrival.
  double transmit(double ready, std::uint64_t bytes);

 private:
  const MachineModel& machine_;
  const Topology* topology_;
  double medium_free_at_ = 0;
};

}  // namespace stacksplit::core
