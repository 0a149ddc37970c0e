#pragma once
// Which record fields tell one series of measurements from another. A series
// is what one curve of a plot and one block of a table show, e.g. one scheme
// on one machine. The problem (app, instance) and P are never part of it: they
// are the axes. Runs that agree on every grouped field, the problem and P are
// repetitions of one configuration.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/run_record.hpp"

namespace stacksplit::analysis {

enum class SeriesField {
  kApp,
  kRuntime,
  kTopology,
  kMachine,
  kScheme,
  kSplit,
  kCutoff,
  kMode,
  kBalance,
  kMachineNodes,
  kWorkersPerNode,
  kTimeKind
};

struct SeriesFieldInfo {
  SeriesField field;
  std::string_view name;  // as in the record and on the command line
  std::string_view meaning;
  // Part of the grouping when --group-by is not given. The machine's nodes
  // and workers a node are not: on one shared memory, or a simulated machine
  // of a fixed node size, they change with P, the axis.
  bool by_default = true;
};

// The one table of groupable fields; the --group-by help comes from it.
inline constexpr std::array<SeriesFieldInfo, 12> kSeriesFields{{
    {SeriesField::kApp, "app", "search application"},
    {SeriesField::kRuntime, "runtime", "threads, step, mpi or sim"},
    {SeriesField::kTopology, "topology", "logical topology of the workers"},
    {SeriesField::kMachine, "machine", "simulated machine model"},
    {SeriesField::kScheme, "scheme", "load-balancing scheme"},
    {SeriesField::kSplit, "split", "stack splitting strategy"},
    {SeriesField::kCutoff, "cutoff", "cutoff depth (none when absent)"},
    {SeriesField::kMode, "mode", "count or first"},
    {SeriesField::kBalance, "balance", "flat or two-level (flat when absent)"},
    {SeriesField::kMachineNodes, "machine_nodes",
     "nodes of the machine, R (MPI ranks, simulated nodes; only with --group-by)", false},
    {SeriesField::kWorkersPerNode, "workers_per_node",
     "workers a node, T (a rank's threads, a node's cores; only with --group-by)", false},
    {SeriesField::kTimeKind, "time_kind", "wall or virtual seconds (always grouped)"},
}};

std::string_view field_name(SeriesField field);
std::string field_value(const RunRecord& record, SeriesField field);

// The values of the grouped fields of one series, in Grouping::fields() order.
using SeriesKey = std::vector<std::string>;

class Grouping {
 public:
  // Every field but those only --group-by names: only repetitions share a
  // series.
  static Grouping by_all_fields();
  // From names as given to --group-by. time_kind is always added, because
  // wall and virtual seconds must never be compared. An unknown name is an
  // OptionError listing the known ones.
  static Grouping from_names(const std::vector<std::string>& names);

  const std::vector<SeriesField>& fields() const { return fields_; }
  SeriesKey key_of(const RunRecord& record) const;
  // The value of `field` in `key`; nullopt when this grouping does not keep it.
  std::optional<std::string> value_in(const SeriesKey& key, SeriesField field) const;

 private:
  explicit Grouping(std::vector<SeriesField> fields) : fields_(std::move(fields)) {}
  std::vector<SeriesField> fields_;
};

}  // namespace stacksplit::analysis
