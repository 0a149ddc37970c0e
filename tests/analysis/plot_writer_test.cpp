#include "analysis/plot_writer.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>

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
  EXPECT_NE(iso_script.find("fit: "), std::string::npos) << iso_script;
  // The W(P) points: one data line per P of the curve.
  std::string iso_data = testing::read_file(dir.path() / "isoefficiency.dat");
  EXPECT_EQ(std::count(iso_data.begin(), iso_data.end(), '\n'), 1 + 4) << iso_data;
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
