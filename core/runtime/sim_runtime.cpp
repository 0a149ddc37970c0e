#include "core/runtime/sim_runtime.hpp"

#include <algorithm>

namespace stacksplit::core {

namespace {

// std::push_heap keeps the largest on top; "larger" here is "sooner".
bool later(const SimEvent& a, const SimEvent& b) {
  return a.time > b.time || (a.time == b.time && a.sequence > b.sequence);
}

}  // namespace

void SimEventQueue::push(double time, SimEventKind kind, std::uint32_t processor,
                         std::uint32_t slot) {
  heap_.push_back(SimEvent{time, next_sequence_++, processor, slot, kind});
  std::push_heap(heap_.begin(), heap_.end(), later);
}

SimEvent SimEventQueue::pop() {
  std::pop_heap(heap_.begin(), heap_.end(), later);
  const SimEvent event = heap_.back();
  heap_.pop_back();
  return event;
}

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
