#pragma once
// One run as the analysis sees it: the fields of a run record (core/run_record.cpp)
// that speedup, efficiency and isoefficiency need. The reader checks the other
// known fields but does not keep them; unknown fields are ignored.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace stacksplit::analysis {

inline constexpr std::string_view kRunRecordSchema = "stacksplit-run/1";

struct RunRecord {
  // Where the record came from, so later messages can name it.
  std::string source;
  int line = 0;

  std::string app;
  std::string instance;
  std::string scheme;
  std::string runtime;
  std::string topology;
  std::string machine;
  std::string split;
  std::optional<std::int64_t> cutoff;  // none: no cutoff depth
  std::string mode;
  std::string balance = "flat";                  // records before two-level machines: flat
  std::optional<std::int64_t> machine_nodes;     // R; none in older records
  std::optional<std::int64_t> workers_per_node;  // T
  int workers = 0;                               // P
  std::uint64_t nodes = 0;                       // W, the problem size
  double time_s = 0;                             // Tp, wall or virtual seconds
  std::string time_kind;                         // "wall" or "virtual"
  std::optional<double> sequential_time_s;       // T1, when the runtime knows it
};

}  // namespace stacksplit::analysis
