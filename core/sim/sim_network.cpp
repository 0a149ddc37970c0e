#include "core/sim/sim_network.hpp"

#include <algorithm>

namespace stacksplit::core {

SimNetwork::SimNetwork(const MachineModel& machine, const Topology* topology)
    : machine_(machine), topology_(topology) {}

double SimNetwork::arrival(double time, int from, int to, std::uint64_t bytes) const {
  const int hops = topology_ ? topology_->distance(from, to) : (from == to ? 0 : 1);
  return time + machine_.message_time(hops, bytes);
}

double SimNetwork::transmit(double ready, std::uint64_t bytes) {
  const double start = std::max(ready, medium_free_at_);
  medium_free_at_ = start + static_cast<double>(bytes) * machine_.t_w;
  return medium_free_at_ + machine_.t_h;
}

}  // namespace stacksplit::core
