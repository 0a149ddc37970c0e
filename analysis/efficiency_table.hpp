#pragma once
// Speedup, efficiency and total overhead per configuration, from run records (core/run_record.cpp):
//   S = T1 / Tp,   E = T1 / (P·Tp),   To = P·Tp − T1.
// Repeated runs of one configuration count by their median time. T1 comes
// from the records' sequential_time_s when they carry it; otherwise from the
// runs with P = 1 of the same app, instance, runtime, machine and topology, any
// scheme (their median). Without either, or with Tp = 0 (a run shorter than
// the clock), E is not computable and the cell says why instead of guessing.

#include <optional>
#include <string>
#include <vector>

#include "analysis/run_record.hpp"
#include "analysis/series_grouping.hpp"

namespace stacksplit::analysis {

// One configuration: a series, a problem and a P.
struct EfficiencyCell {
  SeriesKey series;
  std::string app;
  std::string instance;
  int workers = 0;
  double problem_size = 0;                  // W: median nodes of the runs
  double parallel_time_s = 0;               // Tp: median time of the runs
  std::optional<double> sequential_time_s;  // T1
  std::string not_computable;               // why S, E and To are unknown, when they are
  int runs = 0;
  // The scheme and machine of the runs; empty when the grouping pools several.
  std::string scheme;
  std::string machine;

  std::optional<double> speedup() const;
  std::optional<double> efficiency() const;
  std::optional<double> overhead_s() const;
};

struct EfficiencyTable {
  Grouping grouping;
  // By series, then problem (smallest W first), then P.
  std::vector<EfficiencyCell> cells;
};

EfficiencyTable build_efficiency_table(const std::vector<RunRecord>& records,
                                       const Grouping& grouping);

// The median; the mean of the middle two for an even count. `values` is not empty.
double median(std::vector<double> values);

}  // namespace stacksplit::analysis
