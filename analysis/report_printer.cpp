#include "analysis/report_printer.hpp"

#include <cmath>
#include <set>

#include "analysis/text_table.hpp"

namespace stacksplit::analysis {
namespace {

std::string optional_number(const std::optional<double>& value) {
  return value ? format_number(*value) : "-";
}

// To is a difference of nearly equal numbers at P = 1 and for tiny overheads;
// rounding residue such as 5e-15 s would read as a measurement.
std::string overhead_text(const EfficiencyCell& cell) {
  auto overhead = cell.overhead_s();
  if (overhead && std::abs(*overhead) < 1e-9 * cell.workers * cell.parallel_time_s) return "0";
  return optional_number(overhead);
}

// The unit of a series' times: simulated runs count virtual seconds, which
// must not be read as the seconds a user waited.
std::string time_unit(const AnalysisResult& result, const SeriesKey& series) {
  auto kind = result.table.grouping.value_in(series, SeriesField::kTimeKind);
  return kind && *kind == "virtual" ? "virtual s" : "s";
}

void print_efficiency(const AnalysisResult& result, std::ostream& out) {
  out << "Speedup S = T1/Tp, efficiency E = T1/(P*Tp), overhead To = P*Tp - T1"
      << " (median of repeated runs); W in nodes expanded, times in wall seconds,"
      << " or virtual seconds of the simulated machine\n";
  std::set<std::string> missing;
  const auto& cells = result.table.cells;
  for (std::size_t begin = 0; begin < cells.size();) {
    std::size_t end = begin;
    while (end < cells.size() && cells[end].series == cells[begin].series) ++end;
    out << "\n" << result.label(cells[begin].series) << "\n";
    const std::string unit = " (" + time_unit(result, cells[begin].series) + ")";
    TextTable table({"problem", "W (nodes)", "P", "Tp" + unit, "T1" + unit, "speedup", "efficiency",
                     "To" + unit, "runs"});
    for (std::size_t i = begin; i < end; ++i) {
      const EfficiencyCell& c = cells[i];
      table.add_row({c.app + "/" + c.instance, format_number(c.problem_size),
                     std::to_string(c.workers), format_number(c.parallel_time_s),
                     optional_number(c.sequential_time_s), optional_number(c.speedup()),
                     optional_number(c.efficiency()), overhead_text(c), std::to_string(c.runs)});
      if (!c.not_computable.empty()) missing.insert(c.not_computable);
    }
    table.print(out);
    begin = end;
  }
  if (!missing.empty()) {
    out << "\nNot computable (\"-\"):\n";
    for (const std::string& why : missing) out << "  " << why << "\n";
  }
}

void print_isoefficiency(const IsoefficiencyResult& iso, const AnalysisResult& result,
                         std::ostream& out) {
  out << "\n"
      << result.label(iso.curve.series) << ", E = " << format_number(iso.curve.target_efficiency)
      << "\n";
  TextTable table({"P", "W(P) (nodes)", "model", "note"});
  table.align_left(3);
  for (const IsoPoint& point : iso.curve.points) {
    const auto& w = point.estimate.problem_size;
    std::string model =
        w && iso.model ? format_number(iso.model->best.evaluate(point.workers)) : "";
    table.add_row({std::to_string(point.workers), optional_number(w), model, point.estimate.note});
  }
  if (table.empty()) {
    out << "  no measurement with P > 1\n";
  } else {
    table.print(out);
  }
  if (iso.model) {
    const ModelSelection& model = *iso.model;
    const ModelFit& best = model.best;
    const std::string points = std::to_string(model.points) +
                               " points (P = " + format_number(model.smallest_p) + " to " +
                               format_number(model.largest_p) + ")";
    if (model.indicative()) {
      out << "  model:  W(P) = " << best.to_string() << " (indicative)\n"
          << "  fit:    " << points << ": indicative only, ranking " << model.candidates.size()
          << " hypotheses needs at least " << kMinPointsToRank << " points; SMAPE "
          << format_number(best.smape, 3) << "% on the points\n";
    } else {
      out << "  model:  W(P) = " << best.to_string() << "\n"
          << "  fit:    " << points << ", LOO-CV SMAPE " << format_number(best.cv_smape, 3)
          << "%, SMAPE " << format_number(best.smape, 3) << "%, R^2 "
          << format_number(best.r_squared, 5) << ", best of " << model.candidates.size()
          << " hypotheses\n";
      if (model.candidates.size() > 1) {
        const ModelFit& next = model.candidates[1];
        out << "  next:   W(P) = " << next.to_string() << " (LOO-CV SMAPE "
            << format_number(next.cv_smape, 3) << "%)\n";
      }
    }
  } else {
    out << "  model:  " << iso.model_note << "\n";
  }
  out << "  theory: " << iso.theory << "\n";
  if (!iso.verdict_note.empty()) out << "          " << iso.verdict_note << "\n";
}

}  // namespace

void print_report(const AnalysisResult& result, std::ostream& out) {
  out << result.record_count << " run records, " << result.labels.size() << " series\n";
  if (!result.common_fields.empty()) {
    out << "Common to all series:";
    for (const auto& [name, value] : result.common_fields) out << " " << name << "=" << value;
    out << "\n";
  }
  out << "\n";
  print_efficiency(result, out);
  if (!result.isoefficiency.empty()) {
    out << "\nIsoefficiency: W(P) keeping efficiency E, interpolated in log W;"
        << " model c0 + c1*P^a*log2(P)^b chosen by leave-one-out SMAPE"
        << " (indicative only below " << kMinPointsToRank << " points);"
        << " the literature's forms are O() bounds, so a fit is within a bound or grows faster\n";
  }
  for (const IsoefficiencyResult& iso : result.isoefficiency) print_isoefficiency(iso, result, out);
}

}  // namespace stacksplit::analysis
