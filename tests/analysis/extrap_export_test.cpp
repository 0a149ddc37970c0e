#include "analysis/extrap_export.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "tests/analysis/synthetic_records.hpp"

namespace stacksplit::analysis {
namespace {

IsoefficiencyResult curve_with(std::vector<IsoPoint> points) {
  IsoefficiencyResult iso;
  iso.curve.target_efficiency = 0.5;
  iso.curve.points = std::move(points);
  return iso;
}

TEST(ExtrapExport, WritesTheTextInputFormat) {
  auto iso = curve_with({{2, {12.5, {}}},
                         {4, {std::nullopt, "E < 0.5 up to the largest size"}},
                         {8, {96, {}}},
                         {16, {1024.25, {}}}});
  std::ostringstream out;
  ASSERT_TRUE(write_extrap_text(iso, "rp on ncube2", out));
  // The P without W(P) is left out; the region name loses its spaces.
  EXPECT_EQ(out.str(),
            "PARAMETER p\n"
            "POINTS (2) (8) (16)\n"
            "REGION rp_on_ncube2\n"
            "METRIC isoefficiency_W_E0.5\n"
            "DATA 12.5\n"
            "DATA 96\n"
            "DATA 1024.25\n");
}

TEST(ExtrapExport, ACurveWithoutPointsWritesNothing) {
  auto iso = curve_with({{2, {std::nullopt, "no T1"}}});
  std::ostringstream out;
  EXPECT_FALSE(write_extrap_text(iso, "rp", out));
  EXPECT_TRUE(out.str().empty());
}

TEST(ExtrapExport, OneFilePerSeriesAndTarget) {
  AnalysisResult result{
      EfficiencyTable{Grouping::from_names({"scheme"}), {}}, {}, {}, {}, 0, {}, {}};
  for (double e : {0.5, 0.7}) {
    auto iso = curve_with({{2, {10, {}}}, {4, {40, {}}}});
    iso.curve.series = {"rp", "virtual"};
    iso.curve.target_efficiency = e;
    result.isoefficiency.push_back(iso);
  }
  result.labels[{"rp", "virtual"}] = "rp";
  testing::TempDir dir;
  auto files = write_extrap_files(result, dir.path());
  ASSERT_EQ(files.size(), 2u);
  EXPECT_EQ(files[0].filename(), "extrap_rp_E0.5.txt");
  EXPECT_EQ(files[1].filename(), "extrap_rp_E0.7.txt");
  EXPECT_NE(testing::read_file(files[1]).find("METRIC isoefficiency_W_E0.7\nDATA 10\nDATA 40\n"),
            std::string::npos);
}

}  // namespace
}  // namespace stacksplit::analysis
