#pragma once
// A NetworkModel as a small JSON file, written by `stacksplit netchar` and
// read by runs given `--network FILE`:
//   {"schema": "stacksplit-network/2", "runtime": "sim", "machine": "now",
//    "latency_s": 0.0024145, "bandwidth_bytes_per_s": 960000,
//    "processors": [2, 16], "bytes": [8, 65536],
//    "exchanges": {"one_to_all": [{"bytes": [8, 1024],
//                                  "coefficients": [[c00, c01], [c10, c11], [c20, c21]]},
//                                 {"bytes": [1024, 8192], ...}, ...],
//                  "all_to_one": [...], "all_to_all": [...]}}
// where coefficients[a][b] multiplies P^a · bytes^b for the sizes of its
// piece (the last piece's end null: no end). Files of schema
// "stacksplit-network/1", one polynomial of rows for every size, still load.
// Every error is a NetworkFileError with one line, "FILE: what is wrong".

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "schemes/loop/cost_model/network_model.hpp"

namespace stacksplit::schemes::loop::cost_model {

inline constexpr std::string_view kNetworkSchema = "stacksplit-network/2";
inline constexpr std::string_view kNetworkSchemaOne = "stacksplit-network/1";

class NetworkFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What the run expects the file to have been measured on; empty fields are
// not checked.
struct NetworkExpectation {
  std::string runtime;
  std::string machine;
};

std::string network_model_json(const NetworkModel& model);
NetworkModel parse_network_model(std::string_view text, const std::string& source,
                                 const NetworkExpectation& expected = {});

void save_network_model(const NetworkModel& model, const std::filesystem::path& path);
NetworkModel load_network_model(const std::filesystem::path& path,
                                const NetworkExpectation& expected = {});

}  // namespace stacksplit::schemes::loop::cost_model
