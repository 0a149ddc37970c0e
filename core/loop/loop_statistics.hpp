#pragma once
// Per-worker statistics of a parallel loop, declared once: the summary, the
// run record and the reduction come from this table.

#include <cstdint>

namespace stacksplit::core {

// X(name, meaning)
#define STACKSPLIT_LOOP_COUNTERS(X)                                                           \
  X(iterations, "iterations executed")                                                        \
  X(chunks, "pool chunks taken")                                                              \
  X(synchronizations, "synchronizations taken part in (interrupt, profiles, decision)")       \
  X(redistributions, "synchronizations that moved work")                                      \
  X(iterations_sent, "iterations sent with their data (moves, pool chunks, a nest's shares)") \
  X(iterations_received, "iterations received from other processors")                         \
  X(data_bytes_sent, "bytes of iteration data sent")                                          \
  X(instruction_messages, "instructions a central balancer sent")                             \
  X(messages_sent, "messages sent, all kinds")                                                \
  X(bytes_sent, "bytes of the messages sent (header and payload)")

struct LoopStatistics {
#define STACKSPLIT_DECLARE_COUNTER(name, meaning) std::uint64_t name = 0;
  STACKSPLIT_LOOP_COUNTERS(STACKSPLIT_DECLARE_COUNTER)
#undef STACKSPLIT_DECLARE_COUNTER
  double busy_seconds = 0;  // executing iterations, the load included
  double idle_seconds = 0;  // holding no iteration, or paused

  LoopStatistics& operator+=(const LoopStatistics& other) {
#define STACKSPLIT_ADD_COUNTER(name, meaning) name += other.name;
    STACKSPLIT_LOOP_COUNTERS(STACKSPLIT_ADD_COUNTER)
#undef STACKSPLIT_ADD_COUNTER
    busy_seconds += other.busy_seconds;
    idle_seconds += other.idle_seconds;
    return *this;
  }

  template <class Archive>
  void serialize(Archive& ar, unsigned) {
#define STACKSPLIT_SERIALIZE_COUNTER(name, meaning) ar& name;
    STACKSPLIT_LOOP_COUNTERS(STACKSPLIT_SERIALIZE_COUNTER)
#undef STACKSPLIT_SERIALIZE_COUNTER
    ar& busy_seconds;
    ar& idle_seconds;
  }
};

}  // namespace stacksplit::core
