#include "core/loop/loop_record.hpp"

#include <algorithm>
#include <cmath>

namespace stacksplit::core {

namespace {

nlohmann::json loop_counters(const LoopStatistics& statistics) {
  nlohmann::json json;
#define STACKSPLIT_COUNTER_TO_JSON(name, meaning) json[#name] = statistics.name;
  STACKSPLIT_LOOP_COUNTERS(STACKSPLIT_COUNTER_TO_JSON)
#undef STACKSPLIT_COUNTER_TO_JSON
  json["busy_s"] = statistics.busy_seconds;
  json["idle_s"] = statistics.idle_seconds;
  return json;
}

// ℓ_i(k) for every period the run lasted (at most 1000 of them).
nlohmann::json load_history(const LoadModel& load, int rank, double seconds) {
  nlohmann::json loads = nlohmann::json::array();
  const double periods = std::ceil(seconds / load.options().persistence);
  const auto count = static_cast<std::uint64_t>(std::clamp(periods, 1.0, 1000.0));
  for (std::uint64_t k = 0; k < count; ++k) loads.push_back(load.load(rank, k));
  return loads;
}

}  // namespace

nlohmann::json make_loop_record(const RunIdentity& identity, const RunConfig& config,
                                const LoadModel& load, const LoopRunStatistics& result) {
  nlohmann::json record = record_header(identity, config);
  record["family"] = "loop";
  record["split"] = "none";
  record["cutoff"] = nullptr;
  record["mode"] = "loop";
  record["seed"] = config.search.seed;
  record["quantum"] = config.search.quantum;
  record["nodes"] = result.iterations;  // the work W: iterations done
  record["steps"] = result.steps;
  record["interrupted"] = result.interrupted;
  if (result.scheme_report && !result.scheme_report->is_null())
    record[config.scheme] = *result.scheme_report;
  add_times(record, result.seconds, result.time_kind, result.sequential_seconds, config.workers);
  const LoopStatistics& total = result.total;
  record["counters"] = {{"messages", total.messages_sent},
                        {"bytes", total.bytes_sent},
                        {"idle_s", total.idle_seconds},
                        {"busy_s", total.busy_seconds},
                        {"work_transfers", total.iterations_sent},
                        {"requests", total.chunks},
                        {"rejects", 0}};
  record["loop"] = loop_counters(total);
  if (result.time_kind == TimeKind::kVirtual) record["sim_events"] = result.sim_events;
  nlohmann::json speeds = nlohmann::json::array();
  for (int rank = 0; rank < config.workers; ++rank) speeds.push_back(load.speed(rank));
  record["load"] = {{"ml", load.options().max_load},
                    {"tl", load.options().persistence},
                    {"seed", load.options().seed},
                    {"speeds", std::move(speeds)}};
  if (load.options().max_load > 0) {
    nlohmann::json history = nlohmann::json::array();
    for (int rank = 0; rank < config.workers; ++rank)
      history.push_back(load_history(load, rank, result.seconds));
    record["load"]["history"] = std::move(history);  // ℓ_i(k), a row per processor
  }
  nlohmann::json workers = nlohmann::json::array();
  if (result.per_worker)
    for (const LoopStatistics& statistics : *result.per_worker)
      workers.push_back(loop_counters(statistics));
  record["per_worker"] = std::move(workers);
  record["app_details"] = identity.app_details;
  return record;
}

}  // namespace stacksplit::core
