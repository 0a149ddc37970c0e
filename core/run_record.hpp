#pragma once
// The run record (docs/design.md, "Run records"): one JSON object per run,
// appended as a line to a JSON Lines file. The analysis module reads nothing
// else.

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "core/run_config.hpp"
#include "core/run_result.hpp"

namespace stacksplit::core {

inline constexpr const char* kRunRecordSchema = "stacksplit-run/1";

// What only the caller knows about a run: which application on which
// instance, and what the application wants recorded ("app_details": its
// options, its answer, its own figures; core never looks inside, the analysis
// ignores it).
struct RunIdentity {
  std::string app;
  std::string instance;
  nlohmann::json app_details = nlohmann::json::object();
};

nlohmann::json make_run_record(const RunIdentity& identity, const RunConfig& config,
                               const RunStatistics& result);

// The fields every record has, tree and loop runs alike: what ran, on which
// runtime, machine and scheme, and when.
nlohmann::json record_header(const RunIdentity& identity, const RunConfig& config);

// time_s and time_kind, and with a sequential time the speedup and efficiency.
void add_times(nlohmann::json& record, double seconds, TimeKind kind,
               std::optional<double> sequential_seconds, int workers);

// A JSON Lines file opened for appending before the run starts, so that a
// path that cannot be written fails before any work is done.
class RunRecordFile {
 public:
  // Throws std::runtime_error naming the file if it cannot be opened.
  explicit RunRecordFile(const std::string& path);
  // Appends one line; throws std::runtime_error naming the file if it cannot.
  void append(const nlohmann::json& record);

 private:
  std::string path_;
  std::ofstream out_;
};

}  // namespace stacksplit::core
