#pragma once
// The whole analysis of a set of run records, computed once and then printed,
// written as CSV, plotted and exported: the efficiency table, and for every
// series and target efficiency the isoefficiency curve, its fitted model and
// the literature's prediction.

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analysis/efficiency_table.hpp"
#include "analysis/isoefficiency.hpp"
#include "analysis/model_fit.hpp"
#include "analysis/run_record.hpp"
#include "analysis/series_grouping.hpp"
#include "analysis/theoretical_isoefficiency.hpp"

namespace stacksplit::analysis {

struct IsoefficiencyResult {
  IsoCurve curve;
  std::optional<ModelSelection> model;
  std::string model_note;  // why there is no model, when there is none
  std::string theory;      // the literature's value and source, or why none
  const TheoreticalIsoefficiency* theory_entry = nullptr;
  // Whether the fitted (a, b) are the predicted ones; nullopt when either the
  // fit or a predicted normal form is missing.
  std::optional<bool> agrees_with_theory;
};

struct AnalysisResult {
  EfficiencyTable table;
  std::vector<IsoefficiencyResult> isoefficiency;
  // A short name per series: the grouped fields that differ between series.
  std::map<SeriesKey, std::string> labels;
  // The grouped fields every series shares, as (name, value).
  std::vector<std::pair<std::string, std::string>> common_fields;
  std::size_t record_count = 0;

  const std::string& label(const SeriesKey& key) const { return labels.at(key); }
};

// `targets` are efficiencies strictly between 0 and 1 (checked by the caller).
AnalysisResult analyze_records(const std::vector<RunRecord>& records, const Grouping& grouping,
                               const std::vector<double>& targets);

}  // namespace stacksplit::analysis
