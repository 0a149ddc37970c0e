#include "analysis/plot_writer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <sstream>

#include "analysis/output_file.hpp"

namespace stacksplit::analysis {
namespace {

// gnuplot's filled circle, square, triangles up and down, diamond, pentagon,
// then their outlines, then the crosses: fifteen shapes told apart.
constexpr int kPointTypes[] = {7, 5, 9, 11, 13, 15, 6, 4, 8, 10, 12, 14, 1, 2, 3};
// gnuplot cycles through eight line colours; past them a series is told apart
// by its point shape (speedup) or dash pattern (isoefficiency).
constexpr int kColors = 8;
// More ticks than this run together on a 1000-pixel axis.
constexpr int kMaxTicks = 10;
// A caption line longer than this leaves the image.
constexpr std::size_t kMaxCaptionLength = 150;

// How a log axis labels its powers of two: P and speedups as numbers (they
// are small), sizes as 2^k (1048576 and 2097152 side by side would collide).
enum class TickStyle { kNumber, kPower };

// One curve: a block of the data file, drawn with a style; `key` is its
// legend entry, empty for none (legends are factored, see LegendEntry).
struct Curve {
  std::string name;  // the data block's comment
  std::string key;
  std::vector<std::pair<double, double>> points;
  std::string style;  // gnuplot's "with ..." clause
};

// An entry of the legend drawn from no data (NaN): one per colour and one per
// point shape instead of one per combination.
struct LegendEntry {
  std::string key;
  std::string style;
};

struct Axis {
  std::string label;
  bool log = true;
  TickStyle ticks = TickStyle::kNumber;
};

struct Plot {
  std::string name;  // file stem
  std::string title;
  Axis x;
  Axis y;
  std::vector<Curve> curves;
  std::vector<LegendEntry> legend;
  std::vector<std::string> caption;  // lines under the plot
};

std::string shell_quote(std::string_view text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string number(double value) {
  std::ostringstream out;
  out.precision(12);
  out << value;
  return out.str();
}

std::string color(int index) { return "linecolor " + std::to_string(index); }

// Dashed for the first eight colours, then dotted, dash-dotted, ...
std::string dash(int color_index) {
  return "dashtype " + std::to_string(2 + (color_index - 1) / kColors % 4);
}

bool succeeds(const std::string& command) { return std::system(command.c_str()) == 0; }

// The PNG terminal this gnuplot has: pngcairo draws better; png (libgd) is
// what some minimal builds offer. Nullopt when gnuplot does not run at all.
std::optional<std::string> png_terminal(const std::string& gnuplot) {
  const std::string program = shell_quote(gnuplot);
  for (const char* terminal : {"pngcairo", "png"}) {
    if (succeeds(program + " -e " + shell_quote(std::string("set terminal ") + terminal) +
                 " >/dev/null 2>&1")) {
      return terminal;
    }
  }
  if (succeeds(program + " -e 'exit' >/dev/null 2>&1")) return std::string();
  return std::nullopt;
}

// Ticks at powers of two from below `low` to above `high`, every 1, 2, 4, 5,
// 10 or 20 exponents so that at most kMaxTicks are shown; a log axis' range
// is set from them, so its first and last ticks are at its ends.
struct LogTicks {
  int first = 0;  // exponents of 2
  int last = 0;
  int step = 1;
};

LogTicks log_ticks(double low, double high) {
  LogTicks ticks{static_cast<int>(std::floor(std::log2(low) + 1e-9)),
                 static_cast<int>(std::ceil(std::log2(high) - 1e-9)), 1};
  if (ticks.last <= ticks.first) ticks.last = ticks.first + 1;
  for (int step : {1, 2, 4, 5, 10, 20}) {
    ticks.step = step;
    if ((ticks.last - ticks.first) / step + 1 <= kMaxTicks) break;
  }
  // Whole multiples of the step, so 2^16 rather than 2^15 shows at step 4.
  const double step = ticks.step;
  ticks.first = static_cast<int>(std::floor(ticks.first / step) * step);
  ticks.last = static_cast<int>(std::ceil(ticks.last / step) * step);
  return ticks;
}

std::string tick_label(int exponent, TickStyle style) {
  if (style == TickStyle::kNumber && exponent >= 0 && exponent <= 12) {
    return std::to_string(1 << exponent);
  }
  return "2^{" + std::to_string(exponent) + "}";
}

std::string axis_settings(char axis, const Axis& settings, double low, double high) {
  std::ostringstream s;
  s << "set " << axis << "label " << gnuplot_string(settings.label) << " noenhanced\n";
  if (!settings.log || !(low > 0) || !(high > 0)) return s.str();
  const LogTicks ticks = log_ticks(low, high);
  // A little room beyond the end ticks: gnuplot drops a tick that falls
  // exactly on the end of a log range, and points there would be cut in half.
  constexpr double kMargin = 0.15;  // in powers of two
  s << "set logscale " << axis << " 2\n"
    << "set " << axis << "range [" << number(std::exp2(ticks.first - kMargin)) << ":"
    << number(std::exp2(ticks.last + kMargin)) << "]\n"
    << "set " << axis << "tics (";
  for (int k = ticks.first; k <= ticks.last; k += ticks.step) {
    if (k > ticks.first) s << ", ";
    s << gnuplot_string(tick_label(k, settings.ticks)) << " " << number(std::exp2(k));
  }
  s << ")\n";
  return s.str();
}

std::string caption_line(const std::string& text) {
  if (text.size() <= kMaxCaptionLength) return text;
  return text.substr(0, kMaxCaptionLength - 3) + "...";
}

std::string script_text(const Plot& plot, const std::string& png_terminal) {
  std::ostringstream s;
  s << "# " << plot.title << ": written by stacksplit analyze; data in " << plot.name << ".dat\n"
    << "set title " << gnuplot_string(plot.title) << " noenhanced\n";

  double x_low = 0, x_high = 0, y_low = 0, y_high = 0;
  bool first = true;
  for (const Curve& c : plot.curves) {
    for (const auto& [x, y] : c.points) {
      // A log axis cannot show what is not positive; those points are not
      // drawn, so they must not stretch the range either.
      if ((plot.x.log && !(x > 0)) || (plot.y.log && !(y > 0))) continue;
      x_low = first ? x : std::min(x_low, x);
      x_high = first ? x : std::max(x_high, x);
      y_low = first ? y : std::min(y_low, y);
      y_high = first ? y : std::max(y_high, y);
      first = false;
    }
  }
  s << axis_settings('x', plot.x, x_low, x_high) << axis_settings('y', plot.y, y_low, y_high);
  if (!plot.x.log && !first && x_high > x_low) {
    s << "set xrange [" << number(x_low) << ":" << number(x_high) << "]\n";
  }
  s << "set grid\nset key outside right top\n";
  for (std::size_t i = 0; i < plot.caption.size(); ++i) {
    // Lines from the bottom up, in character heights, under the x label.
    s << "set label " << i + 1 << " " << gnuplot_string(caption_line(plot.caption[i]))
      << " at character 1, character " << plot.caption.size() - i << " noenhanced font ',9'\n";
  }
  if (!plot.caption.empty()) s << "set bmargin " << 4 + plot.caption.size() << "\n";

  std::ostringstream command;
  command << "plot ";
  int block = 0;
  bool first_element = true;
  auto next = [&] {
    if (!first_element) command << ", \\\n     ";
    first_element = false;
  };
  for (const Curve& c : plot.curves) {
    if (c.points.empty()) continue;
    next();
    command << gnuplot_string(plot.name + ".dat") << " index " << block++ << " using 1:2 with "
            << c.style;
    if (c.key.empty()) {
      command << " notitle";
    } else {
      command << " title " << gnuplot_string(c.key) << " noenhanced";
    }
  }
  for (const LegendEntry& entry : plot.legend) {
    next();
    command << "NaN with " << entry.style << " title " << gnuplot_string(entry.key)
            << " noenhanced";
  }
  command << "\n";

  // Enhanced text for the 2^{k} tick labels; every other text is marked
  // noenhanced, as names hold underscores and carets.
  const std::string terminal_options = " size 1000,640 enhanced\n";
  if (!png_terminal.empty()) {
    s << "set terminal " << png_terminal << terminal_options << "set output "
      << gnuplot_string(plot.name + ".png") << "\n"
      << command.str() << "set terminal svg" << terminal_options << "set output "
      << gnuplot_string(plot.name + ".svg") << "\nreplot\n";
  } else {
    s << "set terminal svg" << terminal_options << "set output "
      << gnuplot_string(plot.name + ".svg") << "\n" << command.str();
  }
  s << "unset output\n";
  return s.str();
}

void write_data(const Plot& plot, std::ostream& out) {
  bool first = true;
  for (const Curve& c : plot.curves) {
    if (c.points.empty()) continue;
    // gnuplot's `index` counts blocks separated by two blank lines.
    if (!first) out << "\n\n";
    first = false;
    out << "# " << c.name << "\n";
    for (const auto& [x, y] : c.points) out << number(x) << " " << number(y) << "\n";
  }
}

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
  Plot plot{"speedup", "Speedup vs P", {"processors P", true, TickStyle::kNumber},
            {"speedup T1/Tp", true, TickStyle::kNumber}, {}, {}, {}};
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
  plot.curves.push_back({"ideal S = P", "ideal S = P", {{1, 1}, {p_high, p_high}},
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
  Plot plot{"efficiency", "Efficiency vs problem size W",
            {"problem size W (nodes)", true, TickStyle::kPower},
            {"efficiency T1/(P*Tp)", false, TickStyle::kNumber}, {}, {}, {}};
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
  Plot plot{"isoefficiency", "Isoefficiency W(P) with fitted models",
            {"processors P", true, TickStyle::kNumber},
            {"problem size W keeping E (nodes)", true, TickStyle::kPower}, {}, {}, {}};
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
    points.style = "points pointtype " +
                   std::to_string(point_types[iso.curve.target_efficiency]) + " pointsize 1.3 " +
                   color(series_color);
    const double low = points.points.front().first, high = points.points.back().first;
    plot.curves.push_back(std::move(points));
    if (!iso.model) continue;
    const ModelFit& m = iso.model->best;
    const std::string what = m.to_string() + (iso.model->indicative() ? " (indicative)" : "");
    Curve fit{"fit " + name + ": " + what, "", {},
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

std::string gnuplot_string(std::string_view text) {
  std::string quoted = "'";
  for (char c : text) {
    if (c == '\n') c = ' ';
    quoted += c == '\'' ? std::string("''") : std::string(1, c);
  }
  return quoted + "'";
}

PlotOutput write_plots(const AnalysisResult& result, const std::filesystem::path& directory,
                       const PlotOptions& options) {
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

  for (const Plot& plot : {speedup_plot(result), efficiency_plot(result), isoefficiency_plot(result)}) {
    if (plot.curves.empty()) {
      output.notes.push_back(plot.name + " plot skipped: nothing to plot");
      continue;
    }
    output.data.push_back(write_output_file(directory / (plot.name + ".dat"),
                                            [&](std::ostream& out) { write_data(plot, out); }));
    output.scripts.push_back(write_output_file(
        directory / (plot.name + ".gp"), [&](std::ostream& out) { out << script_text(plot, png); }));
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
