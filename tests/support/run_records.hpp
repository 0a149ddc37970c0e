#pragma once
// The run records a test's stacksplit run appended to a JSON Lines file
// (`--json`), read back: one object a non-empty line.

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace stacksplit::testing {

inline std::vector<nlohmann::json> read_run_records(const std::string& path) {
  std::vector<nlohmann::json> records;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) records.push_back(nlohmann::json::parse(line));
  return records;
}

// The first record, or null when the file holds none.
inline nlohmann::json first_run_record(const std::string& path) {
  std::vector<nlohmann::json> records = read_run_records(path);
  return records.empty() ? nlohmann::json() : std::move(records.front());
}

// The last record, or null when the file holds none.
inline nlohmann::json last_run_record(const std::string& path) {
  std::vector<nlohmann::json> records = read_run_records(path);
  return records.empty() ? nlohmann::json() : std::move(records.back());
}

}  // namespace stacksplit::testing
