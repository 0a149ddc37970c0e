#pragma once
// How long a run took, as its runtime measured it: what every runtime
// returns and the run's result keeps (core/run_result.hpp).

#include <cstdint>
#include <optional>
#include <string_view>

namespace stacksplit::core {

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
