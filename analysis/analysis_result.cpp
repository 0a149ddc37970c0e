#include "analysis/analysis_result.hpp"

#include <set>

namespace stacksplit::analysis {
namespace {

void label_series(AnalysisResult& result) {
  const Grouping& grouping = result.table.grouping;
  std::set<SeriesKey> keys;
  for (const EfficiencyCell& cell : result.table.cells) keys.insert(cell.series);

  std::vector<std::size_t> varying;
  for (std::size_t i = 0; i < grouping.fields().size(); ++i) {
    std::set<std::string> values;
    for (const SeriesKey& key : keys) values.insert(key[i]);
    std::string name(field_name(grouping.fields()[i]));
    if (values.size() > 1) {
      varying.push_back(i);
    } else if (!values.empty()) {
      result.common_fields.emplace_back(name, *values.begin());
    }
  }
  for (const SeriesKey& key : keys) {
    std::string label;
    if (varying.size() == 1 && grouping.fields()[varying[0]] == SeriesField::kScheme) {
      label = key[varying[0]];
    } else {
      for (std::size_t i : varying) {
        if (!label.empty()) label += " ";
        label += std::string(field_name(grouping.fields()[i])) + "=" + key[i];
      }
    }
    if (label.empty()) label = grouping.value_in(key, SeriesField::kScheme).value_or("all runs");
    result.labels[key] = label;
  }
}

IsoefficiencyResult fit_curve(IsoCurve curve) {
  IsoefficiencyResult result;
  std::vector<double> p, w;
  for (const IsoPoint& point : curve.points) {
    if (point.estimate.problem_size) {
      p.push_back(point.workers);
      w.push_back(*point.estimate.problem_size);
    }
  }
  result.model = select_model(p, w);
  if (!result.model) {
    result.model_note = p.size() < kMinPointsToFit
                            ? "not fitted: W(P) known at " + std::to_string(p.size()) +
                                  " values of P, a fit needs " + std::to_string(kMinPointsToFit)
                            : "not fitted: no hypothesis of the normal form fits these points";
  }
  result.theory = describe_theoretical_isoefficiency(curve.scheme, curve.machine);
  result.theory_entry = find_theoretical_isoefficiency(curve.scheme, curve.machine);
  if (result.model && result.theory_entry && result.theory_entry->form) {
    result.agrees_with_theory = result.model->best.hypothesis == *result.theory_entry->form;
  }
  result.curve = std::move(curve);
  return result;
}

}  // namespace

AnalysisResult analyze_records(const std::vector<RunRecord>& records, const Grouping& grouping,
                               const std::vector<double>& targets) {
  AnalysisResult result{build_efficiency_table(records, grouping), {}, {}, {}, records.size()};
  label_series(result);
  for (IsoCurve& curve : isoefficiency_curves(result.table, targets)) {
    result.isoefficiency.push_back(fit_curve(std::move(curve)));
  }
  return result;
}

}  // namespace stacksplit::analysis
