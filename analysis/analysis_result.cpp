#include "analysis/analysis_result.hpp"

#include <algorithm>
#include <cstdio>
#include <set>

namespace stacksplit::analysis {
namespace {

// The fewest of the differing fields whose values still tell every series
// apart: fields often differ together (a sim run differs from a threads run
// in runtime, topology, machine and time_kind at once), and one of them is
// enough. Among as few fields, those with the scheme win, then table order.
std::vector<std::size_t> distinguishing_fields(const std::set<SeriesKey>& keys,
                                               const std::vector<std::size_t>& varying,
                                               std::size_t scheme_index) {
  std::vector<std::size_t> best = varying;
  bool best_has_scheme = true;
  const std::size_t n = varying.size();
  // At most 2^12 subsets: every field of kSeriesFields may vary.
  for (std::size_t mask = 1; mask < (std::size_t{1} << n); ++mask) {
    std::vector<std::size_t> fields;
    for (std::size_t j = 0; j < n; ++j) {
      if (mask & (std::size_t{1} << j)) fields.push_back(varying[j]);
    }
    std::set<std::vector<std::string>> seen;
    for (const SeriesKey& key : keys) {
      std::vector<std::string> values;
      for (std::size_t i : fields) values.push_back(key[i]);
      seen.insert(values);
    }
    if (seen.size() != keys.size()) continue;
    const bool has_scheme = std::count(fields.begin(), fields.end(), scheme_index) > 0;
    if (fields.size() < best.size() ||
        (fields.size() == best.size() && has_scheme && !best_has_scheme) ||
        (fields.size() == best.size() && has_scheme == best_has_scheme && fields < best)) {
      best = fields;
      best_has_scheme = has_scheme;
    }
  }
  return best;
}

// Keys of one kind for every series: the labels when all are short, else the
// values of the fewest fields that tell the series apart, else numbers.
void key_series(AnalysisResult& result, const std::set<SeriesKey>& keys,
                const std::vector<std::size_t>& varying) {
  auto all_short = [](const std::map<SeriesKey, std::string>& names) {
    return std::all_of(names.begin(), names.end(),
                       [](const auto& entry) { return entry.second.size() <= kMaxKeyLength; });
  };
  if (all_short(result.labels)) {
    result.keys = result.labels;
    return;
  }
  const auto& fields = result.table.grouping.fields();
  const std::size_t scheme_index =
      std::find(fields.begin(), fields.end(), SeriesField::kScheme) - fields.begin();
  const std::vector<std::size_t> chosen = distinguishing_fields(keys, varying, scheme_index);
  std::map<SeriesKey, std::string> values;
  for (const SeriesKey& key : keys) {
    std::string& text = values[key];
    for (std::size_t i : chosen) text += (text.empty() ? "" : " ") + key[i];
  }
  if (all_short(values)) {
    result.keys = std::move(values);
    for (std::size_t i : chosen) result.key_fields.emplace_back(field_name(fields[i]));
    return;
  }
  int number = 1;
  for (const SeriesKey& key : keys) {
    char text[16];  // snprintf: GCC 12 warns falsely (-Wrestrict) on "S" + string
    std::snprintf(text, sizeof text, "S%d", number++);
    result.keys[key] = text;
  }
}

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
  key_series(result, keys, varying);
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
  if (result.theory_entry == nullptr) {
    // The theory line already says why there is nothing to compare with.
  } else if (!result.theory_entry->bound) {
    result.verdict_note = "no verdict: the form is not a bound P^a*log2(P)^b";
  } else if (!result.model) {
    result.verdict_note = "no verdict without a fit";
  } else if (result.model->indicative()) {
    result.verdict_note = "no verdict from an indicative fit";
  } else {
    const Hypothesis& fitted = result.model->best.hypothesis;
    result.verdict = judge_against_bound(fitted, *result.theory_entry->bound);
    result.verdict_note = describe_verdict(*result.verdict, fitted, *result.theory_entry->bound,
                                           result.model->smallest_p, result.model->largest_p);
  }
  result.curve = std::move(curve);
  return result;
}

}  // namespace

AnalysisResult analyze_records(const std::vector<RunRecord>& records, const Grouping& grouping,
                               const std::vector<double>& targets) {
  AnalysisResult result{
      build_efficiency_table(records, grouping), {}, {}, {}, records.size(), {}, {}};
  label_series(result);
  for (IsoCurve& curve : isoefficiency_curves(result.table, targets)) {
    result.isoefficiency.push_back(fit_curve(std::move(curve)));
  }
  return result;
}

}  // namespace stacksplit::analysis
