#include "analysis/gnuplot_script.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace stacksplit::analysis {

std::string gnuplot_string(std::string_view text) {
  std::string quoted = "'";
  for (char c : text) {
    if (c == '\n') c = ' ';
    quoted += c == '\'' ? std::string("''") : std::string(1, c);
  }
  return quoted + "'";
}

namespace gnuplot {
namespace {

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

}  // namespace

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

std::string dash(int color_index) {
  return "dashtype " + std::to_string(2 + (color_index - 1) / kColors % 4);
}

bool succeeds(const std::string& command) { return std::system(command.c_str()) == 0; }

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
      << gnuplot_string(plot.name + ".svg") << "\n"
      << command.str();
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

}  // namespace gnuplot
}  // namespace stacksplit::analysis
