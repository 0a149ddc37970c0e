#include "analysis/model_fit.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <set>

#include "analysis/text_table.hpp"

namespace stacksplit::analysis {
namespace {

// Extra-P's standard exponents of P.
constexpr Fraction kPolyExponents[] = {{0, 1}, {1, 4}, {1, 3}, {1, 2}, {2, 3},  {3, 4}, {4, 5},
                                       {1, 1}, {5, 4}, {4, 3}, {3, 2}, {5, 3},  {7, 4}, {2, 1},
                                       {9, 4}, {7, 3}, {5, 2}, {8, 3}, {11, 4}, {3, 1}};
constexpr int kLogExponents[] = {0, 1, 2};

struct Coefficients {
  double c0 = 0;
  double c1 = 0;
};

// Weighted least squares of y = c0 + c1·x with weights 1/y². x is scaled to
// at most 1 first: P^3·log2(P)^2 reaches 1e11 and its square would swamp the
// normal equations.
std::optional<Coefficients> least_squares(
    const Hypothesis& h, const std::vector<double>& p, const std::vector<double>& y,
    std::size_t left_out = std::numeric_limits<std::size_t>::max()) {
  double s = 0, sy = 0;
  std::vector<double> x(p.size());
  double x_max = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    x[i] = h.term(p[i]);
    if (i != left_out) x_max = std::max(x_max, std::abs(x[i]));
  }
  if (h.is_constant()) {
    for (std::size_t i = 0; i < p.size(); ++i) {
      if (i == left_out) continue;
      double w = 1 / std::max(y[i] * y[i], std::numeric_limits<double>::min());
      s += w;
      sy += w * y[i];
    }
    if (s == 0) return std::nullopt;
    return Coefficients{sy / s, 0};
  }
  if (x_max == 0) return std::nullopt;
  double sx = 0, sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (i == left_out) continue;
    double w = 1 / std::max(y[i] * y[i], std::numeric_limits<double>::min());
    double xs = x[i] / x_max;
    s += w;
    sx += w * xs;
    sy += w * y[i];
    sxx += w * xs * xs;
    sxy += w * xs * y[i];
  }
  double det = s * sxx - sx * sx;
  // All x equal (or one point): c0 and c1 cannot be told apart.
  if (!(std::abs(det) > 1e-12 * s * sxx)) return std::nullopt;
  double c1 = (s * sxy - sx * sy) / det;
  double c0 = (sy - c1 * sx) / s;
  return Coefficients{c0, c1 / x_max};
}

double r_squared(const std::vector<double>& predicted, const std::vector<double>& actual) {
  double mean = 0;
  for (double v : actual) mean += v;
  mean /= static_cast<double>(actual.size());
  double ss_res = 0, ss_tot = 0;
  for (std::size_t i = 0; i < actual.size(); ++i) {
    ss_res += (actual[i] - predicted[i]) * (actual[i] - predicted[i]);
    ss_tot += (actual[i] - mean) * (actual[i] - mean);
  }
  if (ss_tot == 0) return ss_res == 0 ? 1 : 0;
  return 1 - ss_res / ss_tot;
}

std::string exponent_text(const Fraction& a) {
  if (a.denominator == 1) return std::to_string(a.numerator);
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "(" + string.
  std::string text(1, '(');
  text += std::to_string(a.numerator);
  text += '/';
  text += std::to_string(a.denominator);
  text += ')';
  return text;
}

}  // namespace

double Hypothesis::term(double p) const {
  double result = a.numerator == 0 ? 1 : std::pow(p, a.value());
  if (b > 0) result *= std::pow(std::log2(p), b);
  return result;
}

std::string Hypothesis::to_string() const {
  if (is_constant()) return "1";
  std::string text;
  if (a.numerator != 0) text = a == Fraction{1, 1} ? "P" : "P^" + exponent_text(a);
  if (b > 0) {
    if (!text.empty()) text += "*";
    text += b == 1 ? "log2(P)" : "log2(P)^" + std::to_string(b);
  }
  return text;
}

std::vector<Hypothesis> extrap_hypotheses() {
  std::vector<Hypothesis> result{Hypothesis{}};
  for (const Fraction& a : kPolyExponents) {
    for (int b : kLogExponents) {
      Hypothesis h{a, b};
      if (!h.is_constant()) result.push_back(h);
    }
  }
  return result;
}

std::string ModelFit::to_string() const {
  if (hypothesis.is_constant()) return format_number(c0);
  std::string term = format_number(c1) + "*" + hypothesis.to_string();
  if (c0 == 0) return term;
  return format_number(c0) + (c1 < 0 ? " - " + format_number(-c1) : " + " + format_number(c1)) +
         "*" + hypothesis.to_string();
}

double smape(const std::vector<double>& predicted, const std::vector<double>& actual) {
  assert(predicted.size() == actual.size() && !actual.empty());
  double sum = 0;
  for (std::size_t i = 0; i < actual.size(); ++i) {
    double denominator = std::abs(predicted[i]) + std::abs(actual[i]);
    if (denominator > 0) sum += 2 * std::abs(predicted[i] - actual[i]) / denominator;
  }
  return 100 * sum / static_cast<double>(actual.size());
}

std::optional<ModelFit> fit_hypothesis(const Hypothesis& hypothesis, const std::vector<double>& p,
                                       const std::vector<double>& y) {
  assert(p.size() == y.size());
  if (p.empty()) return std::nullopt;
  auto coefficients = least_squares(hypothesis, p, y);
  if (!coefficients) return std::nullopt;
  ModelFit fit{hypothesis, coefficients->c0, coefficients->c1, 0, 0, 0};
  std::vector<double> predicted;
  for (double x : p) predicted.push_back(fit.evaluate(x));
  fit.smape = smape(predicted, y);
  fit.r_squared = r_squared(predicted, y);
  return fit;
}

double loo_cv_smape(const Hypothesis& hypothesis, const std::vector<double>& p,
                    const std::vector<double>& y) {
  assert(p.size() == y.size() && !p.empty());
  std::vector<double> predicted, actual;
  for (std::size_t i = 0; i < p.size(); ++i) {
    auto coefficients = least_squares(hypothesis, p, y, i);
    if (!coefficients) return std::numeric_limits<double>::infinity();
    predicted.push_back(coefficients->c0 + coefficients->c1 * hypothesis.term(p[i]));
    actual.push_back(y[i]);
  }
  return smape(predicted, actual);
}

std::optional<ModelSelection> select_model(const std::vector<double>& p,
                                           const std::vector<double>& y) {
  assert(p.size() == y.size());
  const std::set<double> distinct(p.begin(), p.end());
  if (distinct.size() < kMinPointsToFit) return std::nullopt;
  ModelSelection selection;
  selection.points = distinct.size();
  selection.smallest_p = *distinct.begin();
  selection.largest_p = *distinct.rbegin();
  // Hypotheses come simplest first, and the stable sort keeps that order
  // among equal scores, so a tie goes to the simpler model.
  for (const Hypothesis& h : extrap_hypotheses()) {
    auto fit = fit_hypothesis(h, p, y);
    if (!fit || (!h.is_constant() && !(fit->c1 > 0))) continue;
    fit->cv_smape = loo_cv_smape(h, p, y);
    if (std::isfinite(fit->cv_smape)) selection.candidates.push_back(*fit);
  }
  if (selection.candidates.empty()) return std::nullopt;
  std::stable_sort(selection.candidates.begin(), selection.candidates.end(),
                   [](const ModelFit& a, const ModelFit& b) { return a.cv_smape < b.cv_smape; });
  selection.best = selection.candidates.front();
  return selection;
}

}  // namespace stacksplit::analysis
