#pragma once
// The simulator's future: events ordered by (virtual time, order of
// scheduling), so equal times resolve the same way in every run.

#include <cstdint>
#include <span>
#include <vector>

namespace stacksplit::core {

enum class SimEventKind : std::uint8_t {
  kWake,      // a processor may start its next action
  kTransmit,  // shared medium: a message is ready for the wire
  kDeliver,   // a message reaches its receiver's inbox
};

// 24 bytes: the kind rides in the low bits of the scheduling order, which
// stays unique, so ties still go in scheduling order.
struct SimEvent {
  double time;
  std::uint64_t order;  // sequence of scheduling << 2 | kind
  std::uint32_t processor;
  std::uint32_t slot;  // the message, for kTransmit and kDeliver

  SimEventKind kind() const { return static_cast<SimEventKind>(order & 3); }
  bool before(const SimEvent& other) const {
    return time < other.time || (time == other.time && order < other.order);
  }
};

// A 4-ary min-heap on (time, sequence): half the levels of a binary heap, and
// a node's four children share a cache line or two, which is what a pop pays
// for once the heap outgrows the cache (a pending event per processor).
class SimEventQueue {
 public:
  void push(double time, SimEventKind kind, std::uint32_t processor, std::uint32_t slot = 0);
  SimEvent pop();
  const SimEvent& top() const { return heap_.front(); }
  // The top's children: the one of them that comes first is the event after
  // the top, unless an event scheduled meanwhile comes sooner. At most four.
  std::span<const SimEvent> after_top() const {
    const std::size_t size = heap_.size();
    if (size < 2) return {};
    return {heap_.data() + 1, size < 5 ? size - 1 : 4};
  }
  bool empty() const { return heap_.empty(); }
  std::size_t size() const { return heap_.size(); }

 private:
  std::vector<SimEvent> heap_;
  std::uint64_t next_sequence_ = 0;
};

}  // namespace stacksplit::core
