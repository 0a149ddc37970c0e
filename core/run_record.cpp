#include "core/run_record.hpp"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
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

nlohmann::json app_counters_json(const RunStatistics& result, const WorkerStatistics& statistics) {
  nlohmann::json json = nlohmann::json::object();
  for (std::size_t i = 0; i < result.app_counter_names.size(); ++i)
    json[std::string(result.app_counter_names[i])] = statistics.app_counters[i];
  return json;
}

nlohmann::json worker_json(const RunStatistics& result, const WorkerStatistics& statistics) {
  nlohmann::json json;
#define STACKSPLIT_COUNTER_TO_JSON(name, meaning) json[#name] = statistics.name;
  STACKSPLIT_WORKER_COUNTERS(STACKSPLIT_COUNTER_TO_JSON)
#undef STACKSPLIT_COUNTER_TO_JSON
  json["max_depth"] = statistics.max_depth;
  json["idle_s"] = statistics.idle_seconds;
  if (!result.app_counter_names.empty())
    json["app_counters"] = app_counters_json(result, statistics);
  return json;
}

nlohmann::json depth_or_null(std::uint32_t depth) {
  if (depth == kNoCutoff) return nullptr;
  return depth;
}

}  // namespace

nlohmann::json record_header(const RunIdentity& identity, const RunConfig& config) {
  nlohmann::json record;
  record["schema"] = kRunRecordSchema;
  record["timestamp"] = utc_timestamp();
  record["app"] = identity.app;
  record["instance"] = identity.instance;
  record["scheme"] = config.scheme;
  record["runtime"] = std::string(to_string(config.runtime));
  record["topology"] = std::string(to_string(config.scheme_topology()));
  const bool simulated = runs_on_machine_model(config.runtime);
  record["machine"] = simulated ? config.machine.name : "none";
  if (simulated) {
    nlohmann::json params = nlohmann::json::object();
    for (const auto& [name, value] : config.machine.parameters()) params[name] = value;
    record["machine_params"] = std::move(params);
  }
  record["workers"] = config.workers;
  // The machine's two levels: nodes (a simulated machine's nodes, MPI ranks)
  // and workers a node (a node's cores; one node of all on threads and step).
  record["machine_nodes"] = config.machine_nodes();
  record["workers_per_node"] = config.per_node();
  record["balance"] = config.balance;
  return record;
}

void add_times(nlohmann::json& record, double seconds, TimeKind kind,
               std::optional<double> sequential_seconds, int workers) {
  record["time_s"] = seconds;
  record["time_kind"] = std::string(to_string(kind));
  if (!sequential_seconds) return;
  record["sequential_time_s"] = *sequential_seconds;
  if (seconds > 0) {
    const double speedup = *sequential_seconds / seconds;
    record["speedup"] = speedup;
    record["efficiency"] = speedup / workers;
  }
}

nlohmann::json make_run_record(const RunIdentity& identity, const RunConfig& config,
                               const RunStatistics& result) {
  const WorkerStatistics& total = result.total;
  const SearchOptions& search = config.search;
  nlohmann::json record = record_header(identity, config);
  record["split"] = std::string(to_string(search.split.strategy));
  record["cutoff"] = depth_or_null(search.split.cutoff_depth);
  if (search.split.serial_depth == kApplicationDefault) {
    record["serial_depth"] = "application";
  } else {
    record["serial_depth"] = depth_or_null(search.split.serial_depth);
  }
  record["mode"] = std::string(to_string(search.mode));
  record["seed"] = search.seed;
  record["quantum"] = search.quantum;
  record["nodes"] = total.nodes;
  record["leaves"] = total.leaves;
  record["solutions"] = total.solutions;
  record["max_depth"] = total.max_depth;
  if (search.mode == SearchMode::kOptimize) {
    record["pruned"] = total.pruned;
    if (result.objective == kNoObjective) {
      record["objective"] = nullptr;
    } else {
      record["objective"] = result.objective;
    }
  }
  record["interrupted"] = result.interrupted;
  add_times(record, result.seconds, result.time_kind, result.sequential_seconds, config.workers);
  record["counters"] = {
      {"requests", total.requests_sent},
      {"rejects", total.rejects_sent},
      {"work_transfers", total.work_sent},
      {"messages", total.messages_sent},
      {"bytes", total.bytes_sent},
      {"messages_inside_nodes", total.messages_sent - total.messages_between_nodes},
      {"messages_between_nodes", total.messages_between_nodes},
      {"bytes_inside_nodes", total.bytes_sent - total.bytes_between_nodes},
      {"bytes_between_nodes", total.bytes_between_nodes},
      {"idle_s", total.idle_seconds},
      {"replayed", total.replayed},
      {"node_cost", total.node_cost},
      {"replay_cost", total.replay_cost}};
  if (result.time_kind == TimeKind::kVirtual) record["sim_events"] = result.sim_events;
  if (!result.app_counter_names.empty()) record["app_counters"] = app_counters_json(result, total);
  nlohmann::json workers = nlohmann::json::array();
  for (const WorkerStatistics& statistics : result.per_worker)
    workers.push_back(worker_json(result, statistics));
  record["per_worker"] = std::move(workers);
  record["app_details"] = identity.app_details;
  return record;
}

RunRecordFile::RunRecordFile(const std::string& path) : path_(path), out_(path, std::ios::app) {
  if (!out_)
    throw std::runtime_error(path + ": cannot open for appending: " + std::strerror(errno));
}

void RunRecordFile::append(const nlohmann::json& record) {
  out_ << record.dump() << '\n';
  out_.flush();
  if (!out_) throw std::runtime_error(path_ + ": write failed");
}

}  // namespace stacksplit::core
