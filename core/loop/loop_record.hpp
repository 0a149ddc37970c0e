#pragma once
// The run record of a parallel loop: the fields every record has (so that
// `stacksplit analyze` reads loop runs like tree runs; "nodes" is the
// iterations done), and the loop's own under "loop".

#include <nlohmann/json.hpp>

#include "core/loop/load_model.hpp"
#include "core/loop/loop_statistics.hpp"
#include "core/run_config.hpp"
#include "core/run_record.hpp"

namespace stacksplit::core {

// What the record needs of a loop run's result (LoopResult without its output).
struct LoopRunStatistics {
  const std::vector<LoopStatistics>* per_worker = nullptr;
  LoopStatistics total;
  std::uint64_t iterations = 0;
  int steps = 1;
  double seconds = 0;
  TimeKind time_kind = TimeKind::kWall;
  std::optional<double> sequential_seconds;
  std::uint64_t sim_events = 0;
  bool interrupted = false;
  // What the scheme said of its run (LoopScheme::report), null if nothing;
  // recorded under the scheme's name.
  const nlohmann::json* scheme_report = nullptr;
};

nlohmann::json make_loop_record(const RunIdentity& identity, const RunConfig& config,
                                const LoadModel& load, const LoopRunStatistics& result);

}  // namespace stacksplit::core
