#include "analysis/isoefficiency.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "analysis/text_table.hpp"

namespace stacksplit::analysis {

ProblemSizeEstimate interpolate_problem_size(std::vector<SizeEfficiency> samples, double target) {
  if (samples.empty()) return {std::nullopt, "no problem size with a computable efficiency"};
  std::sort(samples.begin(), samples.end(), [](const SizeEfficiency& a, const SizeEfficiency& b) {
    return a.problem_size < b.problem_size;
  });
  // The largest size still below the target; the next one up reaches it.
  auto below = std::find_if(samples.rbegin(), samples.rend(),
                            [&](const SizeEfficiency& s) { return s.efficiency < target; });
  if (below == samples.rend()) {
    return {std::nullopt, "E >= " + format_number(target) + " already at the smallest size W = " +
                              format_number(samples.front().problem_size)};
  }
  if (below == samples.rbegin()) {
    return {std::nullopt, "E < " + format_number(target) + " up to the largest size W = " +
                              format_number(samples.back().problem_size) +
                              " (E = " + format_number(samples.back().efficiency) + ")"};
  }
  const SizeEfficiency& low = *below;
  const SizeEfficiency& high = *std::prev(below);
  double t = (target - low.efficiency) / (high.efficiency - low.efficiency);
  double log_w =
      std::log(low.problem_size) + t * (std::log(high.problem_size) - std::log(low.problem_size));
  return {std::exp(log_w), {}};
}

std::vector<IsoCurve> isoefficiency_curves(const EfficiencyTable& table,
                                           const std::vector<double>& targets) {
  // Cells of a series by P; the cells are already in series order.
  std::vector<std::pair<SeriesKey, std::map<int, std::vector<const EfficiencyCell*>>>> series;
  for (const EfficiencyCell& cell : table.cells) {
    if (series.empty() || series.back().first != cell.series) series.push_back({cell.series, {}});
    if (cell.workers > 1) series.back().second[cell.workers].push_back(&cell);
  }

  std::vector<IsoCurve> curves;
  for (const auto& [key, cells_by_p] : series) {
    std::string scheme, machine;
    bool first = true;
    for (const auto& [p, cells] : cells_by_p) {
      for (const EfficiencyCell* c : cells) {
        if (first) {
          scheme = c->scheme;
          machine = c->machine;
          first = false;
        }
        if (c->scheme != scheme) scheme.clear();
        if (c->machine != machine) machine.clear();
      }
    }
    for (double target : targets) {
      IsoCurve curve{key, target, {}, scheme, machine};
      for (const auto& [p, cells] : cells_by_p) {
        std::vector<SizeEfficiency> samples;
        std::string missing;
        for (const EfficiencyCell* c : cells) {
          if (auto e = c->efficiency()) {
            samples.push_back({c->problem_size, *e});
          } else if (missing.empty()) {
            missing = c->not_computable;
          }
        }
        IsoPoint point{p, interpolate_problem_size(samples, target)};
        if (samples.empty() && !missing.empty()) point.estimate.note = missing;
        curve.points.push_back(std::move(point));
      }
      curves.push_back(std::move(curve));
    }
  }
  return curves;
}

}  // namespace stacksplit::analysis
