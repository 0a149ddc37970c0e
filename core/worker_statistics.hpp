#pragma once
// Per-worker statistics, declared once: the summary, the run record and the
// reduction are generated from this table, never copied from it. The node
// counters are kept by the expansion loop itself; the others are the record
// of the worker's events (record()).

#include <array>
#include <boost/serialization/array.hpp>
#include <cstdint>

#include "core/observer.hpp"

namespace stacksplit::core {

// Counts stop at 2^64 - 1 instead of wrapping (model counts can be that big).
inline std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t sum = a + b;
  return sum < a ? ~std::uint64_t{0} : sum;
}

// X(name, meaning)
#define STACKSPLIT_WORKER_COUNTERS(X)                                    \
  X(nodes, "nodes expanded, the root included")                          \
  X(leaves, "nodes with nothing below: leaves, dead ends and solutions") \
  X(solutions, "solutions found (weighted by the application)")          \
  X(dead_ends, "nodes the application reported as dead ends")            \
  X(pruned, "nodes cut off by the bound (optimize mode)")                \
  X(node_cost, "work of expanded nodes in application units")            \
  X(replayed, "nodes re-entered to replay the path of received work")    \
  X(replay_cost, "work of replayed nodes in application units")          \
  X(requests_sent, "work requests sent")                                 \
  X(requests_received, "work requests received")                         \
  X(rejects_sent, "requests answered with a reject")                     \
  X(rejects_received, "rejects received")                                \
  X(work_sent, "work units sent (a transfer)")                           \
  X(work_received, "work units received")                                \
  X(nodes_sent, "untried alternatives handed to other workers")          \
  X(messages_sent, "messages sent, all kinds")                           \
  X(messages_received, "messages received, all kinds")                   \
  X(bytes_sent, "bytes of the messages sent (header and payload)")       \
  X(messages_between_nodes, "messages sent to a worker on another node") \
  X(bytes_between_nodes, "bytes of the messages sent to another node")

// Counters an application keeps (SearchSpace::kCounters), reduced with the
// engine's; at most this many.
inline constexpr std::size_t kMaxAppCounters = 16;

struct WorkerStatistics {
#define STACKSPLIT_DECLARE_COUNTER(name, meaning) std::uint64_t name = 0;
  STACKSPLIT_WORKER_COUNTERS(STACKSPLIT_DECLARE_COUNTER)
#undef STACKSPLIT_DECLARE_COUNTER
  std::uint32_t max_depth = 0;  // deepest node entered; the root is 0
  double idle_seconds = 0;      // time with no work, in the runtime's clock
  std::array<std::uint64_t, kMaxAppCounters> app_counters{};  // in the application's order

  // The built-in observer: counts what the worker did.
  void record(const WorkerEvent& event) {
    switch (event.kind) {
      case WorkerEventKind::kRequestSent:
        ++requests_sent;
        break;
      case WorkerEventKind::kRequestReceived:
        ++requests_received;
        break;
      case WorkerEventKind::kRejectSent:
        ++rejects_sent;
        break;
      case WorkerEventKind::kRejectReceived:
        ++rejects_received;
        break;
      case WorkerEventKind::kWorkSent:
        ++work_sent;
        nodes_sent += event.count;
        break;
      case WorkerEventKind::kWorkReceived:
        ++work_received;
        break;
      case WorkerEventKind::kMessageSent:
        ++messages_sent;
        bytes_sent += event.count;
        if (event.between_nodes) {
          ++messages_between_nodes;
          bytes_between_nodes += event.count;
        }
        break;
      case WorkerEventKind::kMessageReceived:
        ++messages_received;
        break;
      case WorkerEventKind::kBusy:
        idle_seconds += event.seconds;
        break;
      default:
        break;
    }
  }

  // Adds another worker's statistics (the reduction to rank 0).
  WorkerStatistics& operator+=(const WorkerStatistics& other) {
#define STACKSPLIT_ADD_COUNTER(name, meaning) name = saturating_add(name, other.name);
    STACKSPLIT_WORKER_COUNTERS(STACKSPLIT_ADD_COUNTER)
#undef STACKSPLIT_ADD_COUNTER
    if (other.max_depth > max_depth) max_depth = other.max_depth;
    idle_seconds += other.idle_seconds;
    for (std::size_t i = 0; i < kMaxAppCounters; ++i)
      app_counters[i] = saturating_add(app_counters[i], other.app_counters[i]);
    return *this;
  }

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
#define STACKSPLIT_SERIALIZE_COUNTER(name, meaning) ar& name;
    STACKSPLIT_WORKER_COUNTERS(STACKSPLIT_SERIALIZE_COUNTER)
#undef STACKSPLIT_SERIALIZE_COUNTER
    ar& max_depth;
    ar& idle_seconds;
    ar& app_counters;
  }
};

}  // namespace stacksplit::core
