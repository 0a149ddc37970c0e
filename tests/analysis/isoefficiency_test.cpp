#include "analysis/isoefficiency.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "analysis/run_record_reader.hpp"
#include "tests/analysis/synthetic_records.hpp"

namespace stacksplit::analysis {
namespace {

TEST(InterpolateProblemSize, IsLinearInLogW) {
  // E goes 0.4 -> 0.6 while W goes 100 -> 400: E = 0.5 halfway in log W.
  auto estimate = interpolate_problem_size({{100, 0.4}, {400, 0.6}}, 0.5);
  ASSERT_TRUE(estimate.problem_size.has_value()) << estimate.note;
  EXPECT_NEAR(*estimate.problem_size, 200, 1e-9);
  // A quarter of the way up in E is a quarter of the way in log W.
  estimate = interpolate_problem_size({{400, 0.6}, {100, 0.4}}, 0.45);
  EXPECT_NEAR(*estimate.problem_size, 100 * std::pow(4, 0.25), 1e-9);
}

TEST(InterpolateProblemSize, HitsAMeasuredSizeExactly) {
  auto estimate = interpolate_problem_size({{100, 0.3}, {200, 0.5}, {400, 0.7}}, 0.5);
  EXPECT_NEAR(*estimate.problem_size, 200, 1e-9);
}

TEST(InterpolateProblemSize, NeverExtrapolates) {
  auto above = interpolate_problem_size({{100, 0.2}, {200, 0.3}}, 0.5);
  EXPECT_FALSE(above.problem_size.has_value());
  EXPECT_NE(above.note.find("E < 0.5 up to the largest size W = 200"), std::string::npos)
      << above.note;
  auto below = interpolate_problem_size({{100, 0.6}, {200, 0.8}}, 0.5);
  EXPECT_FALSE(below.problem_size.has_value());
  EXPECT_NE(below.note.find("already at the smallest size W = 100"), std::string::npos)
      << below.note;
  EXPECT_FALSE(interpolate_problem_size({}, 0.5).problem_size.has_value());
}

TEST(InterpolateProblemSize, UsesTheLastCrossingWhenNoiseMakesEfficiencyDip) {
  // Crosses 0.5 between 100 and 200, dips below again at 400, and stays
  // above from 800: the size that keeps E is between 400 and 800.
  auto estimate = interpolate_problem_size(
      {{100, 0.4}, {200, 0.6}, {400, 0.45}, {800, 0.55}, {1600, 0.7}}, 0.5);
  ASSERT_TRUE(estimate.problem_size.has_value());
  EXPECT_NEAR(*estimate.problem_size, std::sqrt(400.0 * 800.0), 1e-6);
}

TEST(IsoefficiencyCurves, ReadsW_PFromRecordsOfAKnownModel) {
  // g(P) = P^2: W(P) = E/(1-E) * P^2, i.e. P^2 at E = 0.5 and 3 P^2 at 0.75.
  testing::SyntheticSweep sweep;
  sweep.overhead = [](double p) { return p * p; };
  sweep.workers = {2, 4, 8, 16};
  sweep.sizes = testing::geometric_sizes(1, 4096, 8);
  std::istringstream in(testing::to_jsonl(testing::synthetic_records(sweep)));
  auto table = build_efficiency_table(read_run_records(in, "sweep"), Grouping::by_all_fields());
  auto curves = isoefficiency_curves(table, {0.5, 0.75});
  ASSERT_EQ(curves.size(), 2u);
  EXPECT_EQ(curves[0].scheme, "rp");
  EXPECT_EQ(curves[0].machine, "ncube2");
  for (const IsoCurve& curve : curves) {
    ASSERT_EQ(curve.points.size(), 4u);  // P = 1 is not a point
    double k = curve.target_efficiency / (1 - curve.target_efficiency);
    for (const IsoPoint& point : curve.points) {
      ASSERT_TRUE(point.estimate.problem_size.has_value()) << point.estimate.note;
      // Rounding W to whole nodes and interpolating in log W cost < 2%.
      EXPECT_NEAR(*point.estimate.problem_size / (k * point.workers * point.workers), 1, 0.02)
          << "P=" << point.workers << " E=" << curve.target_efficiency;
    }
  }
}

TEST(IsoefficiencyCurves, SayWhyWhenEfficiencyIsNotComputable) {
  testing::RecordSpec spec;
  spec.workers = 4;
  std::istringstream in(testing::to_jsonl({testing::record_json(spec)}));
  auto table = build_efficiency_table(read_run_records(in, "one"), Grouping::by_all_fields());
  auto curves = isoefficiency_curves(table, {0.5});
  ASSERT_EQ(curves.size(), 1u);
  ASSERT_EQ(curves[0].points.size(), 1u);
  EXPECT_FALSE(curves[0].points[0].estimate.problem_size.has_value());
  EXPECT_NE(curves[0].points[0].estimate.note.find("no T1"), std::string::npos);
}

}  // namespace
}  // namespace stacksplit::analysis
