#pragma once
// What a runtime drives: a reactive agent that never blocks (the tree
// search's Worker, the loop family's LoopWorker). A runtime makes one per
// processor with make_agent(rank, outbox), hands it messages and turns, and
// stops when every agent has terminated.

#include <concepts>
#include <optional>
#include <string_view>

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

enum class TimeKind : std::uint8_t { kWall, kVirtual };

inline std::string_view to_string(TimeKind kind) {
  return kind == TimeKind::kWall ? "wall" : "virtual";
}

// How long a run took, as its runtime measured it.
struct RunClock {
  double seconds = 0;  // the parallel time: the last termination
  TimeKind kind = TimeKind::kWall;
  std::optional<double> simulation_wall_seconds;  // sim: the simulator's own running time
  std::uint64_t sim_events = 0;                   // sim: discrete events simulated
  bool interrupted = false;                       // the stop signal was raised during the run
};

}  // namespace stacksplit::core
