#pragma once
// A plot as gnuplot draws it: curves (blocks of a data file, each with its
// style), a factored legend, log axes with powers-of-two ticks and caption
// lines under the plot; the script and data text for it, and running gnuplot.
// What is plotted is analysis/plot_writer.cpp's.

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace stacksplit::analysis {

// A gnuplot string literal: single-quoted, so backslashes stay as they are.
std::string gnuplot_string(std::string_view text);

namespace gnuplot {

// gnuplot's filled circle, square, triangles up and down, diamond, pentagon,
// then their outlines, then the crosses: fifteen shapes told apart.
inline constexpr int kPointTypes[] = {7, 5, 9, 11, 13, 15, 6, 4, 8, 10, 12, 14, 1, 2, 3};
// gnuplot cycles through eight line colours; past them a series is told apart
// by its point shape (speedup) or dash pattern (isoefficiency).
inline constexpr int kColors = 8;
// More ticks than this run together on a 1000-pixel axis.
inline constexpr int kMaxTicks = 10;
// A caption line longer than this leaves the image.
inline constexpr std::size_t kMaxCaptionLength = 150;

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
  Plot(std::string name, std::string title, Axis x, Axis y)
      : name(std::move(name)), title(std::move(title)), x(std::move(x)), y(std::move(y)) {}

  std::string name;  // file stem
  std::string title;
  Axis x;
  Axis y;
  std::vector<Curve> curves;
  std::vector<LegendEntry> legend;
  std::vector<std::string> caption;  // lines under the plot
};

// A shell word for `text`, single-quoted.
std::string shell_quote(std::string_view text);
// A coordinate as the data file and script write it (12 significant digits).
std::string number(double value);
// The style clause of gnuplot's colour `index` (1-based).
std::string color(int index);
// Dashed for the first eight colours, then dotted, dash-dotted, ...
std::string dash(int color_index);
// Runs a shell command; whether it exited with status 0.
bool succeeds(const std::string& command);
// The PNG terminal this gnuplot has: pngcairo draws better; png (libgd) is
// what some minimal builds offer. Nullopt when gnuplot does not run at all.
std::optional<std::string> png_terminal(const std::string& gnuplot);
// The script that draws `plot` from <name>.dat into <name>.png (with
// `png_terminal`, none: SVG only) and <name>.svg.
std::string script_text(const Plot& plot, const std::string& png_terminal);
// The data file: a block per curve that has points.
void write_data(const Plot& plot, std::ostream& out);

}  // namespace gnuplot
}  // namespace stacksplit::analysis
