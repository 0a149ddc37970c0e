#include "core/sim/sim_network.hpp"

#include <algorithm>

namespace stacksplit::core {

SimNetwork::SimNetwork(const MachineModel& machine, const Topology* node_topology)
    : machine_(machine), node_topology_(node_topology), cores_(machine.cores_per_node()) {}

double SimNetwork::arrival(double time, int from, int to, std::uint64_t bytes) const {
  const int a = from / cores_;
  const int b = to / cores_;
  if (a == b && from != to) return time + machine_.node_message_time(bytes);
  const int hops = node_topology_ ? node_topology_->distance(a, b) : (a == b ? 0 : 1);
  return time + machine_.message_time(hops, bytes);
}

double SimNetwork::transmit(double ready, std::uint64_t bytes) {
  const double start = std::max(ready, medium_free_at_);
  medium_free_at_ = start + static_cast<double>(bytes) * machine_.t_w;
  return medium_free_at_ + machine_.t_h;
}

}  // namespace stacksplit::core
