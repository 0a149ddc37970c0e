#pragma once
// Fits a curve y(P) with the performance-model normal form of Extra-P,
//   y = c0 + c1 · P^a · log2(P)^b,
// over Extra-P's standard exponent set (a from 0 to 3 in the steps below, b in
// {0, 1, 2}) plus the constant model y = c0. For each hypothesis c0 and c1 are
// found by least squares; the hypothesis with the smallest leave-one-out
// cross-validated SMAPE wins. The form is that of Calotoiu et al., "Using
// automated performance modeling to find scalability bugs in complex codes",
// SC 2013, the paper behind Extra-P.
//
// The least squares are relative (each point weighted by 1/y²): isoefficiency
// sizes span orders of magnitude with multiplicative noise, and an absolute fit
// would let the largest P decide everything, while SMAPE judges relative error.

#include <optional>
#include <string>
#include <vector>

namespace stacksplit::analysis {

struct Fraction {
  int numerator = 0;
  int denominator = 1;
  double value() const { return static_cast<double>(numerator) / denominator; }
  bool operator==(const Fraction&) const = default;
};

struct Hypothesis {
  Fraction a;  // exponent of P
  int b = 0;   // exponent of log2(P)
  bool is_constant() const { return a.numerator == 0 && b == 0; }
  double term(double p) const;    // P^a · log2(P)^b
  std::string to_string() const;  // "P^(4/3)*log2(P)^2"; "1" for the constant
  bool operator==(const Hypothesis&) const = default;
};

// The constant model, then every (a, b) of Extra-P's standard set but (0, 0).
std::vector<Hypothesis> extrap_hypotheses();

struct ModelFit {
  Hypothesis hypothesis;
  double c0 = 0;
  double c1 = 0;         // 0 for the constant model
  double cv_smape = 0;   // leave-one-out cross-validated SMAPE, percent
  double smape = 0;      // SMAPE on all points, percent
  double r_squared = 0;  // on all points
  double evaluate(double p) const { return c0 + c1 * hypothesis.term(p); }
  // "12.3 + 2.98*P*log2(P)^2".
  std::string to_string() const;
};

// Leave-one-out needs two points to fit on besides the one left out.
inline constexpr std::size_t kMinPointsToFit = 3;
// Below this many points the ranking is not evidence. With three points each
// fold is a line through the other two, and with four nearly so; among 60
// hypotheses one then predicts the left-out points well by chance, and its
// tiny cross-validated error says nothing about the form. Such a fit is kept,
// but only as indicative: no ranking, no verdict against the literature.
inline constexpr std::size_t kMinPointsToRank = 5;

struct ModelSelection {
  ModelFit best;
  std::vector<ModelFit> candidates;  // every admissible hypothesis, best first
  std::size_t points = 0;            // distinct P fitted
  double smallest_p = 0;
  double largest_p = 0;
  bool indicative() const { return points < kMinPointsToRank; }
};

// Least squares for one hypothesis, with SMAPE and R² on the fitted points
// (cv_smape is left 0). Nullopt when the points cannot determine c0 and c1.
std::optional<ModelFit> fit_hypothesis(const Hypothesis& hypothesis, const std::vector<double>& p,
                                       const std::vector<double>& y);

// Mean over the points of the SMAPE of each point predicted by a fit on the
// others; infinity when some fold cannot be fitted.
double loo_cv_smape(const Hypothesis& hypothesis, const std::vector<double>& p,
                    const std::vector<double>& y);

// 100/n · Σ 2|f − y| / (|f| + |y|).
double smape(const std::vector<double>& predicted, const std::vector<double>& actual);

// The best hypothesis for the points; nullopt with fewer than kMinPointsToFit
// distinct P, indicative() with fewer than kMinPointsToRank. A term hypothesis whose fitted c1 is
// not positive is not admitted: W(P) grows with P, so a falling term only fits noise.
std::optional<ModelSelection> select_model(const std::vector<double>& p,
                                           const std::vector<double>& y);

}  // namespace stacksplit::analysis
