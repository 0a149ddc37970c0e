#pragma once
// The simulator's future: events ordered by (virtual time, order of
// scheduling), so equal times resolve the same way in every run.

#include <cstdint>
#include <vector>

namespace stacksplit::core {

enum class SimEventKind : std::uint8_t {
  kWake,      // a processor may start its next action
  kTransmit,  // shared medium: a message is ready for the wire
  kDeliver,   // a message reaches its receiver's inbox
};

struct SimEvent {
  double time;
  std::uint64_t sequence;  // ties at equal times go in scheduling order
  std::uint32_t processor;
  std::uint32_t slot;  // the message, for kTransmit and kDeliver
  SimEventKind kind;
};

// A binary min-heap on (time, sequence).
class SimEventQueue {
 public:
  void push(double time, SimEventKind kind, std::uint32_t processor, std::uint32_t slot = 0);
  SimEvent pop();
  const SimEvent& top() const { return heap_.front(); }
  bool empty() const { return heap_.empty(); }

 private:
  std::vector<SimEvent> heap_;
  std::uint64_t next_sequence_ = 0;
};

}  // namespace stacksplit::core
