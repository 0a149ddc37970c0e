#include "analysis/model_fit.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace stacksplit::analysis {
namespace {

const std::vector<double> kWorkers = {2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};

std::vector<double> with_noise(const std::vector<double>& p, double (*f)(double), double noise,
                               unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> jitter(-noise, noise);
  std::vector<double> y;
  for (double x : p) y.push_back(f(x) * (1 + jitter(random)));
  return y;
}

TEST(Hypotheses, AreExtraPsStandardSetPlusTheConstant) {
  auto hypotheses = extrap_hypotheses();
  EXPECT_EQ(hypotheses.size(), 20u * 3u);  // 20 exponents of P, 3 of log, minus (0,0), plus 1
  EXPECT_TRUE(hypotheses.front().is_constant());
  int constants = 0;
  for (const Hypothesis& h : hypotheses) constants += h.is_constant();
  EXPECT_EQ(constants, 1);
  EXPECT_NE(std::find(hypotheses.begin(), hypotheses.end(), Hypothesis{{11, 4}, 2}),
            hypotheses.end());
  EXPECT_NE(std::find(hypotheses.begin(), hypotheses.end(), Hypothesis{{4, 5}, 0}),
            hypotheses.end());
  EXPECT_EQ(std::find(hypotheses.begin(), hypotheses.end(), Hypothesis{{7, 2}, 0}),
            hypotheses.end());
}

TEST(Hypotheses, TermAndText) {
  Hypothesis h{{3, 2}, 2};
  EXPECT_NEAR(h.term(16), 64 * 16, 1e-9);  // 16^1.5 * 4^2
  EXPECT_EQ(h.to_string(), "P^(3/2)*log2(P)^2");
  EXPECT_EQ((Hypothesis{{1, 1}, 1}).to_string(), "P*log2(P)");
  EXPECT_EQ((Hypothesis{{0, 1}, 2}).to_string(), "log2(P)^2");
  EXPECT_EQ((Hypothesis{{2, 1}, 0}).to_string(), "P^2");
  EXPECT_EQ(Hypothesis{}.to_string(), "1");
  EXPECT_DOUBLE_EQ(Hypothesis{}.term(77), 1);
}

TEST(FitHypothesis, RecoversExactCoefficients) {
  Hypothesis h{{1, 1}, 2};
  std::vector<double> y;
  for (double p : kWorkers) y.push_back(7 + 3 * h.term(p));
  auto fit = fit_hypothesis(h, kWorkers, y);
  ASSERT_TRUE(fit.has_value());
  EXPECT_NEAR(fit->c0, 7, 1e-6);
  EXPECT_NEAR(fit->c1, 3, 1e-9);
  EXPECT_NEAR(fit->smape, 0, 1e-9);
  EXPECT_NEAR(fit->r_squared, 1, 1e-12);
  EXPECT_EQ(fit->to_string(), "7 + 3*P*log2(P)^2");
}

TEST(FitHypothesis, CannotSeparateC0AndC1WithOnePoint) {
  EXPECT_FALSE(fit_hypothesis(Hypothesis{{1, 1}, 0}, {4}, {10}).has_value());
  EXPECT_TRUE(fit_hypothesis(Hypothesis{}, {4}, {10}).has_value());
}

TEST(Smape, MatchesTheDefinition) {
  // 2|110-100|/(110+100) = 0.0952..., and 0 for the exact point.
  EXPECT_NEAR(smape({110, 50}, {100, 50}), 100 * (20.0 / 210) / 2, 1e-12);
  EXPECT_DOUBLE_EQ(smape({0}, {0}), 0);
}

TEST(LooCvSmape, PredictsEachPointFromTheOthers) {
  // y = 1, 2, 4 at P = 1, 2, 3 under the linear model y = c0 + c1*P:
  // leaving out P=1, the line through (2,2),(3,4) predicts 0;
  // leaving out P=2, the line through (1,1),(3,4) predicts 2.5;
  // leaving out P=3, the line through (1,1),(2,2) predicts 3.
  Hypothesis linear{{1, 1}, 0};
  double expected = 100.0 / 3 * (2.0 * 1 / 1 + 2.0 * 0.5 / 4.5 + 2.0 * 1 / 7);
  EXPECT_NEAR(loo_cv_smape(linear, {1, 2, 3}, {1, 2, 4}), expected, 1e-9);
  EXPECT_TRUE(std::isinf(loo_cv_smape(linear, {2, 3}, {1, 2})));
}

TEST(SelectModel, RecoversThreePLog2PSquaredWithNoise) {
  auto y = with_noise(
      kWorkers, [](double p) { return 3 * p * std::pow(std::log2(p), 2); }, 0.05, 7);
  auto selection = select_model(kWorkers, y);
  ASSERT_TRUE(selection.has_value());
  EXPECT_EQ(selection->best.hypothesis, (Hypothesis{{1, 1}, 2})) << selection->best.to_string();
  EXPECT_NEAR(selection->best.c1, 3, 0.3);
  EXPECT_LT(selection->best.cv_smape, 10);
  EXPECT_GT(selection->best.r_squared, 0.99);
}

TEST(SelectModel, RecoversPSquaredLog2PWithNoise) {
  auto y = with_noise(
      kWorkers, [](double p) { return p * p * std::log2(p); }, 0.05, 11);
  auto selection = select_model(kWorkers, y);
  ASSERT_TRUE(selection.has_value());
  EXPECT_EQ(selection->best.hypothesis, (Hypothesis{{2, 1}, 1})) << selection->best.to_string();
  EXPECT_NEAR(selection->best.c1, 1, 0.1);
}

TEST(SelectModel, RecoversAFractionalExponentWithAnOffset) {
  auto y = with_noise(
      kWorkers, [](double p) { return 500 + 2 * std::pow(p, 1.5); }, 0.02, 3);
  auto selection = select_model(kWorkers, y);
  ASSERT_TRUE(selection.has_value());
  EXPECT_EQ(selection->best.hypothesis, (Hypothesis{{3, 2}, 0})) << selection->best.to_string();
}

TEST(SelectModel, FlatDataGetsAFlatModel) {
  // Noise lets a tiny growing term edge out the constant; either way the
  // model must stay flat over the measured P.
  auto y = with_noise(
      kWorkers, [](double) { return 1000.0; }, 0.01, 5);
  auto selection = select_model(kWorkers, y);
  ASSERT_TRUE(selection.has_value());
  for (double p : kWorkers) {
    EXPECT_NEAR(selection->best.evaluate(p), 1000, 20) << selection->best.to_string();
  }
}

TEST(SelectModel, ChoosesTheSmallestCrossValidatedErrorNotTheBestInSampleFit) {
  // With this seed and 10% noise on P*log2(P), P^(5/4) fits the ten points
  // themselves better, but predicts each left-out point worse: leave-one-out
  // picks the true form.
  auto y = with_noise(
      kWorkers, [](double p) { return p * std::log2(p); }, 0.1, 14);
  auto selection = select_model(kWorkers, y);
  ASSERT_TRUE(selection.has_value());
  EXPECT_EQ(selection->best.hypothesis, (Hypothesis{{1, 1}, 1})) << selection->best.to_string();
  const ModelFit* best_in_sample = &selection->candidates.front();
  for (const ModelFit& candidate : selection->candidates) {
    EXPECT_LE(selection->best.cv_smape, candidate.cv_smape);
    EXPECT_NEAR(candidate.cv_smape, loo_cv_smape(candidate.hypothesis, kWorkers, y), 1e-9);
    if (!candidate.hypothesis.is_constant()) {
      EXPECT_GT(candidate.c1, 0);
    }
    if (candidate.smape < best_in_sample->smape) best_in_sample = &candidate;
  }
  EXPECT_EQ(best_in_sample->hypothesis, (Hypothesis{{5, 4}, 0})) << best_in_sample->to_string();
}

TEST(SelectModel, NeedsThreeDistinctP) {
  EXPECT_FALSE(select_model({2, 4}, {10, 20}).has_value());
  EXPECT_FALSE(select_model({2, 2, 4}, {10, 11, 20}).has_value());
  EXPECT_TRUE(select_model({2, 4, 8}, {10, 20, 40}).has_value());
}

TEST(SelectModel, FewerThanFivePointsAreIndicativeOnly) {
  auto three = select_model({2, 4, 8}, {10, 20, 40});
  ASSERT_TRUE(three.has_value());
  EXPECT_EQ(three->points, 3u);
  EXPECT_TRUE(three->indicative());
  auto four = select_model({2, 4, 8, 16}, {10, 20, 40, 80});
  ASSERT_TRUE(four.has_value());
  EXPECT_TRUE(four->indicative());
  auto five = select_model({2, 4, 8, 16, 32}, {10, 20, 40, 80, 160});
  ASSERT_TRUE(five.has_value());
  EXPECT_EQ(five->points, 5u);
  EXPECT_FALSE(five->indicative());
  EXPECT_EQ(five->smallest_p, 2);
  EXPECT_EQ(five->largest_p, 32);
}

}  // namespace
}  // namespace stacksplit::analysis
