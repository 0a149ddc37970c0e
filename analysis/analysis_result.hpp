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
  // The fitted form against the literature's O() bound; nullopt when there is
  // no ranked fit or no bound, and verdict_note says which.
  std::optional<BoundVerdict> verdict;
  std::string verdict_note;  // the verdict in words, or why there is none
};

// Longer legend entries crowd a plot out of its own image.
inline constexpr std::size_t kMaxKeyLength = 20;

struct AnalysisResult {
  EfficiencyTable table;
  std::vector<IsoefficiencyResult> isoefficiency;
  // A name per series: the grouped fields that differ between series.
  std::map<SeriesKey, std::string> labels;
  // The grouped fields every series shares, as (name, value).
  std::vector<std::pair<std::string, std::string>> common_fields;
  std::size_t record_count = 0;
  // A legend key per series, at most kMaxKeyLength characters: the label, or
  // the values of the fewest grouped fields that tell the series apart, or
  // S1, S2, ... The CSV files pair each key with its label.
  std::map<SeriesKey, std::string> keys;
  // The fields whose values make the keys, when they do.
  std::vector<std::string> key_fields;

  const std::string& label(const SeriesKey& key) const { return labels.at(key); }
  const std::string& key(const SeriesKey& series) const { return keys.at(series); }
};

// `targets` are efficiencies strictly between 0 and 1 (checked by the caller).
AnalysisResult analyze_records(const std::vector<RunRecord>& records, const Grouping& grouping,
                               const std::vector<double>& targets);

}  // namespace stacksplit::analysis
