#include "core/sim/event_queue.hpp"

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

}  // namespace stacksplit::core
