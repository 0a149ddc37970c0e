#include "analysis/plot_writer.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "analysis/gnuplot_script.hpp"
#include "analysis/output_file.hpp"

namespace stacksplit::analysis {
namespace {

using namespace gnuplot;

// Keys that are not the labels themselves are explained under the plot:
// which fields they are made of, or which label each number stands for while
// that takes a few lines; else the CSV files' key column does it.
void explain_keys(const AnalysisResult& result, Plot& plot) {
  if (!result.key_fields.empty()) {
    std::string line = "keys: values of";
    for (const std::string& field : result.key_fields) line += " " + field;
    plot.caption.push_back(line + " (full series names: column series of the CSV files)");
    return;
  }
  std::vector<std::string> lines;
  for (const auto& [series, key] : result.keys) {
    if (key != result.label(series)) lines.push_back(key + " = " + result.label(series));
  }
  if (lines.size() > 6) {
    plot.caption.push_back("keys: see the columns series and key of the CSV files");
  } else {
    plot.caption.insert(plot.caption.end(), lines.begin(), lines.end());
  }
}

Plot speedup_plot(const AnalysisResult& result) {
  Plot plot{"speedup",
            "Speedup vs P",
            {"processors P", true, TickStyle::kNumber},
            {"speedup T1/Tp", true, TickStyle::kNumber}};
  // Per series, the problem measured at the most P (the larger on a tie):
  // one curve per series keeps the plot readable.
  using Problem = std::pair<std::string, std::string>;
  std::map<SeriesKey, std::map<Problem, Curve>> by_problem;
  std::map<SeriesKey, std::map<Problem, double>> sizes;
  for (const EfficiencyCell& c : result.table.cells) {
    auto speedup = c.speedup();
    if (!speedup) continue;
    by_problem[c.series][{c.app, c.instance}].points.emplace_back(c.workers, *speedup);
    double& w = sizes[c.series][{c.app, c.instance}];
    w = std::max(w, c.problem_size);
  }
  // The problem goes into the caption, once for the series that share it:
  // an instance given by its parameters is far too long for a legend.
  std::map<Problem, std::vector<std::string>> keys_by_problem;
  int index = 1;
  double p_high = 0;
  for (auto& [series, problems] : by_problem) {
    auto best = std::max_element(problems.begin(), problems.end(), [&](auto& a, auto& b) {
      return std::pair(a.second.points.size(), sizes[series][a.first]) <
             std::pair(b.second.points.size(), sizes[series][b.first]);
    });
    Curve curve = best->second;
    curve.key = result.key(series);
    curve.name = result.label(series) + " on " + best->first.first + "/" + best->first.second;
    curve.style = "linespoints pointtype " +
                  std::to_string(kPointTypes[(index - 1) / kColors % std::size(kPointTypes)]) +
                  " " + color(index);
    ++index;
    for (const auto& point : curve.points) p_high = std::max(p_high, point.first);
    keys_by_problem[best->first].push_back(curve.key);
    plot.curves.push_back(std::move(curve));
  }
  if (plot.curves.empty()) return plot;
  // The ideal S = P as data over the measured P, so it keeps to the range.
  plot.curves.push_back({"ideal S = P",
                         "ideal S = P",
                         {{1, 1}, {p_high, p_high}},
                         "lines dashtype 3 linecolor rgb 'gray'"});
  // The problem first: when a line is cut, the series it lists are lost.
  for (const auto& [problem, keys] : keys_by_problem) {
    std::string line = "problem (measured at the most P): " + problem.first + "/" + problem.second;
    if (keys_by_problem.size() > 1) {
      for (std::size_t i = 0; i < keys.size(); ++i) line += (i ? ", " : ", for ") + keys[i];
    }
    plot.caption.push_back(line);
  }
  explain_keys(result, plot);
  return plot;
}

Plot efficiency_plot(const AnalysisResult& result) {
  Plot plot{"efficiency",
            "Efficiency vs problem size W",
            {"problem size W (nodes)", true, TickStyle::kPower},
            {"efficiency T1/(P*Tp)", false, TickStyle::kNumber}};
  std::map<std::pair<SeriesKey, int>, Curve> curves;
  std::map<SeriesKey, int> point_types;
  std::map<int, int> colors;
  for (const EfficiencyCell& c : result.table.cells) {
    auto e = c.efficiency();
    if (!e || c.workers == 1) continue;
    curves[{c.series, c.workers}].points.emplace_back(c.problem_size, *e);
    point_types.try_emplace(c.series, 0);
    colors.try_emplace(c.workers, 0);
  }
  // The same P has the same colour in every series, and a series keeps its
  // point shape; the legend lists colours and shapes once each, not every
  // combination.
  int next = 0;
  for (auto& [series, type] : point_types) type = kPointTypes[next++ % std::size(kPointTypes)];
  next = 1;
  for (auto& [p, color] : colors) color = next++;
  for (auto& [key, curve] : curves) {
    std::sort(curve.points.begin(), curve.points.end());
    curve.name = result.label(key.first) + " P=" + std::to_string(key.second);
    curve.style = "linespoints pointtype " + std::to_string(point_types[key.first]) + " " +
                  color(colors[key.second]);
    plot.curves.push_back(std::move(curve));
  }
  if (point_types.size() > 1) {
    for (const auto& [series, type] : point_types) {
      plot.legend.push_back({result.key(series), "points pointtype " + std::to_string(type) +
                                                     " linecolor rgb 'black'"});
    }
  } else if (!point_types.empty()) {
    plot.caption.push_back("series: " + result.label(point_types.begin()->first));
  }
  for (const auto& [p, index] : colors) {
    plot.legend.push_back({"P = " + std::to_string(p), "lines linewidth 2 " + color(index)});
  }
  explain_keys(result, plot);
  return plot;
}

Plot isoefficiency_plot(const AnalysisResult& result) {
  Plot plot{"isoefficiency",
            "Isoefficiency W(P) with fitted models",
            {"processors P", true, TickStyle::kNumber},
            {"problem size W keeping E (nodes)", true, TickStyle::kPower}};
  // A colour per series, a point shape per target efficiency; each fit is
  // dashed in its series' colour over the P it was fitted on.
  std::map<SeriesKey, int> colors;
  std::map<double, int> point_types;
  for (const IsoefficiencyResult& iso : result.isoefficiency) {
    bool any = std::any_of(iso.curve.points.begin(), iso.curve.points.end(),
                           [](const IsoPoint& p) { return p.estimate.problem_size.has_value(); });
    if (!any) continue;
    colors.try_emplace(iso.curve.series, 0);
    point_types.try_emplace(iso.curve.target_efficiency, 0);
  }
  int next = 1;
  for (auto& [series, index] : colors) index = next++;
  next = 0;
  for (auto& [target, type] : point_types) type = kPointTypes[next++ % std::size(kPointTypes)];

  bool any_fit = false;
  for (const IsoefficiencyResult& iso : result.isoefficiency) {
    if (!colors.count(iso.curve.series)) continue;
    const std::string name =
        result.label(iso.curve.series) + " E=" + number(iso.curve.target_efficiency);
    Curve points{name, "", {}, ""};
    for (const IsoPoint& p : iso.curve.points) {
      if (p.estimate.problem_size) points.points.emplace_back(p.workers, *p.estimate.problem_size);
    }
    // A series may reach one target efficiency and not another.
    if (points.points.empty()) continue;
    const int series_color = colors[iso.curve.series];
    points.style = "points pointtype " + std::to_string(point_types[iso.curve.target_efficiency]) +
                   " pointsize 1.3 " + color(series_color);
    const double low = points.points.front().first, high = points.points.back().first;
    plot.curves.push_back(std::move(points));
    if (!iso.model) continue;
    const ModelFit& m = iso.model->best;
    const std::string what = m.to_string() + (iso.model->indicative() ? " (indicative)" : "");
    Curve fit{"fit " + name + ": " + what,
              "",
              {},
              "lines " + dash(series_color) + " " + color(series_color)};
    constexpr int kSamples = 40;
    for (int i = 0; i <= kSamples; ++i) {
      double p = low * std::pow(high / low, static_cast<double>(i) / kSamples);
      double w = m.evaluate(p);
      if (w > 0) fit.points.emplace_back(p, w);
    }
    any_fit = any_fit || !fit.points.empty();
    plot.curves.push_back(std::move(fit));
  }
  for (const auto& [series, index] : colors) {
    plot.legend.push_back(
        {result.key(series), "lines linewidth 2 " + dash(index) + " " + color(index)});
  }
  for (const auto& [target, type] : point_types) {
    plot.legend.push_back({"E = " + number(target),
                           "points pointtype " + std::to_string(type) + " linecolor rgb 'black'"});
  }
  if (any_fit) plot.legend.push_back({"fitted model", "lines dashtype 2 linecolor rgb 'black'"});
  if (any_fit) plot.caption.push_back("models: isoefficiency_models.csv");
  explain_keys(result, plot);
  return plot;
}

}  // namespace

PlotOutput write_plots(const AnalysisResult& result, const std::filesystem::path& directory,
                       const PlotOptions& options) {
  using namespace gnuplot;
  PlotOutput output;
  std::optional<std::string> terminal;
  if (options.render) {
    terminal = png_terminal(options.gnuplot);
    if (!terminal) {
      output.notes.push_back("gnuplot (\"" + options.gnuplot +
                             "\") not found: wrote the scripts, made no images");
    } else if (terminal->empty()) {
      output.notes.push_back("gnuplot has no PNG terminal: making SVG only");
    }
  }
  // Without a gnuplot to ask, write scripts for the common pngcairo.
  const std::string png = terminal ? *terminal : "pngcairo";
  const bool render = options.render && terminal.has_value();

  for (const Plot& plot :
       {speedup_plot(result), efficiency_plot(result), isoefficiency_plot(result)}) {
    if (plot.curves.empty()) {
      output.notes.push_back(plot.name + " plot skipped: nothing to plot");
      continue;
    }
    output.data.push_back(write_output_file(directory / (plot.name + ".dat"),
                                            [&](std::ostream& out) { write_data(plot, out); }));
    output.scripts.push_back(
        write_output_file(directory / (plot.name + ".gp"),
                          [&](std::ostream& out) { out << script_text(plot, png); }));
    if (!render) continue;
    // Images of an earlier run must not pass for this run's.
    for (const char* extension : {".png", ".svg"}) {
      std::error_code ignored;
      std::filesystem::remove(directory / (plot.name + extension), ignored);
    }
    std::string command = "cd " + shell_quote(directory.string()) + " && " +
                          shell_quote(options.gnuplot) + " " + shell_quote(plot.name + ".gp") +
                          " >>gnuplot.log 2>&1";
    if (!succeeds(command)) {
      output.notes.push_back("gnuplot failed on " + plot.name + ".gp; see " +
                             (directory / "gnuplot.log").string());
    }
    for (const char* extension : {".png", ".svg"}) {
      auto image = directory / (plot.name + extension);
      if (std::filesystem::exists(image)) output.images.push_back(image);
    }
  }
  return output;
}

}  // namespace stacksplit::analysis
