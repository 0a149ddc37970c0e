#pragma once
// The sim runtime: a deterministic discrete-event simulation of P processors
// (P up to thousands) in one thread, driving the very same workers and schemes
// as the other runtimes, in virtual time on a MachineModel.
//
// Every processor is a server that does one action at a time: take in one
// message (t_recv, then the worker's handler) or expand one quantum of nodes
// (what the agent's busy_seconds() grew by: for the tree search
// nodes·t_node + cost·t_unit, where cost is what the application reports;
// replaying a received path costs the same per replayed node, on the
// receiver, but stays out of T1). While it is busy,
// arriving messages wait in its FIFO inbox, so a hot spot such as GRR's
// counter at processor 0 queues for real. After each quantum it takes in the
// messages that have arrived, then expands the next quantum. The worker's now() is its
// processor's virtual clock, also in the middle of an action, so idle times
// and send times are virtual. A message sent at time t arrives at
// t + t_s + d·t_h + m·t_w (cut-through), or, on a shared medium, waits for the
// one medium from t + t_s and holds it for m·t_w. On a machine of nodes of
// several cores (MachineModel::cores) a message between two cores of one
// node costs node_t_s + m·node_t_w and node_t_recv to take in, and never
// waits for the medium (sim_network.hpp).
//
// Determinism: events are ordered by (virtual time, sequence number of
// scheduling), and everything else the workers do follows from their seeds,
// so the same inputs give the same counters and times, bit for bit.
//
// Cost of simulating: one push and pop of a 4-ary heap per message and per
// quantum, none per idle processor; a processor that is alone in its stretch
// of virtual time runs on without going through the heap, and so does one
// that a delivery wakes before any other pending event.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/detail/agent.hpp"
#include "core/detail/outbox.hpp"
#include "core/sim/event_queue.hpp"
#include "core/sim/machine_model.hpp"
#include "core/sim/sim_network.hpp"
#include "core/stop_signal.hpp"
#include "core/topology/topology_registry.hpp"

namespace stacksplit::core {

template <Agent A>
class SimRuntime final : public Outbox<typename A::Message> {
 public:
  using Message = typename A::Message;

  // Runs `size` agents on `machine`; the schemes see `scheme_topology`, the
  // network's distances come from the machine's own topology.
  template <class MakeAgent>
  RunClock run(int size, const MachineModel& machine, TopologyKind scheme_topology,
               MakeAgent&& make_agent, const StopSignal* interrupt = nullptr) {
    machine_ = machine;
    machine_.validate();
    std::unique_ptr<Topology> physical;  // between nodes
    if (machine_.network == Network::kCutThrough) {
      try {
        physical = make_topology(machine_.topology, machine_nodes(size));
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("machine '" + machine_.name + "' is a " +
                                    std::string(to_string(machine_.topology)) + ": " + e.what());
      }
    }
    (void)scheme_topology;  // the agents hold the one the schemes see
    network_ = std::make_unique<SimNetwork>(machine_, physical.get());
    processors_.clear();
    processors_.resize(size);
    for (int rank = 0; rank < size; ++rank) processors_[rank].agent = make_agent(rank, *this);
    slots_.clear();
    slot_next_.clear();
    free_slots_.clear();

    events_ = 0;
    const auto wall_start = std::chrono::steady_clock::now();
    for (int rank = 0; rank < size; ++rank) {
      Processor& processor = processors_[rank];
      begin_action(rank, 0, 0);
      processor.agent->start();
      end_action(rank);
      if (!processor.agent->terminated() && processor.agent->has_work())
        schedule_wake(rank, processor.clock);
    }
    bool interrupted = false;
    while (!queue_.empty()) {
      if (!interrupted && interrupt != nullptr && interrupt->raised()) {
        interrupted = true;
        interrupt_all();
      }
      const SimEvent event = queue_.pop();
      prefetch_ahead();
      switch (event.kind()) {
        case SimEventKind::kWake:
          processors_[event.processor].wake_pending = false;
          run_processor(static_cast<int>(event.processor), event.time);
          break;
        case SimEventKind::kTransmit:
          queue_.push(network_->transmit(event.time, bytes_of(slots_[event.slot])),
                      SimEventKind::kDeliver, event.processor, event.slot);
          break;
        case SimEventKind::kDeliver:
          deliver(static_cast<int>(event.processor), event.time, event.slot);
          break;
      }
      prefetch_stack_of_next();
    }

    RunClock clock;
    clock.kind = TimeKind::kVirtual;
    clock.simulation_wall_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    clock.sim_events = events_;
    clock.interrupted = interrupted;
    for (int rank = 0; rank < size; ++rank) {
      const Processor& processor = processors_[rank];
      if (!processor.terminated)
        throw std::logic_error("sim runtime: no event left but worker " + std::to_string(rank) +
                               " has not terminated (a lost message?)");
      clock.seconds = std::max(clock.seconds, processor.terminated_at);
    }
    return clock;
  }

  // The agents, in rank order (after run).
  std::vector<A*> agents() const {
    std::vector<A*> all;
    for (const Processor& processor : processors_) all.push_back(processor.agent.get());
    return all;
  }

  // Outbox: a message leaves at the sender's current virtual time.
  void send(int to, Message&& message) override {
    const double time = now();
    const std::uint32_t slot = store(std::move(message));
    const auto receiver = static_cast<std::uint32_t>(to);
    if (network_->shared_medium() && network_->between_nodes(current_, to)) {
      queue_.push(time + machine_.t_s, SimEventKind::kTransmit, receiver, slot);
    } else {
      queue_.push(network_->arrival(time, current_, to, bytes_of(slots_[slot])),
                  SimEventKind::kDeliver, receiver, slot);
    }
  }

  // The current processor's clock: the start of its action plus what the
  // action has cost so far.
  double now() const override {
    // The busy time grown since the action began, added last: (start + busy) -
    // busy_at_start would round a processor's clock backwards by an ulp.
    return action_start_ + (processors_[current_].agent->busy_seconds(machine_) - busy_at_start_);
  }

  std::uint64_t header_bytes() const override {
    return static_cast<std::uint64_t>(machine_.header_bytes);
  }

 private:
  static constexpr std::uint32_t kNoSlot = ~std::uint32_t{0};

  // The machine's nodes for `size` processors: a last node may be part full
  // only when it is the only one (RunConfig::validate).
  int machine_nodes(int size) const {
    const int cores = machine_.cores_per_node();
    return (size + cores - 1) / cores;
  }

  // 48 bytes a processor: its inbox is a list threaded through the message
  // slots (slot_next_), not a container of its own. `terminated` mirrors the
  // agent's, so that a delivery need not touch the agent's memory.
  struct Processor {
    std::unique_ptr<A> agent;
    double clock = 0;                     // when its last action ended
    double terminated_at = -1;            // virtual time it learnt the search is over
    std::uint32_t inbox_first = kNoSlot;  // arrived messages, oldest first
    std::uint32_t inbox_last = kNoSlot;
    std::uint32_t inbox_size = 0;
    std::uint32_t batch = 0;  // messages of the current mailbox check left to take in
    bool check_due = false;   // a quantum ended: look at the mailbox
    bool wake_pending = false;
    bool terminated = false;  // the agent's terminated(), as of its last action's end
  };

  void push_inbox(Processor& processor, std::uint32_t slot) {
    slot_next_[slot] = kNoSlot;
    if (processor.inbox_last == kNoSlot) {
      processor.inbox_first = slot;
    } else {
      slot_next_[processor.inbox_last] = slot;
    }
    processor.inbox_last = slot;
    ++processor.inbox_size;
  }

  std::uint32_t pop_inbox(Processor& processor) {
    const std::uint32_t slot = processor.inbox_first;
    processor.inbox_first = slot_next_[slot];
    if (processor.inbox_first == kNoSlot) processor.inbox_last = kNoSlot;
    --processor.inbox_size;
    return slot;
  }

  std::uint64_t bytes_of(const Message& message) const {
    return message_bytes(message, header_bytes());
  }

  std::uint32_t store(Message&& message) {
    if (free_slots_.empty()) {
      slots_.push_back(std::move(message));
      slot_next_.push_back(kNoSlot);
      return static_cast<std::uint32_t>(slots_.size() - 1);
    }
    const std::uint32_t slot = free_slots_.back();
    free_slots_.pop_back();
    slots_[slot] = std::move(message);
    return slot;
  }

  Message take(std::uint32_t slot) {
    free_slots_.push_back(slot);
    return std::move(slots_[slot]);
  }

  // With thousands of processors each one's state has left the cache by its
  // next turn, and a turn's loads were a chain of misses (a profile at
  // P = 16384 put two thirds of the simulator's time on loads of a Processor
  // and of its agent). So memory is fetched in a pipeline while an event
  // runs: the Processor entries of the candidates for the event after next
  // (the top's children in the heap), the agent of the next event (whose
  // entry the previous event fetched, so reading its address does not wait),
  // and, once the event is done, what the next agent's turn reads first.
  // A delivery touches its Processor only, but one to an idle processor
  // schedules a wake at once, which becomes the top before it could be
  // prefetched: its agent is fetched with the delivery.
  void prefetch_ahead() const {
    for (const SimEvent& later : queue_.after_top()) prefetch_range(&processors_[later.processor]);
    if (queue_.empty()) return;
    const Processor* processor = about_to_act();
    if (processor == nullptr) return;
    prefetch_range(processor->agent.get());
    if (processor->inbox_first != kNoSlot) __builtin_prefetch(&slots_[processor->inbox_first]);
  }

  // Every cache line of *object, which need not start on one.
  template <class T>
  static void prefetch_range(const T* object) {
    constexpr std::uintptr_t kLine = 64;
    const auto first = reinterpret_cast<std::uintptr_t>(object) & ~(kLine - 1);
    const auto last = reinterpret_cast<std::uintptr_t>(object) + sizeof(T) - 1;
    for (std::uintptr_t line = first; line <= last; line += kLine)
      __builtin_prefetch(reinterpret_cast<const void*>(line));
  }

  void prefetch_stack_of_next() const {
    if constexpr (requires(const A& a) { a.prefetch(); }) {
      if (queue_.empty()) return;
      if (const Processor* processor = about_to_act()) processor->agent->prefetch();
    }
  }

  // The processor of the top event if that event is likely to run its agent
  // soon (a wake, or a delivery to one with no wake pending), else null.
  const Processor* about_to_act() const {
    const SimEvent& next = queue_.top();
    const Processor& processor = processors_[next.processor];
    switch (next.kind()) {
      case SimEventKind::kWake:
        return &processor;
      case SimEventKind::kDeliver:
        return processor.wake_pending || processor.terminated ? nullptr : &processor;
      case SimEventKind::kTransmit:
        return nullptr;
    }
    return nullptr;
  }

  void schedule_wake(int rank, double time) {
    processors_[rank].wake_pending = true;
    queue_.push(time, SimEventKind::kWake, static_cast<std::uint32_t>(rank));
  }

  // Every processor stops at its current clock; the messages that follow
  // (stops, termination) run their course in virtual time.
  void interrupt_all() {
    for (int rank = 0; rank < static_cast<int>(processors_.size()); ++rank) {
      Processor& processor = processors_[rank];
      if (processor.terminated) continue;
      begin_action(rank, processor.clock, 0);
      processor.agent->interrupt();
      end_action(rank);
      if (!processor.wake_pending) schedule_wake(rank, processor.clock);
    }
  }

  void deliver(int rank, double time, std::uint32_t slot) {
    ++events_;
    Processor& processor = processors_[rank];
    if (processor.terminated) {
      (void)take(slot);  // a late request or reject: nobody listens any more
      return;
    }
    push_inbox(processor, slot);
    if (processor.wake_pending) return;
    const double wake = std::max(processor.clock, time);
    // A wake strictly before every pending event would be the next one popped
    // (a tie goes to the event scheduled first): it runs at once, without a
    // push and a pop. The order of every other event stays as it was.
    if (queue_.empty() || wake < queue_.top().time) {
      run_processor(rank, wake);
      return;
    }
    schedule_wake(rank, wake);
  }

  // `receipt`: what taking in the message that starts it costs (0: none).
  void begin_action(int rank, double start, double receipt) {
    ++events_;
    current_ = rank;
    busy_at_start_ = processors_[rank].agent->busy_seconds(machine_);
    action_start_ = start + receipt;
  }

  void end_action(int rank) {
    Processor& processor = processors_[rank];
    processor.clock = now();
    if (!processor.terminated && processor.agent->terminated()) {
      processor.terminated = true;
      processor.terminated_at = processor.clock;
    }
  }

  // Actions of one processor from `time` on. Like a polling node program, it
  // looks at its mailbox after every quantum, takes in the messages that had
  // arrived by then, one after the other, then does the next quantum: a flood
  // of requests delays a busy processor but cannot starve it. It runs on
  // while its clock is before every pending event (nothing can reach it
  // sooner), else it yields with a wake at its clock.
  void run_processor(int rank, double time) {
    Processor& processor = processors_[rank];
    A& agent = *processor.agent;
    double clock = std::max(processor.clock, time);
    while (!processor.terminated) {
      if (processor.check_due) {
        processor.batch = processor.inbox_size;
        processor.check_due = false;
      }
      if (processor.batch == 0 && !agent.has_work()) processor.batch = processor.inbox_size;
      if (processor.batch > 0) {
        --processor.batch;
        const std::uint32_t slot = pop_inbox(processor);
        begin_action(rank, clock, network_->receipt(slots_[slot].from, rank));
        agent.handle(take(slot));
      } else if (agent.has_work()) {
        begin_action(rank, clock, 0);
        agent.work();
        processor.check_due = true;
      } else {
        go_idle(agent);  // the next delivery wakes it
        return;
      }
      end_action(rank);
      clock = processor.clock;
      if (processor.inbox_size == 0 && !agent.has_work()) {
        go_idle(agent);
        return;
      }
      if (!queue_.empty() && queue_.top().time <= clock) {
        schedule_wake(rank, clock);
        return;
      }
    }
    processor.batch = 0;
    while (processor.inbox_size != 0) (void)take(pop_inbox(processor));
    go_idle(agent);
  }

  // A processor with nothing to do until a message comes holds no buffers.
  static void go_idle(A& agent) {
    if constexpr (requires { agent.release_idle_storage(); }) agent.release_idle_storage();
  }

  MachineModel machine_;
  std::unique_ptr<SimNetwork> network_;
  std::vector<Processor> processors_;
  SimEventQueue queue_;
  std::vector<Message> slots_;            // messages in flight or waiting in an inbox
  std::vector<std::uint32_t> slot_next_;  // the next message of the same inbox
  std::vector<std::uint32_t> free_slots_;
  // The action under way: whose, when it began, the agent's busy time then.
  int current_ = 0;
  double action_start_ = 0;
  double busy_at_start_ = 0;
  std::uint64_t events_ = 0;  // processor actions and message deliveries
};

}  // namespace stacksplit::core
