#include "schemes/loop/cost_model/least_squares.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace stacksplit::schemes::loop::cost_model {

std::vector<double> solve_least_squares(const LeastSquaresProblem& problem) {
  const std::size_t m = problem.rows.size();
  if (m == 0 || problem.values.size() != m) {
    throw std::invalid_argument("least squares: no measurements, or values and rows differ");
  }
  const std::size_t n = problem.rows.front().size();
  if (n == 0) throw std::invalid_argument("least squares: no coefficient to fit");
  for (const auto& row : problem.rows) {
    if (row.size() != n) throw std::invalid_argument("least squares: rows of different lengths");
  }
  if (m < n) {
    throw std::invalid_argument("least squares: " + std::to_string(m) +
                                " measurements cannot fit " + std::to_string(n) + " coefficients");
  }

  // Column-major copy, each column scaled to a largest entry of 1 so that
  // P^2·m next to a constant does not hide the small columns from the pivots.
  std::vector<std::vector<double>> a(n, std::vector<double>(m));
  std::vector<double> scale(n, 1);
  for (std::size_t j = 0; j < n; ++j) {
    double largest = 0;
    for (std::size_t i = 0; i < m; ++i) largest = std::max(largest, std::abs(problem.rows[i][j]));
    if (largest > 0) scale[j] = largest;
    for (std::size_t i = 0; i < m; ++i) a[j][i] = problem.rows[i][j] / scale[j];
  }
  std::vector<double> b = problem.values;

  // Householder reflections: R overwrites the upper triangle, Qᵀ·b goes to b.
  for (std::size_t k = 0; k < n; ++k) {
    double norm = 0;
    for (std::size_t i = k; i < m; ++i) norm += a[k][i] * a[k][i];
    norm = std::sqrt(norm);
    // A column that is (numerically) a combination of the earlier ones.
    if (norm < 1e-12 * std::sqrt(static_cast<double>(m))) {
      throw std::invalid_argument("least squares: the measurements do not determine coefficient " +
                                  std::to_string(k) + " (measure more distinct P or sizes)");
    }
    const double alpha = a[k][k] > 0 ? -norm : norm;
    std::vector<double> v(m - k);
    for (std::size_t i = k; i < m; ++i) v[i - k] = a[k][i];
    v[0] -= alpha;
    double v_norm2 = 0;
    for (double x : v) v_norm2 += x * x;
    auto reflect = [&](std::vector<double>& column) {
      double dot = 0;
      for (std::size_t i = k; i < m; ++i) dot += v[i - k] * column[i];
      const double factor = 2 * dot / v_norm2;
      for (std::size_t i = k; i < m; ++i) column[i] -= factor * v[i - k];
    };
    for (std::size_t j = k; j < n; ++j) reflect(a[j]);
    reflect(b);
  }
  if (std::abs(a[n - 1][n - 1]) < 1e-12) {
    throw std::invalid_argument("least squares: the measurements do not determine coefficient " +
                                std::to_string(n - 1) + " (measure more distinct P or sizes)");
  }

  std::vector<double> x(n);
  for (std::size_t k = n; k-- > 0;) {
    double sum = b[k];
    for (std::size_t j = k + 1; j < n; ++j) sum -= a[j][k] * x[j];
    x[k] = sum / a[k][k];
  }
  for (std::size_t j = 0; j < n; ++j) x[j] /= scale[j];
  return x;
}

}  // namespace stacksplit::schemes::loop::cost_model
