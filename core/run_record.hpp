#pragma once
// The run record (DESIGN.md §5): one JSON object per run, appended as a line
// to a JSON Lines file. The analysis module reads nothing else.

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/search_options.hpp"
#include "core/worker_statistics.hpp"

namespace stacksplit::core {

inline constexpr const char* kRunRecordSchema = "stacksplit-run/1";

// Who ran what, where.
struct RunDescription {
  std::string app;
  std::string instance;
  std::string scheme;
  std::string runtime;
  std::string topology = "complete";
  std::string machine = "none";
  std::vector<std::pair<std::string, double>> machine_params;  // sim runtime: the model used
  int workers = 1;
  SearchOptions options;
  // What only the application knows (its options, its answer, its own
  // counters), written as the record's "app_details" object. Core never looks
  // inside; the analysis ignores it.
  nlohmann::json app_details = nlohmann::json::object();
};

struct RunMeasurement {
  const std::vector<WorkerStatistics>* per_worker = nullptr;
  WorkerStatistics total;
  double seconds = 0;
  std::string time_kind = "wall";
  double sequential_seconds = -1;  // negative: unknown
  double wall_seconds = -1;        // the simulator's own running time; not recorded (not
                                   // reproducible), only summarized
  std::uint64_t sim_events = 0;    // the simulator's discrete events (recorded: reproducible)
};

nlohmann::json make_run_record(const RunDescription& description,
                               const RunMeasurement& measurement);

// Appends one line; throws std::runtime_error naming the file if it cannot.
void append_run_record(const std::string& path, const nlohmann::json& record);

}  // namespace stacksplit::core
