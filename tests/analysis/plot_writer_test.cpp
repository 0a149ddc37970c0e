#include "analysis/plot_writer.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <regex>
#include <set>
#include <sstream>

#include "analysis/gnuplot_script.hpp"
#include "analysis/run_record_reader.hpp"
#include "tests/analysis/synthetic_records.hpp"

namespace stacksplit::analysis {
namespace {

AnalysisResult small_analysis() {
  testing::SyntheticSweep sweep;
  sweep.overhead = [](double p) { return 10 * p * std::log2(p); };
  sweep.workers = {2, 4, 8, 16};
  sweep.sizes = testing::geometric_sizes(4, 8192, 1);
  std::istringstream in(testing::to_jsonl(testing::synthetic_records(sweep)));
  return analyze_records(read_run_records(in, "sweep.jsonl"), Grouping::by_all_fields(), {0.5});
}

bool gnuplot_available() { return std::system("gnuplot -e 'exit' >/dev/null 2>&1") == 0; }

TEST(GnuplotString, QuotesSafely) {
  EXPECT_EQ(gnuplot_string("rp"), "'rp'");
  EXPECT_EQ(gnuplot_string("it's"), "'it''s'");
  EXPECT_EQ(gnuplot_string("a\\b"), "'a\\b'");
}

TEST(PlotWriter, WritesScriptsAndDataWithoutRendering) {
  testing::TempDir dir;
  auto output = write_plots(small_analysis(), dir.path(), {false, "gnuplot"});
  ASSERT_EQ(output.scripts.size(), 3u);
  ASSERT_EQ(output.data.size(), 3u);
  EXPECT_TRUE(output.images.empty());
  for (const char* name : {"speedup", "efficiency", "isoefficiency"}) {
    EXPECT_TRUE(std::filesystem::exists(dir.path() / (std::string(name) + ".gp"))) << name;
    EXPECT_TRUE(std::filesystem::exists(dir.path() / (std::string(name) + ".dat"))) << name;
  }
  std::string iso_script = testing::read_file(dir.path() / "isoefficiency.gp");
  EXPECT_NE(iso_script.find("set output 'isoefficiency.png'"), std::string::npos) << iso_script;
  EXPECT_NE(iso_script.find("set output 'isoefficiency.svg'"), std::string::npos) << iso_script;
  // The W(P) points, one data line per P of the curve, then the fit.
  std::string iso_data = testing::read_file(dir.path() / "isoefficiency.dat");
  std::string points = iso_data.substr(0, iso_data.find("\n\n"));
  EXPECT_EQ(std::count(points.begin(), points.end(), '\n'), 4) << iso_data;
  EXPECT_NE(iso_data.find("# fit rp E=0.5: "), std::string::npos) << iso_data;
  std::string speedup = testing::read_file(dir.path() / "speedup.gp");
  EXPECT_NE(speedup.find("ideal S = P"), std::string::npos);
}

TEST(PlotWriter, SaysSoWhenGnuplotIsMissing) {
  testing::TempDir dir;
  auto output = write_plots(small_analysis(), dir.path(), {true, "/nonexistent/gnuplot"});
  EXPECT_EQ(output.scripts.size(), 3u);
  EXPECT_TRUE(output.images.empty());
  ASSERT_FALSE(output.notes.empty());
  EXPECT_NE(output.notes[0].find("not found"), std::string::npos) << output.notes[0];
}

TEST(PlotWriter, SkipsPlotsWithNothingToShow) {
  testing::RecordSpec spec;
  spec.workers = 4;  // no T1: no speedup, no efficiency, no W(P)
  std::istringstream in(testing::to_jsonl({testing::record_json(spec)}));
  auto result = analyze_records(read_run_records(in, "one"), Grouping::by_all_fields(), {0.5});
  testing::TempDir dir;
  auto output = write_plots(result, dir.path(), {false, "gnuplot"});
  EXPECT_TRUE(output.scripts.empty());
  EXPECT_EQ(output.notes.size(), 3u);
}

// Records like kumar94's: UTS trees given by their parameters, so the
// instance strings are long, two schemes, P = 2 to 1024 and W over 2^1..2^24.
AnalysisResult long_names_analysis() {
  std::vector<nlohmann::json> records;
  for (const char* scheme : {"rp", "grr"}) {
    testing::SyntheticSweep sweep;
    sweep.overhead = [](double p) { return 3 * p * std::log2(p); };
    sweep.workers = {2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};
    sweep.sizes = testing::geometric_sizes(2, 1 << 24, 1);
    sweep.scheme = scheme;
    for (nlohmann::json& r : testing::synthetic_records(sweep)) {
      r["instance"] = "-t 1 -a 3 -d " + r["instance"].get<std::string>() +
                      " -b 2 -r 19 -q 0.234375 -m 4 -f 0.5 -g 1";
      records.push_back(r);
    }
  }
  std::istringstream in(testing::to_jsonl(records));
  return analyze_records(read_run_records(in, "long.jsonl"), Grouping::by_all_fields(), {0.5, 0.7});
}

// The legend entries of a script: the titles of the plot command's curves.
std::vector<std::string> legend_titles(const std::string& script) {
  std::vector<std::string> titles;
  std::istringstream lines(script);
  bool in_plot = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("plot ", 0) == 0) in_plot = true;
    if (!in_plot) continue;
    static const std::regex kTitle(" title '([^']*)'");
    for (std::sregex_iterator it(line.begin(), line.end(), kTitle), end; it != end; ++it) {
      titles.push_back((*it)[1]);
    }
    if (line.empty() || line.back() != '\\') in_plot = false;
  }
  return titles;
}

// The labels of `set xtics (...)` or `set ytics (...)`; empty when not set so.
std::vector<std::string> tick_labels(const std::string& script, char axis) {
  std::vector<std::string> labels;
  std::string prefix = std::string("set ") + axis + "tics (";
  auto begin = script.find(prefix);
  if (begin == std::string::npos) return labels;
  std::string list = script.substr(begin, script.find('\n', begin) - begin);
  static const std::regex kLabel("'([^']*)' ");
  for (std::sregex_iterator it(list.begin(), list.end(), kLabel), end; it != end; ++it) {
    labels.push_back((*it)[1]);
  }
  return labels;
}

// Issue 14, item 13: the legend took 75 % of speedup.png with such names.
TEST(PlotWriter, LegendKeysAreShort) {
  testing::TempDir dir;
  write_plots(long_names_analysis(), dir.path(), {false, "gnuplot"});
  for (const char* name : {"speedup", "efficiency", "isoefficiency"}) {
    std::string script = testing::read_file(dir.path() / (std::string(name) + ".gp"));
    auto titles = legend_titles(script);
    EXPECT_FALSE(titles.empty()) << name;
    EXPECT_LE(titles.size(), 12u) << name << "\n" << script;
    for (const std::string& title : titles) {
      EXPECT_LE(title.size(), 24u) << name << ": '" << title << "'";
      EXPECT_EQ(title.find("-t 1"), std::string::npos) << name << ": '" << title << "'";
    }
  }
  // The problem a speedup curve shows is named once, in the caption.
  std::string speedup = testing::read_file(dir.path() / "speedup.gp");
  EXPECT_NE(speedup.find("-t 1 -a 3 -d W23"), std::string::npos) << speedup;
}

// Fields often differ together (a threads run differs from a sim run in
// runtime, topology, machine and time_kind); the legend keys use the fewest
// fields that tell the series apart, and the caption says which.
TEST(PlotWriter, KeysAreMadeOfTheFewestFieldsThatTellSeriesApart) {
  std::vector<nlohmann::json> records;
  for (const char* scheme : {"rp", "grr"}) {
    for (bool simulated : {true, false}) {
      testing::RecordSpec spec;
      spec.scheme = scheme;
      spec.runtime = simulated ? "sim" : "threads";
      spec.topology = simulated ? "hypercube" : "complete";
      spec.machine = simulated ? "ncube2" : "none";
      spec.time_kind = simulated ? "virtual" : "wall";
      for (int p : {1, 2, 4}) {
        spec.workers = p;
        spec.time_s = 1.0 / p;
        records.push_back(testing::record_json(spec));
      }
    }
  }
  std::istringstream in(testing::to_jsonl(records));
  auto result = analyze_records(read_run_records(in, "mixed"), Grouping::by_all_fields(), {0.5});
  std::set<std::string> keys;
  for (const auto& [series, key] : result.keys) keys.insert(key);
  EXPECT_EQ(keys, (std::set<std::string>{"sim grr", "sim rp", "threads grr", "threads rp"}));
  EXPECT_EQ(result.key_fields, (std::vector<std::string>{"runtime", "scheme"}));
  testing::TempDir dir;
  write_plots(result, dir.path(), {false, "gnuplot"});
  std::string speedup = testing::read_file(dir.path() / "speedup.gp");
  EXPECT_NE(speedup.find("keys: values of runtime scheme"), std::string::npos) << speedup;
}

// Issue 14, item 13: x ticks ran together ("163264128256") and W's overlapped
// ("1.04858e+062.09715e+06"). Log axes get ticks at powers of two, few enough
// to read.
TEST(PlotWriter, LogAxesAreTickedAtPowersOfTwo) {
  testing::TempDir dir;
  write_plots(long_names_analysis(), dir.path(), {false, "gnuplot"});
  const std::regex kPowerOfTwo("(1|2|4|8|16|32|64|128|256|512|1024|2048|4096|2\\^\\{[0-9]+\\})");
  for (const char* name : {"speedup", "efficiency", "isoefficiency"}) {
    std::string script = testing::read_file(dir.path() / (std::string(name) + ".gp"));
    auto labels = tick_labels(script, 'x');
    ASSERT_GE(labels.size(), 3u) << name << "\n" << script;
    EXPECT_LE(labels.size(), 12u) << name << "\n" << script;
    for (const std::string& label : labels) {
      EXPECT_TRUE(std::regex_match(label, kPowerOfTwo)) << name << ": '" << label << "'";
    }
  }
  // W runs from 2 to 2^24 nodes: written as powers, not 1.67772e+07.
  auto w_labels = tick_labels(testing::read_file(dir.path() / "efficiency.gp"), 'x');
  EXPECT_NE(std::find(w_labels.begin(), w_labels.end(), "2^{16}"), w_labels.end());
}

// A fitted model is drawn over the P it was fitted on, not over the whole
// axis, where a negative c0 made it plunge to the bottom of the plot.
TEST(PlotWriter, FitsAreDrawnOverTheirPointsOnly) {
  testing::TempDir dir;
  write_plots(long_names_analysis(), dir.path(), {false, "gnuplot"});
  std::string script = testing::read_file(dir.path() / "isoefficiency.gp");
  EXPECT_EQ(script.find("x**"), std::string::npos) << script;
  std::string data = testing::read_file(dir.path() / "isoefficiency.dat");
  EXPECT_NE(data.find("# fit"), std::string::npos) << data;
}

// A series that reaches one target efficiency but not another has no W(P)
// points for the second; kumar94's records made the plot writer crash on it.
TEST(PlotWriter, ATargetNoSeriesReachesIsSkipped) {
  testing::SyntheticSweep sweep;
  sweep.overhead = [](double p) { return 10 * p; };
  sweep.workers = {2, 4, 8, 16};
  sweep.sizes = testing::geometric_sizes(4, 1024, 1);  // E < 0.99 at every P
  std::istringstream in(testing::to_jsonl(testing::synthetic_records(sweep)));
  auto result =
      analyze_records(read_run_records(in, "s.jsonl"), Grouping::by_all_fields(), {0.5, 0.99});
  testing::TempDir dir;
  auto output = write_plots(result, dir.path(), {false, "gnuplot"});
  EXPECT_EQ(output.scripts.size(), 3u);
  std::string data = testing::read_file(dir.path() / "isoefficiency.dat");
  EXPECT_NE(data.find("# rp E=0.5"), std::string::npos) << data;
}

TEST(PlotWriter, GnuplotRendersPngAndSvg) {
  if (!gnuplot_available()) GTEST_SKIP() << "gnuplot is not installed; rendering not checked";
  testing::TempDir dir;
  auto output = write_plots(small_analysis(), dir.path(), {true, "gnuplot"});
  for (const std::string& note : output.notes) ADD_FAILURE() << note;
  for (const char* name : {"speedup", "efficiency", "isoefficiency"}) {
    for (const char* extension : {".png", ".svg"}) {
      auto image = dir.path() / (std::string(name) + extension);
      ASSERT_TRUE(std::filesystem::exists(image)) << image;
      EXPECT_GT(std::filesystem::file_size(image), 1000u) << image;
    }
  }
  EXPECT_EQ(output.images.size(), 6u);
  std::string png = testing::read_file(dir.path() / "speedup.png");
  EXPECT_EQ(png.substr(1, 3), "PNG");
  EXPECT_NE(testing::read_file(dir.path() / "isoefficiency.svg").find("<svg"), std::string::npos);
}

}  // namespace
}  // namespace stacksplit::analysis
