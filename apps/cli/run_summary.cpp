#include "apps/cli/run_summary.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

namespace stacksplit::cli {

namespace {

std::string format(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

// How fast the simulator ran, per wall-clock second: simulated nodes
// (expanded, not replayed) and discrete events (processor actions and message
// deliveries, SimRuntime::events()).
void print_simulation_rate(std::ostream& out, const core::RunMeasurement& measurement) {
  const double wall = std::max(measurement.wall_seconds, 1e-9);
  out << ", simulated in " << format("%.2f", measurement.wall_seconds) << " s wall ("
      << format("%.3f", measurement.total.nodes / wall / 1e6) << " M simulated nodes/s, "
      << measurement.sim_events << " events, "
      << format("%.3f", measurement.sim_events / wall / 1e6) << " M events/s)";
}

}  // namespace

void print_run_summary(std::ostream& out, const core::RunDescription& description,
                       const core::RunMeasurement& measurement) {
  const core::WorkerStatistics& total = measurement.total;
  const double rate = measurement.seconds > 0 ? total.nodes / measurement.seconds : 0;
  out << "run: " << description.app << ' ' << description.instance << ", scheme "
      << description.scheme << ", runtime " << description.runtime << ", " << description.workers
      << (description.workers == 1 ? " worker" : " workers") << ", split "
      << core::to_string(description.options.split.strategy) << ", topology "
      << description.topology << '\n';
  out << "nodes = " << total.nodes << ", time = " << format("%.3f", measurement.seconds) << " s"
      << (measurement.time_kind == "virtual" ? " (virtual)" : "")
      << ", rate = " << format("%.3f", rate / 1e6) << " M nodes/s\n";
  if (measurement.sequential_seconds >= 0 && measurement.seconds > 0) {
    const double speedup = measurement.sequential_seconds / measurement.seconds;
    out << "simulated: machine " << description.machine
        << ", T1 = " << format("%.6g", measurement.sequential_seconds)
        << " s, speedup = " << format("%.2f", speedup)
        << ", efficiency = " << format("%.3f", speedup / description.workers);
    if (measurement.wall_seconds >= 0) print_simulation_rate(out, measurement);
    out << '\n';
  }
  out << "overhead: requests = " << total.requests_sent << ", rejects = " << total.rejects_sent
      << ", transfers = " << total.work_sent << ", nodes sent = " << total.nodes_sent
      << ", messages = " << total.messages_sent << ", bytes = " << total.bytes_sent
      << ", replayed = " << total.replayed << '\n';
  if (measurement.per_worker && measurement.per_worker->size() > 1) {
    out << "per worker (nodes / idle s):";
    int rank = 0;
    for (const core::WorkerStatistics& worker : *measurement.per_worker) {
      if (rank == 16) {
        out << " ...";
        break;
      }
      out << ' ' << rank++ << ':' << worker.nodes << '/' << format("%.3f", worker.idle_seconds);
    }
    out << '\n';
  }
}

}  // namespace stacksplit::cli
