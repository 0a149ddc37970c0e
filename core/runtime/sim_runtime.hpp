#pragma once
// The sim runtime: a deterministic discrete-event simulation of P processors
// (P up to thousands) in one thread, driving the very same workers and schemes
// as the other runtimes, in virtual time on a MachineModel.
//
// Every processor is a server that does one action at a time: take in one
// message (t_recv, then the worker's handler) or expand one quantum of nodes
// (nodes·t_node + cost·t_unit, where cost is what the application reports;
// replaying a received path costs the same per replayed node, on the
// receiver, but stays out of T1). While it is busy,
// arriving messages wait in its FIFO inbox, so a hot spot such as GRR's
// counter at processor 0 queues for real. After each quantum it takes in the
// messages that have arrived, then expands the next quantum. The worker's now() is its
// processor's virtual clock, also in the middle of an action, so idle times
// and send times are virtual. A message sent at time t arrives at
// t + t_s + d·t_h + m·t_w (cut-through), or, on a shared medium, waits for the
// one medium from t + t_s and holds it for m·t_w.
//
// Determinism: events are ordered by (virtual time, sequence number of
// scheduling), and everything else the workers do follows from their seeds,
// so the same inputs give the same counters and times, bit for bit.
//
// Cost of simulating: one binary-heap push and pop per message and per
// quantum, none per idle processor; a processor that is alone in its stretch
// of virtual time runs on without going through the heap.

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/machine_model.hpp"
#include "core/run_result.hpp"
#include "core/worker_pool.hpp"

namespace stacksplit::core {

// ---- Events ------------------------------------------------------------------

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

// ---- Network -----------------------------------------------------------------

class SimNetwork {
 public:
  // `topology` gives hop distances on a cut-through network; a shared medium
  // needs none.
  SimNetwork(const MachineModel& machine, const Topology* topology);

  bool shared_medium() const { return machine_.network == Network::kSharedMedium; }
  // Bytes on the wire for a message with `payload` bytes of work (0: control).
  std::uint64_t bytes(std::uint64_t payload) const {
    return static_cast<std::uint64_t>(machine_.header_bytes) + payload;
  }
  // Cut-through: when a message sent at `time` arrives.
  double arrival(double time, int from, int to, std::uint64_t bytes) const;
  // Shared medium: a message ready for the wire at `ready` (send + t_s) waits
  // for the medium, holds it for m·t_w and arrives t_h after that. Calls come
  // in order of `ready` (the event queue sees to it). Returns the arrival.
  double transmit(double ready, std::uint64_t bytes);
  double medium_free_at() const { return medium_free_at_; }

 private:
  const MachineModel& machine_;
  const Topology* topology_;
  double medium_free_at_ = 0;
};

// ---- Runtime -----------------------------------------------------------------

template <SearchSpace S>
class SimRuntime final : public Outbox<typename S::Choice> {
 public:
  using Choice = typename S::Choice;
  using Msg = Message<Choice>;
  using Result = RunResult<typename Worker<S>::Solution>;

  template <class MakeSpace>
  Result run(const RunSetup& setup, MakeSpace&& make_space) {
    machine_ = setup.machine;
    machine_.validate();
    const int size = setup.workers;
    auto topology = make_topology(setup.topology, size);
    std::unique_ptr<Topology> physical;
    const Topology* distances = nullptr;
    if (machine_.network == Network::kCutThrough) {
      if (machine_.topology == topology->name()) {
        distances = topology.get();
      } else {
        physical = make_physical_topology(size);
        distances = physical.get();
      }
    }
    network_ = std::make_unique<SimNetwork>(machine_, distances);
    WorkerPool<S> pool = make_worker_pool<S>(setup, *topology, *this, make_space);
    processors_.clear();
    processors_.resize(size);
    for (int rank = 0; rank < size; ++rank) processors_[rank].worker = std::move(pool[rank]);

    events_ = 0;
    const auto wall_start = std::chrono::steady_clock::now();
    for (int rank = 0; rank < size; ++rank) {
      Processor& processor = processors_[rank];
      begin_action(rank, 0, false);
      processor.worker->start();
      end_action(rank);
      if (!processor.worker->terminated() && processor.worker->has_work())
        schedule_wake(rank, processor.clock);
    }
    while (!queue_.empty()) {
      const SimEvent event = queue_.pop();
      switch (event.kind) {
        case SimEventKind::kWake:
          processors_[event.processor].wake_pending = false;
          run_processor(static_cast<int>(event.processor), event.time);
          break;
        case SimEventKind::kTransmit:
          queue_.push(network_->transmit(event.time, message_bytes(slots_[event.slot])),
                      SimEventKind::kDeliver, event.processor, event.slot);
          break;
        case SimEventKind::kDeliver:
          deliver(static_cast<int>(event.processor), event.time, event.slot);
          break;
      }
    }

    Result result;
    result.time_kind = "virtual";
    result.wall_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    result.sim_events = events_;
    for (int rank = 0; rank < size; ++rank) {
      const Processor& processor = processors_[rank];
      if (!processor.worker->terminated())
        throw std::logic_error("sim runtime: no event left but worker " + std::to_string(rank) +
                               " has not terminated (a lost message?)");
      if (processor.terminated_at > result.seconds) result.seconds = processor.terminated_at;
      result.add_worker(processor.worker->statistics());
      if (!result.solution && processor.worker->solution())
        result.solution = processor.worker->solution();
    }
    // The simulated one-processor time: the same expansions, no communication
    // and no replay.
    result.sequential_seconds = machine_.expansion_time(result.total.nodes, result.total.node_cost);
    return result;
  }

  // Outbox: a message leaves at the sender's current virtual time.
  void send(int to, Msg&& message) override {
    const double time = now();
    const std::uint32_t slot = store(std::move(message));
    const auto receiver = static_cast<std::uint32_t>(to);
    if (network_->shared_medium()) {
      queue_.push(time + machine_.t_s, SimEventKind::kTransmit, receiver, slot);
    } else {
      queue_.push(network_->arrival(time, current_, to, message_bytes(slots_[slot])),
                  SimEventKind::kDeliver, receiver, slot);
    }
  }

  // The current processor's clock: the start of its action plus what the
  // action has cost so far (the worker's counters tell how many nodes were
  // expanded and replayed, and what they cost).
  double now() const override {
    const WorkerStatistics& s = *current_statistics_;
    const std::uint64_t nodes = s.nodes - charged_.nodes + s.replayed - charged_.replayed;
    const std::uint64_t cost =
        s.node_cost - charged_.node_cost + s.replay_cost - charged_.replay_cost;
    return action_start_ + machine_.expansion_time(nodes, cost);
  }

  // Discrete events simulated in the last run: processor actions (a quantum
  // of expansions, or taking in one message) and message deliveries.
  std::uint64_t events() const { return events_; }

 private:
  struct Processor {
    std::unique_ptr<Worker<S>> worker;
    double clock = 0;                 // when its last action ended
    double terminated_at = -1;        // virtual time it learnt the search is over
    std::deque<std::uint32_t> inbox;  // slots of arrived messages, oldest first
    std::size_t batch = 0;            // messages of the current mailbox check left to take in
    bool check_due = false;           // a quantum ended: look at the mailbox
    bool wake_pending = false;
  };

  std::unique_ptr<Topology> make_physical_topology(int size) const {
    try {
      return make_topology(machine_.topology, size);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("machine '" + machine_.name + "' is a " + machine_.topology +
                                  ": " + e.what());
    }
  }

  std::uint64_t message_bytes(const Msg& message) const {
    return network_->bytes(message.tag == MessageTag::kWork ? message.work.payload_bytes() : 0);
  }

  std::uint32_t store(Msg&& message) {
    if (free_slots_.empty()) {
      slots_.push_back(std::move(message));
      return static_cast<std::uint32_t>(slots_.size() - 1);
    }
    const std::uint32_t slot = free_slots_.back();
    free_slots_.pop_back();
    slots_[slot] = std::move(message);
    return slot;
  }

  Msg take(std::uint32_t slot) {
    free_slots_.push_back(slot);
    return std::move(slots_[slot]);
  }

  void schedule_wake(int rank, double time) {
    processors_[rank].wake_pending = true;
    queue_.push(time, SimEventKind::kWake, static_cast<std::uint32_t>(rank));
  }

  void deliver(int rank, double time, std::uint32_t slot) {
    ++events_;
    Processor& processor = processors_[rank];
    if (processor.worker->terminated()) {
      (void)take(slot);  // a late request or reject: nobody listens any more
      return;
    }
    processor.inbox.push_back(slot);
    if (!processor.wake_pending) schedule_wake(rank, std::max(processor.clock, time));
  }

  void begin_action(int rank, double start, bool receiving) {
    ++events_;
    current_ = rank;
    current_statistics_ = &processors_[rank].worker->statistics();
    charged_ = *current_statistics_;
    action_start_ = start + (receiving ? machine_.t_recv : 0);
  }

  void end_action(int rank) {
    Processor& processor = processors_[rank];
    processor.clock = now();
    if (processor.worker->terminated() && processor.terminated_at < 0)
      processor.terminated_at = processor.clock;
  }

  // Actions of one processor from `time` on. Like a polling node program, it
  // looks at its mailbox after every quantum, takes in the messages that had
  // arrived by then, one after the other, then expands the next quantum: a
  // flood of requests delays a busy processor but cannot starve it. It runs on
  // while its clock is before every pending event (nothing can reach it
  // sooner), else it yields with a wake at its clock.
  void run_processor(int rank, double time) {
    Processor& processor = processors_[rank];
    Worker<S>& worker = *processor.worker;
    double clock = std::max(processor.clock, time);
    while (!worker.terminated()) {
      if (processor.check_due) {
        processor.batch = processor.inbox.size();
        processor.check_due = false;
      }
      if (processor.batch == 0 && !worker.has_work()) processor.batch = processor.inbox.size();
      if (processor.batch > 0) {
        --processor.batch;
        const std::uint32_t slot = processor.inbox.front();
        processor.inbox.pop_front();
        begin_action(rank, clock, true);
        worker.handle(take(slot));
      } else if (worker.has_work()) {
        begin_action(rank, clock, false);
        worker.work();
        processor.check_due = true;
      } else {
        return;  // idle: the next delivery wakes it
      }
      end_action(rank);
      clock = processor.clock;
      if (processor.inbox.empty() && !worker.has_work()) return;
      if (!queue_.empty() && queue_.top().time <= clock) {
        schedule_wake(rank, clock);
        return;
      }
    }
    processor.batch = 0;
    while (!processor.inbox.empty()) {
      (void)take(processor.inbox.front());
      processor.inbox.pop_front();
    }
  }

  MachineModel machine_;
  std::unique_ptr<SimNetwork> network_;
  std::vector<Processor> processors_;
  SimEventQueue queue_;
  std::vector<Msg> slots_;  // messages in flight or waiting in an inbox
  std::vector<std::uint32_t> free_slots_;
  // The action under way: whose, when it began, the counters already charged.
  int current_ = 0;
  const WorkerStatistics* current_statistics_ = nullptr;
  WorkerStatistics charged_;
  double action_start_ = 0;
  std::uint64_t events_ = 0;  // see events()
};

}  // namespace stacksplit::core
