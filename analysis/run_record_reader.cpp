#include "analysis/run_record_reader.hpp"

#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>

#include "analysis/analysis_error.hpp"
#include "analysis/json_object.hpp"

namespace stacksplit::analysis {
namespace {

using nlohmann::json;

// A short rendering of a bad value for a message: enough to recognise it,
// never a whole nested object.
std::string shown(const json& value) {
  std::string text = value.dump();
  constexpr std::size_t kMaxShown = 40;
  if (text.size() > kMaxShown) text = text.substr(0, kMaxShown) + "...";
  return text;
}

// Reads the fields of one record object, naming the place of every failure.
class FieldReader {
 public:
  FieldReader(const json& object, const std::string& source, int line)
      : object_(object), where_(source + ":" + std::to_string(line) + ": ") {}

  [[noreturn]] void fail(const std::string& what) const { throw AnalysisError(where_ + what); }

  // A field that must be there and not null.
  const json& require(const char* name) const {
    const json* value = find(name);
    if (value == nullptr) fail(std::string("missing field \"") + name + "\"");
    return *value;
  }

  // A field that may be absent or null.
  const json* find(const char* name) const {
    auto it = object_.find(name);
    if (it == object_.end() || it->is_null()) return nullptr;
    return &*it;
  }

  std::string text(const char* name) const {
    const json& value = require(name);
    if (!value.is_string()) fail(field(name) + " must be a string, got " + shown(value));
    std::string result = value.get<std::string>();
    if (result.empty()) fail(field(name) + " must not be empty");
    return result;
  }

  std::int64_t integer(const char* name, std::int64_t min) const {
    return integer_value(name, require(name), min);
  }

  std::optional<std::int64_t> optional_integer(const char* name, std::int64_t min) const {
    const json* value = find(name);
    if (value == nullptr) return std::nullopt;
    return integer_value(name, *value, min);
  }

  // Seconds: a finite number, not negative. Zero passes: a run too short
  // for the clock is a fact, and the table says its efficiency is unknown.
  double seconds(const char* name, const json& value) const {
    if (!value.is_number()) fail(field(name) + " must be a number, got " + shown(value));
    double result = value.get<double>();
    if (!std::isfinite(result)) fail(field(name) + " must be finite, got " + shown(value));
    if (result < 0) fail(field(name) + " must not be negative, got " + shown(value));
    return result;
  }

  static std::string field(const char* name) { return std::string("field \"") + name + "\""; }

 private:
  std::int64_t integer_value(const char* name, const json& value, std::int64_t min) const {
    if (value.is_number_unsigned()) {
      auto result = value.get<std::uint64_t>();
      if (result > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
        fail(field(name) + " is too large: " + shown(value));
      }
      return check_min(name, static_cast<std::int64_t>(result), min);
    }
    if (value.is_number_integer()) return check_min(name, value.get<std::int64_t>(), min);
    fail(field(name) + " must be an integer, got " + shown(value));
  }

  std::int64_t check_min(const char* name, std::int64_t value, std::int64_t min) const {
    if (value < min) {
      fail(field(name) + " must be at least " + std::to_string(min) + ", got " +
           std::to_string(value));
    }
    return value;
  }

  const json& object_;
  std::string where_;
};

// The overhead counters are not analysed yet, but a record whose counters are
// malformed was written by a broken writer, and its other fields are suspect.
void check_counters(const FieldReader& reader, const json& object, const char* name) {
  if (!object.is_object()) {
    reader.fail(FieldReader::field(name) + " must be an object, got " + shown(object));
  }
  for (const auto& [key, value] : object.items()) {
    if (value.is_null()) continue;
    if (!value.is_number() || value.get<double>() < 0) {
      reader.fail("counter \"" + key + "\" in " + FieldReader::field(name) +
                  " must be a non-negative number, got " + shown(value));
    }
  }
}

}  // namespace

RunRecord parse_run_record(std::string_view text, const std::string& source, int line) {
  const std::string where = source + ":" + std::to_string(line) + ": ";
  json object = parse_json_object<AnalysisError>(text, where, "a run record must be a JSON object");

  FieldReader reader(object, source, line);
  const std::string schema = reader.text("schema");
  if (schema != kRunRecordSchema) {
    reader.fail("unsupported schema \"" + schema + "\" (this analysis reads \"" +
                std::string(kRunRecordSchema) + "\")");
  }

  RunRecord record;
  record.source = source;
  record.line = line;
  record.app = reader.text("app");
  record.instance = reader.text("instance");
  record.scheme = reader.text("scheme");
  record.runtime = reader.text("runtime");
  record.topology = reader.text("topology");
  record.machine = reader.text("machine");
  record.split = reader.text("split");
  record.mode = reader.text("mode");
  record.cutoff = reader.optional_integer("cutoff", 0);
  if (reader.find("balance") != nullptr) record.balance = reader.text("balance");
  record.machine_nodes = reader.optional_integer("machine_nodes", 1);
  record.workers_per_node = reader.optional_integer("workers_per_node", 1);
  const std::int64_t workers = reader.integer("workers", 1);
  if (workers > std::numeric_limits<int>::max()) reader.fail("field \"workers\" is too large");
  record.workers = static_cast<int>(workers);
  record.nodes = static_cast<std::uint64_t>(reader.integer("nodes", 1));
  record.time_s = reader.seconds("time_s", reader.require("time_s"));
  record.time_kind = reader.text("time_kind");
  if (record.time_kind != "wall" && record.time_kind != "virtual") {
    reader.fail("field \"time_kind\" must be \"wall\" or \"virtual\", got \"" + record.time_kind +
                "\"");
  }
  if (const json* t1 = reader.find("sequential_time_s")) {
    record.sequential_time_s = reader.seconds("sequential_time_s", *t1);
  }

  for (const char* name : {"leaves", "solutions", "max_depth", "seed"}) {
    reader.optional_integer(name, 0);
  }
  if (const json* counters = reader.find("counters")) check_counters(reader, *counters, "counters");
  if (const json* per_worker = reader.find("per_worker")) {
    if (!per_worker->is_array()) {
      reader.fail("field \"per_worker\" must be an array, got " + shown(*per_worker));
    }
    // Empty means not recorded; otherwise one entry per worker.
    if (!per_worker->empty() && per_worker->size() != static_cast<std::size_t>(record.workers)) {
      reader.fail("field \"per_worker\" has " + std::to_string(per_worker->size()) +
                  " entries but \"workers\" is " + std::to_string(record.workers));
    }
    for (const json& worker : *per_worker) check_counters(reader, worker, "per_worker");
  }
  return record;
}

std::vector<RunRecord> read_run_records(std::istream& in, const std::string& source) {
  std::vector<RunRecord> records;
  std::string text;
  int line = 0;
  while (std::getline(in, text)) {
    ++line;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find_first_not_of(" \t") == std::string::npos) continue;
    records.push_back(parse_run_record(text, source, line));
  }
  return records;
}

std::vector<RunRecord> read_run_records_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw AnalysisError(path.string() + ": cannot open the run record file");
  return read_run_records(in, path.string());
}

}  // namespace stacksplit::analysis
