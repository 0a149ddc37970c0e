#pragma once
// What a run produces, gathered at rank 0: every worker's statistics, their
// sum, the time, and the answer (the solution kept in first mode, the optimum
// in optimize mode). Under MPI only rank 0 reports; the others hold their own
// statistics and the answer's outline (solution_found, objective).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/run_clock.hpp"
#include "core/search_space.hpp"
#include "core/worker_statistics.hpp"

namespace stacksplit::core {

struct RunStatistics {
  std::vector<WorkerStatistics> per_worker;
  WorkerStatistics total;
  // The application's counters (SearchSpace::kCounters), in the order of
  // WorkerStatistics::app_counters.
  std::vector<std::string_view> app_counter_names;
  double seconds = 0;  // parallel time in the runtime's clock
  TimeKind time_kind = TimeKind::kWall;
  std::optional<double> sequential_seconds;       // sim: the same expansions on one processor
  std::optional<double> simulation_wall_seconds;  // sim: the simulator's own running time
  std::uint64_t sim_events = 0;                   // sim: discrete events simulated
  bool interrupted = false;                       // stopped early by the run's interrupt signal
  bool reporting = true;        // false on MPI ranks other than 0: they print nothing
  bool solution_found = false;  // on every rank: some worker found a solution
  // Optimize mode: the best objective found, on every rank (kNoObjective:
  // none); the optimum unless the run was interrupted.
  std::int64_t objective = kNoObjective;

  void add_worker(const WorkerStatistics& statistics) {
    per_worker.push_back(statistics);
    total += statistics;
  }

  void take_clock(const RunClock& clock) {
    seconds = clock.seconds;
    time_kind = clock.kind;
    simulation_wall_seconds = clock.simulation_wall_seconds;
    sim_events = clock.sim_events;
    interrupted = clock.interrupted;
  }
};

template <class Solution>
struct RunResult : RunStatistics {
  std::optional<Solution> solution;  // where reporting
};

}  // namespace stacksplit::core
