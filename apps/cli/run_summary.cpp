#include "apps/cli/run_summary.hpp"

#include <algorithm>
#include <string>

#include "apps/cli/number_text.hpp"

namespace stacksplit::cli {

namespace {

// How fast the simulator ran, per wall-clock second: simulated nodes
// (expanded, not replayed) and discrete events (processor actions and message
// deliveries).
void print_simulation_rate(std::ostream& out, const core::RunStatistics& result) {
  const double wall = std::max(*result.simulation_wall_seconds, 1e-9);
  out << ", simulated in " << number_text("%.2f", *result.simulation_wall_seconds) << " s wall ("
      << number_text("%.3f", result.total.nodes / wall / 1e6) << " M simulated nodes/s, "
      << result.sim_events << " events, " << number_text("%.3f", result.sim_events / wall / 1e6)
      << " M events/s)";
}

}  // namespace

void print_run_summary(std::ostream& out, const core::RunIdentity& identity,
                       const core::RunConfig& config, const core::RunStatistics& result,
                       const std::optional<SearchOverhead>& overhead) {
  const core::WorkerStatistics& total = result.total;
  const double rate = result.seconds > 0 ? total.nodes / result.seconds : 0;
  const int per_node = config.per_node();
  const int nodes = config.machine_nodes();
  // Messages of both kinds occur only with several nodes of several workers.
  const bool two_levels = nodes > 1 && per_node > 1;
  out << "run: " << identity.app << ' ' << identity.instance << ", scheme " << config.scheme
      << ", runtime " << core::to_string(config.runtime) << ", " << config.workers
      << (config.workers == 1 ? " worker" : " workers");
  if (two_levels) out << " (" << nodes << " nodes of " << per_node << ")";
  out << ", split " << core::to_string(config.search.split.strategy) << ", topology "
      << core::to_string(config.scheme_topology());
  if (two_levels || config.balance != "flat") out << ", balance " << config.balance;
  out << '\n';
  if (result.interrupted)
    out << "interrupted: the counts below are partial, what was done before the stop\n";
  out << "nodes = " << total.nodes << ", time = " << number_text("%.3f", result.seconds) << " s"
      << (result.time_kind == core::TimeKind::kVirtual ? " (virtual)" : "")
      << ", rate = " << number_text("%.3f", rate / 1e6) << " M nodes/s\n";
  if (result.sequential_seconds && result.seconds > 0) {
    const double speedup = *result.sequential_seconds / result.seconds;
    out << "simulated: machine " << config.machine.name
        << ", T1 = " << number_text("%.6g", *result.sequential_seconds)
        << " s, speedup = " << number_text("%.2f", speedup)
        << ", efficiency = " << number_text("%.3f", speedup / config.workers);
    if (result.simulation_wall_seconds) print_simulation_rate(out, result);
    out << '\n';
  }
  // Beside the speedup: how much of it (or of its lack) is more or less search.
  print_search_overhead(out, config, result, overhead);
  out << "overhead: requests = " << total.requests_sent << ", rejects = " << total.rejects_sent
      << ", transfers = " << total.work_sent << ", nodes sent = " << total.nodes_sent
      << ", messages = " << total.messages_sent << ", bytes = " << total.bytes_sent
      << ", replayed = " << total.replayed << '\n';
  if (two_levels)
    out << "between nodes: messages = " << total.messages_between_nodes
        << ", bytes = " << total.bytes_between_nodes
        << "; inside nodes: messages = " << total.messages_sent - total.messages_between_nodes
        << ", bytes = " << total.bytes_sent - total.bytes_between_nodes << '\n';
  if (result.per_worker.size() > 1) {
    out << "per worker (nodes / idle s):";
    int rank = 0;
    for (const core::WorkerStatistics& worker : result.per_worker) {
      if (rank == 16) {
        out << " ...";
        break;
      }
      out << ' ' << rank++ << ':' << worker.nodes << '/'
          << number_text("%.3f", worker.idle_seconds);
    }
    out << '\n';
  }
}

}  // namespace stacksplit::cli
