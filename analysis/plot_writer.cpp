#include "analysis/plot_writer.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <sstream>

#include "analysis/output_file.hpp"

namespace stacksplit::analysis {
namespace {

// Filled circle, square, triangle, diamond, then their outlines.
constexpr int kPointTypes[] = {7, 5, 9, 13, 6, 4, 8, 12};

// One curve: a block of the data file, or a function of x.
struct Curve {
  std::string title;
  std::vector<std::pair<double, double>> points;  // empty for a function
  std::string function;                           // gnuplot expression in x
  int color = 0;       // shared by a fit and its points
  int point_type = 7;  // gnuplot's filled circle
};

struct Plot {
  std::string name;  // file stem
  std::string title;
  std::string x_label;
  std::string y_label;
  bool log_x = true;
  bool log_y = true;
  std::vector<Curve> curves;
  std::string extra;  // clauses appended to the plot command
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

std::string script_text(const Plot& plot, const std::string& png_terminal) {
  std::ostringstream s;
  s << "# " << plot.title << ": written by stacksplit analyze; data in " << plot.name << ".dat\n"
    << "set title " << gnuplot_string(plot.title) << "\n"
    << "set xlabel " << gnuplot_string(plot.x_label) << "\n"
    << "set ylabel " << gnuplot_string(plot.y_label) << "\n";
  if (plot.log_x) s << "set logscale x 2\n";
  if (plot.log_y) s << "set logscale y\n";
  s << "set grid\nset key outside right top\nset samples 400\n";

  double x_min = 0, x_max = 0;
  bool first = true;
  for (const Curve& c : plot.curves) {
    for (const auto& [x, y] : c.points) {
      x_min = first ? x : std::min(x_min, x);
      x_max = first ? x : std::max(x_max, x);
      first = false;
    }
  }
  if (!first && x_max > x_min) s << "set xrange [" << number(x_min) << ":" << number(x_max) << "]\n";

  std::ostringstream command;
  command << "plot ";
  int block = 0;
  for (std::size_t i = 0; i < plot.curves.size(); ++i) {
    const Curve& c = plot.curves[i];
    if (i > 0) command << ", \\\n     ";
    if (c.function.empty()) {
      command << gnuplot_string(plot.name + ".dat") << " index " << block++
              << " using 1:2 with linespoints pointtype " << c.point_type << " linecolor "
              << c.color;
    } else {
      command << c.function << " with lines dashtype 2 linecolor " << c.color;
    }
    command << " title " << gnuplot_string(c.title);
  }
  command << plot.extra << "\n";

  const std::string terminal_options = " size 1000,640 noenhanced\n";
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
    out << "# " << c.title << "\n";
    for (const auto& [x, y] : c.points) out << number(x) << " " << number(y) << "\n";
  }
}

Plot speedup_plot(const AnalysisResult& result) {
  Plot plot{"speedup", "Speedup vs P", "processors P", "speedup T1/Tp", true, true, {}, {}};
  // Per series, the problem measured at the most P (the larger on a tie):
  // one curve per series keeps the plot readable.
  std::map<SeriesKey, std::map<std::pair<std::string, std::string>, Curve>> by_problem;
  std::map<SeriesKey, std::map<std::pair<std::string, std::string>, double>> sizes;
  for (const EfficiencyCell& c : result.table.cells) {
    auto speedup = c.speedup();
    if (!speedup) continue;
    by_problem[c.series][{c.app, c.instance}].points.emplace_back(c.workers, *speedup);
    double& w = sizes[c.series][{c.app, c.instance}];
    w = std::max(w, c.problem_size);
  }
  int color = 1;
  for (auto& [series, problems] : by_problem) {
    auto best = std::max_element(problems.begin(), problems.end(), [&](auto& a, auto& b) {
      return std::pair(a.second.points.size(), sizes[series][a.first]) <
             std::pair(b.second.points.size(), sizes[series][b.first]);
    });
    Curve curve = best->second;
    curve.title = result.label(series) + " (" + best->first.first + "/" + best->first.second + ")";
    curve.color = color++;
    plot.curves.push_back(std::move(curve));
  }
  if (!plot.curves.empty()) plot.extra = ", \\\n     x with lines dashtype 3 linecolor rgb 'gray' title 'ideal S = P'";
  return plot;
}

Plot efficiency_plot(const AnalysisResult& result) {
  Plot plot{"efficiency", "Efficiency vs problem size W", "problem size W (nodes)",
            "efficiency T1/(P*Tp)", true, false, {}, {}};
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
  // point shape, so many curves stay tellable apart.
  int next = 0;
  for (auto& [series, type] : point_types) type = kPointTypes[next++ % std::size(kPointTypes)];
  next = 1;
  for (auto& [p, color] : colors) color = next++;
  for (auto& [key, curve] : curves) {
    std::sort(curve.points.begin(), curve.points.end());
    curve.title = result.label(key.first) + " P=" + std::to_string(key.second);
    curve.color = colors[key.second];
    curve.point_type = point_types[key.first];
    plot.curves.push_back(std::move(curve));
  }
  return plot;
}

Plot isoefficiency_plot(const AnalysisResult& result) {
  Plot plot{"isoefficiency", "Isoefficiency W(P) with fitted models", "processors P",
            "problem size W keeping E", true, true, {}, {}};
  int color = 1;
  for (const IsoefficiencyResult& iso : result.isoefficiency) {
    Curve points;
    for (const IsoPoint& p : iso.curve.points) {
      if (p.estimate.problem_size) points.points.emplace_back(p.workers, *p.estimate.problem_size);
    }
    if (points.points.empty()) continue;
    std::string name =
        result.label(iso.curve.series) + " E=" + number(iso.curve.target_efficiency);
    points.title = name;
    points.color = color;
    plot.curves.push_back(std::move(points));
    if (iso.model) {
      const ModelFit& m = iso.model->best;
      Curve fit;
      fit.title = "fit: " + m.to_string();
      fit.color = color;
      fit.function = "(" + number(m.c0) + " + " + number(m.c1) + " * x**" +
                     number(m.hypothesis.a.value()) + " * (log(x)/log(2))**" +
                     std::to_string(m.hypothesis.b) + ")";
      if (m.hypothesis.is_constant()) fit.function = "(" + number(m.c0) + " + 0*x)";
      plot.curves.push_back(std::move(fit));
    }
    ++color;
  }
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
