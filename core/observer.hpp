#pragma once
// What a worker does, as a stream of events: the one place instrumentation
// hangs on (after Taskflow's ObserverInterface). The run's statistics are
// the first observer, built in (WorkerStatistics::record); the progress line,
// the tests' recordings and anything a user adds are observers too, given in
// the run configuration.

#include <cstdint>
#include <memory>
#include <vector>

namespace stacksplit::core {

struct WorkerStatistics;

enum class WorkerEventKind : std::uint8_t {
  kStart,            // the worker starts; rank 0 has entered the root
  kQuantum,          // a quantum of expansions ended; count: nodes expanded in it
  kRequestSent,      // a work request to `peer`
  kRequestReceived,  // a work request from `peer`
  kRejectSent,       // a reject to `peer`
  kRejectReceived,   // a reject from `peer`
  kWorkSent,         // work to `peer`; count: nodes (alternatives) it holds
  kWorkReceived,     // work from `peer`; count: nodes it holds
  kMessageSent,      // any message to `peer`; count: its bytes (core/detail/message.hpp);
                     // between_nodes: `peer` is on another node
  kMessageReceived,  // any message from `peer`
  kIdle,             // the worker ran out of work
  kBusy,             // work arrived after idleness; seconds: how long it was idle
  kSolution,         // the worker found a solution
  kIncumbent,        // optimize mode: the incumbent improved; count: bit pattern of the value
  kStopped,          // the worker stopped searching (first mode, an interrupt)
  kTerminated,       // the search is over for this worker
};

struct WorkerEvent {
  WorkerEventKind kind;
  int peer = -1;
  std::uint64_t count = 0;
  double seconds = 0;
  double time = 0;             // the runtime's clock when it happened (wall, or virtual on sim)
  bool between_nodes = false;  // kMessageSent: to a worker on another node (placement.hpp)
};

class WorkerObserver {
 public:
  virtual ~WorkerObserver() = default;
  // Once per run, before any event.
  virtual void set_up(int /*workers*/) {}
  // Every event of worker `rank` in the order it happened, with the worker's
  // statistics after it. One rank's events come from one thread; on the
  // threads runtime different ranks call concurrently.
  virtual void on_event(int rank, const WorkerEvent& event, const WorkerStatistics& so_far) = 0;
  // Once per run, after every worker has terminated (on MPI: on each rank).
  virtual void tear_down() {}
};

// Observers of a run, shared by its workers.
using Observers = std::vector<std::shared_ptr<WorkerObserver>>;

}  // namespace stacksplit::core
