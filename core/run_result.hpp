#pragma once
// What a run produces, gathered at rank 0: every worker's statistics, their
// sum, the time, and the solution kept in first mode.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/machine_model.hpp"
#include "core/scheme.hpp"
#include "core/search_options.hpp"
#include "core/topology.hpp"
#include "core/worker_statistics.hpp"

namespace stacksplit::core {

template <class Solution>
struct RunResult {
  std::vector<WorkerStatistics> per_worker;
  WorkerStatistics total;
  std::optional<Solution> solution;  // where reporting
  bool solution_found = false;       // on every rank: some worker found a solution
  double seconds = 0;                // parallel time in the runtime's clock
  std::string time_kind = "wall";    // "wall" or "virtual"
  double sequential_seconds = -1;    // the simulator's 1-processor time, if known
  double wall_seconds = -1;          // the simulator's own running time, if virtual
  std::uint64_t sim_events = 0;      // the simulator's discrete events, if virtual
  bool reporting = true;             // false on MPI ranks other than 0: they print nothing

  void add_worker(const WorkerStatistics& statistics) {
    per_worker.push_back(statistics);
    total += statistics;
  }
};

// What every runtime needs to start a search.
struct RunSetup {
  int workers = 1;
  SearchOptions options;
  std::function<std::unique_ptr<Scheme>()> make_scheme;
  std::string topology = "complete";
  bool show_progress = false;  // a progress line on stderr (when it is a terminal)
  MachineModel machine = make_machine_model(kDefaultMachine);  // the sim runtime's
};

}  // namespace stacksplit::core
