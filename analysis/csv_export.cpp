#include "analysis/csv_export.hpp"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <optional>

#include "analysis/output_file.hpp"

namespace stacksplit::analysis {
namespace {

// The shortest text that reads back as the same double: every digit CSV's
// further computation needs, and 0.7 rather than 0.69999999999999996.
std::string number(double value) {
  char buffer[64];
  auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
  assert(error == std::errc());
  return std::string(buffer, end);
}

std::string number(const std::optional<double>& value) { return value ? number(*value) : ""; }

class CsvWriter {
 public:
  explicit CsvWriter(std::ostream& out) : out_(out) {}
  CsvWriter& operator<<(std::string_view field) {
    if (!first_) out_ << ',';
    out_ << csv_field(field);
    first_ = false;
    return *this;
  }
  void end_row() {
    out_ << '\n';
    first_ = true;
  }

 private:
  std::ostream& out_;
  bool first_ = true;
};

// The grouped fields, then the series' label and its legend key in the plots.
void write_series_header(CsvWriter& csv, const Grouping& grouping) {
  for (SeriesField field : grouping.fields()) csv << field_name(field);
  csv << "series"
      << "key";
}

void write_series(CsvWriter& csv, const AnalysisResult& result, const SeriesKey& key) {
  for (const std::string& value : key) csv << value;
  csv << result.label(key) << result.key(key);
}

bool groups_app(const Grouping& grouping) {
  const auto& fields = grouping.fields();
  return std::find(fields.begin(), fields.end(), SeriesField::kApp) != fields.end();
}

void write_efficiency(const AnalysisResult& result, std::ostream& out) {
  CsvWriter csv(out);
  write_series_header(csv, result.table.grouping);
  // The problem is (app, instance); app is a column already when grouped.
  const bool app_column = !groups_app(result.table.grouping);
  if (app_column) csv << "app";
  for (const char* name : {"instance", "workers", "problem_size", "parallel_time_s",
                           "sequential_time_s", "speedup", "efficiency", "overhead_s", "runs"}) {
    csv << name;
  }
  csv.end_row();
  for (const EfficiencyCell& c : result.table.cells) {
    write_series(csv, result, c.series);
    if (app_column) csv << c.app;
    csv << c.instance << std::to_string(c.workers) << number(c.problem_size)
        << number(c.parallel_time_s) << number(c.sequential_time_s) << number(c.speedup())
        << number(c.efficiency()) << number(c.overhead_s()) << std::to_string(c.runs);
    csv.end_row();
  }
}

void write_isoefficiency(const AnalysisResult& result, std::ostream& out) {
  CsvWriter csv(out);
  write_series_header(csv, result.table.grouping);
  for (const char* name :
       {"target_efficiency", "workers", "problem_size", "model_problem_size", "note"}) {
    csv << name;
  }
  csv.end_row();
  for (const IsoefficiencyResult& iso : result.isoefficiency) {
    for (const IsoPoint& point : iso.curve.points) {
      write_series(csv, result, iso.curve.series);
      std::optional<double> model;
      if (iso.model) model = iso.model->best.evaluate(point.workers);
      csv << number(iso.curve.target_efficiency) << std::to_string(point.workers)
          << number(point.estimate.problem_size) << number(model) << point.estimate.note;
      csv.end_row();
    }
  }
}

void write_models(const AnalysisResult& result, std::ostream& out) {
  CsvWriter csv(out);
  write_series_header(csv, result.table.grouping);
  for (const char* name :
       {"target_efficiency", "model", "a", "b", "c0", "c1", "points", "indicative", "cv_smape",
        "smape", "r_squared", "theory", "verdict", "verdict_note", "note"}) {
    csv << name;
  }
  csv.end_row();
  for (const IsoefficiencyResult& iso : result.isoefficiency) {
    write_series(csv, result, iso.curve.series);
    csv << number(iso.curve.target_efficiency);
    if (iso.model) {
      const ModelFit& m = iso.model->best;
      csv << m.to_string() << number(m.hypothesis.a.value()) << std::to_string(m.hypothesis.b)
          << number(m.c0) << number(m.c1) << std::to_string(iso.model->points)
          << (iso.model->indicative() ? "yes" : "no") << number(m.cv_smape) << number(m.smape)
          << number(m.r_squared);
    } else {
      for (int i = 0; i < 10; ++i) csv << "";
    }
    std::string verdict;
    if (iso.verdict) verdict = *iso.verdict == BoundVerdict::kWithinBound ? "within" : "faster";
    csv << iso.theory << verdict << iso.verdict_note << iso.model_note;
    csv.end_row();
  }
}

}  // namespace

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\n\r") == std::string_view::npos) return std::string(text);
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

std::vector<std::filesystem::path> write_csv_files(const AnalysisResult& result,
                                                   const std::filesystem::path& directory) {
  return {
      write_output_file(directory / "efficiency.csv",
                        [&](std::ostream& out) { write_efficiency(result, out); }),
      write_output_file(directory / "isoefficiency.csv",
                        [&](std::ostream& out) { write_isoefficiency(result, out); }),
      write_output_file(directory / "isoefficiency_models.csv",
                        [&](std::ostream& out) { write_models(result, out); }),
  };
}

}  // namespace stacksplit::analysis
