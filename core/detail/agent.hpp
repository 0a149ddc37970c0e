#pragma once
// What a runtime drives: a reactive agent that never blocks (the tree
// search's Worker, the loop family's LoopWorker). A runtime makes one per
// processor with make_agent(rank, outbox), hands it messages and turns, and
// stops when every agent has terminated.

#include <concepts>

#include "core/run_clock.hpp"
#include "core/sim/machine_model.hpp"

namespace stacksplit::core {

template <class A>
concept Agent = requires(A& agent, const A& view, typename A::Message message,
                         const MachineModel& machine) {
  agent.start();                     // once, before anything else
  agent.work();                      // one quantum of its work
  agent.handle(std::move(message));  // one message
  agent.interrupt();                 // the run is interrupted: stop working
  { view.terminated() } -> std::same_as<bool>;
  { view.has_work() } -> std::same_as<bool>;
  // The modelled seconds of all the work done so far (the simulator's clock).
  { view.busy_seconds(machine) } -> std::convertible_to<double>;
};

// Whether a message should end an agent's long node (core/detail/message.hpp,
// is_urgent): an agent's message type says so with an is_urgent found by
// argument-dependent lookup; without one, none is.
template <class Message>
bool urgent_message(const Message& message) {
  if constexpr (requires {
                  { is_urgent(message) } -> std::convertible_to<bool>;
                }) {
    return is_urgent(message);
  } else {
    return false;
  }
}

}  // namespace stacksplit::core
