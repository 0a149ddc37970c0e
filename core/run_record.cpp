#include "core/run_record.hpp"

#include <chrono>
#include <cstring>
#include <ctime>
#include <fstream>
#include <stdexcept>

namespace stacksplit::core {

namespace {

std::string utc_timestamp() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

nlohmann::json worker_json(const WorkerStatistics& statistics) {
  nlohmann::json json;
#define STACKSPLIT_COUNTER_TO_JSON(name, meaning) json[#name] = statistics.name;
  STACKSPLIT_WORKER_COUNTERS(STACKSPLIT_COUNTER_TO_JSON)
#undef STACKSPLIT_COUNTER_TO_JSON
  json["max_depth"] = statistics.max_depth;
  json["idle_s"] = statistics.idle_seconds;
  return json;
}

}  // namespace

nlohmann::json make_run_record(const RunDescription& description,
                               const RunMeasurement& measurement) {
  const WorkerStatistics& total = measurement.total;
  nlohmann::json record;
  record["schema"] = kRunRecordSchema;
  record["timestamp"] = utc_timestamp();
  record["app"] = description.app;
  record["instance"] = description.instance;
  record["scheme"] = description.scheme;
  record["runtime"] = description.runtime;
  record["topology"] = description.topology;
  record["machine"] = description.machine;
  if (!description.machine_params.empty()) {
    nlohmann::json params = nlohmann::json::object();
    for (const auto& [name, value] : description.machine_params) params[name] = value;
    record["machine_params"] = std::move(params);
  }
  record["workers"] = description.workers;
  record["split"] = std::string(to_string(description.options.split.strategy));
  if (description.options.split.cutoff_depth == kNoCutoff) {
    record["cutoff"] = nullptr;
  } else {
    record["cutoff"] = description.options.split.cutoff_depth;
  }
  const std::uint32_t serial = description.options.split.serial_depth;
  if (serial == kApplicationDefault) {
    record["serial_depth"] = "application";
  } else if (serial == kNoCutoff) {
    record["serial_depth"] = nullptr;
  } else {
    record["serial_depth"] = serial;
  }
  record["mode"] = std::string(to_string(description.options.mode));
  record["seed"] = description.options.seed;
  record["quantum"] = description.options.quantum;
  record["nodes"] = total.nodes;
  record["leaves"] = total.leaves;
  record["solutions"] = total.solutions;
  record["max_depth"] = total.max_depth;
  record["time_s"] = measurement.seconds;
  record["time_kind"] = measurement.time_kind;
  if (measurement.sequential_seconds >= 0) {
    record["sequential_time_s"] = measurement.sequential_seconds;
    if (measurement.seconds > 0) {
      const double speedup = measurement.sequential_seconds / measurement.seconds;
      record["speedup"] = speedup;
      record["efficiency"] = speedup / description.workers;
    }
  }
  record["counters"] = {{"requests", total.requests_sent},   {"rejects", total.rejects_sent},
                        {"work_transfers", total.work_sent}, {"messages", total.messages_sent},
                        {"bytes", total.bytes_sent},         {"idle_s", total.idle_seconds},
                        {"replayed", total.replayed},        {"node_cost", total.node_cost},
                        {"replay_cost", total.replay_cost}};
  if (measurement.time_kind == "virtual") record["sim_events"] = measurement.sim_events;
  nlohmann::json workers = nlohmann::json::array();
  if (measurement.per_worker)
    for (const WorkerStatistics& statistics : *measurement.per_worker)
      workers.push_back(worker_json(statistics));
  record["per_worker"] = std::move(workers);
  record["app_details"] = description.app_details;
  return record;
}

void append_run_record(const std::string& path, const nlohmann::json& record) {
  std::ofstream out(path, std::ios::app);
  if (!out) throw std::runtime_error(path + ": cannot open for appending: " + std::strerror(errno));
  out << record.dump() << '\n';
  if (!out) throw std::runtime_error(path + ": write failed");
}

}  // namespace stacksplit::core
