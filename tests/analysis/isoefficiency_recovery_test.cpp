// End to end: run records generated from an overhead model with a known
// isoefficiency, read, tabulated, interpolated and fitted; the fit must find
// the form the records were made from.

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "analysis/analysis_result.hpp"
#include "analysis/run_record_reader.hpp"
#include "tests/analysis/synthetic_records.hpp"

namespace stacksplit::analysis {
namespace {

AnalysisResult analyze(const testing::SyntheticSweep& sweep, const std::vector<double>& targets) {
  std::istringstream in(testing::to_jsonl(testing::synthetic_records(sweep)));
  return analyze_records(read_run_records(in, "sweep.jsonl"), Grouping::by_all_fields(), targets);
}

TEST(IsoefficiencyRecovery, ThreePLog2PSquared) {
  testing::SyntheticSweep sweep;
  sweep.overhead = [](double p) { return 3 * p * std::pow(std::log2(p), 2); };
  sweep.workers = {2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};
  sweep.sizes = testing::geometric_sizes(2, 1 << 22, 2);
  sweep.noise = 0.03;
  sweep.repeats = 3;
  auto result = analyze(sweep, {0.5, 0.7});
  ASSERT_EQ(result.isoefficiency.size(), 2u);
  for (const IsoefficiencyResult& iso : result.isoefficiency) {
    ASSERT_TRUE(iso.model.has_value()) << iso.model_note;
    const ModelFit& best = iso.model->best;
    EXPECT_EQ(best.hypothesis, (Hypothesis{{1, 1}, 2}))
        << "E=" << iso.curve.target_efficiency << ": " << best.to_string();
    // W(P) = E/(1-E) * 3 P log2(P)^2.
    double e = iso.curve.target_efficiency;
    EXPECT_NEAR(best.c1 / (3 * e / (1 - e)), 1, 0.15) << best.to_string();
    EXPECT_LT(best.cv_smape, 15);
  }
}

TEST(IsoefficiencyRecovery, PSquaredLog2PAgreesWithGrrOnTheHypercube) {
  testing::SyntheticSweep sweep;
  sweep.overhead = [](double p) { return p * p * std::log2(p); };
  sweep.workers = {2, 4, 8, 16, 32, 64, 128, 256};
  sweep.sizes = testing::geometric_sizes(1, 1 << 21, 2);
  sweep.noise = 0.03;
  sweep.repeats = 3;
  sweep.seed = 5;
  sweep.sequential_field = true;  // T1 from the records, as the simulator gives it
  sweep.scheme = "grr";
  auto result = analyze(sweep, {0.5});
  ASSERT_EQ(result.isoefficiency.size(), 1u);
  const IsoefficiencyResult& iso = result.isoefficiency[0];
  ASSERT_TRUE(iso.model.has_value()) << iso.model_note;
  EXPECT_EQ(iso.model->best.hypothesis, (Hypothesis{{2, 1}, 1})) << iso.model->best.to_string();
  // The literature's GRR bound on a hypercube is O(P^2 log P): met exactly.
  ASSERT_TRUE(iso.verdict.has_value()) << iso.theory << " " << iso.verdict_note;
  EXPECT_EQ(*iso.verdict, BoundVerdict::kWithinBound);
  EXPECT_EQ(iso.verdict_note, "within the bound: the fitted form is the bound's own, P^2*log2(P)");
  EXPECT_NE(iso.theory.find("O(P^2 log P)"), std::string::npos) << iso.theory;
}

TEST(IsoefficiencyRecovery, AFormSlowerThanTheBoundIsWithinIt) {
  testing::SyntheticSweep sweep;
  sweep.overhead = [](double p) { return 20 * p; };
  sweep.workers = {2, 4, 8, 16, 32, 64};
  sweep.sizes = testing::geometric_sizes(4, 1 << 16, 2);
  sweep.scheme = "grr";
  auto result = analyze(sweep, {0.5});
  const IsoefficiencyResult& iso = result.isoefficiency.at(0);
  ASSERT_TRUE(iso.model.has_value());
  EXPECT_EQ(iso.model->best.hypothesis, (Hypothesis{{1, 1}, 0})) << iso.model->best.to_string();
  ASSERT_TRUE(iso.verdict.has_value());
  EXPECT_EQ(*iso.verdict, BoundVerdict::kWithinBound);
  // From P = 2 to 64: P grows 32x, P^2*log2(P) (4096 * 6) / (4 * 1) = 6144x.
  EXPECT_EQ(iso.verdict_note,
            "within the bound: the fitted P grows more slowly than P^2*log2(P) "
            "(P = 2 to 64: 32x against 6144x)");
}

TEST(IsoefficiencyRecovery, AFormFasterThanTheBoundGrowsFaster) {
  testing::SyntheticSweep sweep;
  sweep.overhead = [](double p) { return p * p * p; };
  sweep.workers = {2, 4, 8, 16, 32, 64};
  sweep.sizes = testing::geometric_sizes(4, 1 << 20, 2);
  sweep.scheme = "grr";
  auto result = analyze(sweep, {0.5});
  const IsoefficiencyResult& iso = result.isoefficiency.at(0);
  ASSERT_TRUE(iso.model.has_value());
  EXPECT_EQ(iso.model->best.hypothesis, (Hypothesis{{3, 1}, 0})) << iso.model->best.to_string();
  ASSERT_TRUE(iso.verdict.has_value());
  EXPECT_EQ(*iso.verdict, BoundVerdict::kFasterThanBound);
  // From P = 2 to 64: P^3 grows 32768x, P^2*log2(P) 6144x.
  EXPECT_EQ(iso.verdict_note,
            "grows faster than the bound: the fitted P^3 outgrows P^2*log2(P) "
            "(P = 2 to 64: 32768x against 6144x)");
}

TEST(IsoefficiencyRecovery, AnIndicativeFitGetsNoVerdict) {
  testing::SyntheticSweep sweep;
  sweep.overhead = [](double p) { return 20 * p; };
  sweep.workers = {2, 4, 8, 16};
  sweep.sizes = testing::geometric_sizes(4, 1 << 16, 2);
  sweep.scheme = "grr";
  auto result = analyze(sweep, {0.5});
  const IsoefficiencyResult& iso = result.isoefficiency.at(0);
  ASSERT_TRUE(iso.model.has_value());
  EXPECT_TRUE(iso.model->indicative());
  EXPECT_FALSE(iso.verdict.has_value());
  EXPECT_EQ(iso.verdict_note, "no verdict from an indicative fit");
}

TEST(IsoefficiencyRecovery, TooFewPointsAreNotFitted) {
  testing::SyntheticSweep sweep;
  sweep.overhead = [](double p) { return 10 * p; };
  sweep.workers = {2, 4};
  sweep.sizes = testing::geometric_sizes(2, 1024, 2);
  auto result = analyze(sweep, {0.5});
  const IsoefficiencyResult& iso = result.isoefficiency.at(0);
  EXPECT_FALSE(iso.model.has_value());
  EXPECT_EQ(iso.model_note, "not fitted: W(P) known at 2 values of P, a fit needs 3");
}

TEST(IsoefficiencyRecovery, SeriesLabelsNameWhatDiffers) {
  testing::SyntheticSweep rp;
  rp.overhead = [](double p) { return 10 * p; };
  rp.workers = {2, 4, 8};
  rp.sizes = testing::geometric_sizes(2, 1024, 1);
  testing::SyntheticSweep arr = rp;
  arr.scheme = "arr";
  auto records = testing::synthetic_records(rp);
  for (auto& r : testing::synthetic_records(arr)) records.push_back(r);
  std::istringstream in(testing::to_jsonl(records));
  auto result =
      analyze_records(read_run_records(in, "two.jsonl"), Grouping::by_all_fields(), {0.5});
  std::vector<std::string> labels;
  for (const auto& [key, label] : result.labels) labels.push_back(label);
  EXPECT_EQ(labels, (std::vector<std::string>{"arr", "rp"}));
  bool machine_common = false;
  for (const auto& [name, value] : result.common_fields) {
    machine_common |= name == "machine" && value == "ncube2";
  }
  EXPECT_TRUE(machine_common);
}

}  // namespace
}  // namespace stacksplit::analysis
