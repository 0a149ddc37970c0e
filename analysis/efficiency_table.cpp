#include "analysis/efficiency_table.hpp"

#include <algorithm>
#include <cassert>
#include <map>
#include <set>
#include <tuple>

namespace stacksplit::analysis {
namespace {

// Runs whose P = 1 time is a T1 for each other. time_kind is in the key
// although runtime decides it, so wall and virtual seconds never meet.
using SequentialKey =
    std::tuple<std::string, std::string, std::string, std::string, std::string, std::string>;

SequentialKey sequential_key(const RunRecord& r) {
  return {r.app, r.instance, r.runtime, r.machine, r.topology, r.time_kind};
}

using CellKey = std::tuple<SeriesKey, std::string, std::string, int>;

// The common value of `field` over the runs, or empty when they differ.
template <class Field>
std::string common(const std::vector<const RunRecord*>& runs, Field field) {
  std::set<std::string> values;
  for (const RunRecord* r : runs) values.insert(field(*r));
  return values.size() == 1 ? *values.begin() : std::string();
}

}  // namespace

std::optional<double> EfficiencyCell::speedup() const {
  if (!not_computable.empty()) return std::nullopt;
  return *sequential_time_s / parallel_time_s;
}

std::optional<double> EfficiencyCell::efficiency() const {
  if (!not_computable.empty()) return std::nullopt;
  return *sequential_time_s / (workers * parallel_time_s);
}

std::optional<double> EfficiencyCell::overhead_s() const {
  if (!not_computable.empty()) return std::nullopt;
  return workers * parallel_time_s - *sequential_time_s;
}

double median(std::vector<double> values) {
  assert(!values.empty());
  std::sort(values.begin(), values.end());
  std::size_t middle = values.size() / 2;
  if (values.size() % 2 == 1) return values[middle];
  return (values[middle - 1] + values[middle]) / 2;
}

EfficiencyTable build_efficiency_table(const std::vector<RunRecord>& records,
                                       const Grouping& grouping) {
  std::map<SequentialKey, std::vector<double>> one_worker_times;
  for (const RunRecord& r : records) {
    if (r.workers == 1) one_worker_times[sequential_key(r)].push_back(r.time_s);
  }
  std::map<SequentialKey, double> one_worker_median;
  for (auto& [key, times] : one_worker_times) one_worker_median[key] = median(times);

  std::map<CellKey, std::vector<const RunRecord*>> runs_by_cell;
  for (const RunRecord& r : records) {
    runs_by_cell[{grouping.key_of(r), r.app, r.instance, r.workers}].push_back(&r);
  }

  EfficiencyTable table{grouping, {}};
  for (const auto& [key, runs] : runs_by_cell) {
    EfficiencyCell cell;
    std::tie(cell.series, cell.app, cell.instance, cell.workers) = key;
    cell.runs = static_cast<int>(runs.size());
    std::vector<double> sizes, times, sequential;
    for (const RunRecord* r : runs) {
      sizes.push_back(static_cast<double>(r->nodes));
      times.push_back(r->time_s);
      if (r->sequential_time_s) {
        sequential.push_back(*r->sequential_time_s);
      } else if (auto it = one_worker_median.find(sequential_key(*r));
                 it != one_worker_median.end()) {
        sequential.push_back(it->second);
      }
    }
    cell.problem_size = median(sizes);
    cell.parallel_time_s = median(times);
    const RunRecord& r = *runs.front();
    if (!sequential.empty()) {
      cell.sequential_time_s = median(sequential);
    } else {
      cell.not_computable = "no T1 for " + r.app + "/" + r.instance +
                            ": no run with workers = 1 on " + r.runtime + "/" + r.machine + "/" +
                            r.topology + " and no sequential_time_s";
    }
    if (cell.parallel_time_s == 0 && cell.not_computable.empty()) {
      cell.not_computable = "Tp = 0 for " + r.app + "/" + r.instance +
                            " at P = " + std::to_string(r.workers) + ": too short for the clock";
    }
    cell.scheme = common(runs, [](const RunRecord& r) { return r.scheme; });
    cell.machine = common(runs, [](const RunRecord& r) { return r.machine; });
    table.cells.push_back(std::move(cell));
  }

  // Problems in order of size within a series, so tables and plots read from
  // small to large; the smallest W over P stands for the problem.
  std::map<std::tuple<SeriesKey, std::string, std::string>, double> smallest;
  for (const EfficiencyCell& c : table.cells) {
    auto [it, inserted] = smallest.try_emplace({c.series, c.app, c.instance}, c.problem_size);
    if (!inserted) it->second = std::min(it->second, c.problem_size);
  }
  auto order = [&](const EfficiencyCell& c) {
    return std::tuple(c.series, smallest.at({c.series, c.app, c.instance}), c.app, c.instance,
                      c.workers);
  };
  std::sort(table.cells.begin(), table.cells.end(),
            [&](const EfficiencyCell& a, const EfficiencyCell& b) { return order(a) < order(b); });
  return table;
}

}  // namespace stacksplit::analysis
