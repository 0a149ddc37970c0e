#include "schemes/loop/cost_model/network_fit.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "schemes/loop/cost_model/least_squares.hpp"

namespace stacksplit::schemes::loop::cost_model {
namespace {

std::vector<double> basis(double processors, double bytes, const FitOptions& options) {
  std::vector<double> row;
  double p_power = 1;
  for (int a = 0; a <= options.degree_p; ++a) {
    double m_power = 1;
    for (int b = 0; b <= options.degree_bytes; ++b) {
      row.push_back(p_power * m_power);
      m_power *= bytes;
    }
    p_power *= processors;
  }
  return row;
}

std::vector<std::vector<double>> fit_piece(const std::vector<const ExchangeSample*>& samples,
                                           const std::string& name, const FitOptions& options) {
  LeastSquaresProblem problem;
  for (const ExchangeSample* s : samples) {
    problem.rows.push_back(basis(s->processors, s->bytes, options));
    problem.values.push_back(s->seconds);
  }
  std::vector<double> x;
  try {
    x = solve_least_squares(problem);
  } catch (const std::invalid_argument& error) {
    throw std::invalid_argument("network fit: " + name + ": " + error.what());
  }
  std::vector<std::vector<double>> coefficients;
  std::size_t k = 0;
  for (int a = 0; a <= options.degree_p; ++a) {
    coefficients.emplace_back();
    for (int b = 0; b <= options.degree_bytes; ++b) coefficients.back().push_back(x[k++]);
  }
  return coefficients;
}

// One piece for every degree_bytes + 1 consecutive measured sizes (pieces
// share their end sizes; the last one, full width, may overlap the one
// before), or one over all sizes when asked or when there are too few.
ExchangePolynomial fit_exchange(Exchange exchange, const NetworkSamples& samples,
                                const FitOptions& options) {
  const std::string name(exchange_name(exchange));
  std::vector<const ExchangeSample*> mine;
  std::vector<double> sizes;
  for (const ExchangeSample& s : samples.exchanges) {
    if (s.exchange != exchange) continue;
    mine.push_back(&s);
    sizes.push_back(s.bytes);
  }
  if (mine.empty()) throw std::invalid_argument("network fit: no " + name + " measurement");
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());

  const int span = std::max(1, options.degree_bytes);
  ExchangePolynomial polynomial;
  if (!options.piecewise || static_cast<int>(sizes.size()) <= span + 1) {
    polynomial.pieces.push_back({sizes.front(), sizes.back(), fit_piece(mine, name, options)});
    return polynomial;
  }
  for (std::size_t first = 0; first + 1 < sizes.size(); first += static_cast<std::size_t>(span)) {
    const std::size_t last = std::min(first + static_cast<std::size_t>(span), sizes.size() - 1);
    const std::size_t from = last - static_cast<std::size_t>(span);  // the last piece, full width
    std::vector<const ExchangeSample*> piece;
    for (const ExchangeSample* s : mine)
      if (s->bytes >= sizes[from] && s->bytes <= sizes[last]) piece.push_back(s);
    polynomial.pieces.push_back({sizes[from], sizes[last], fit_piece(piece, name, options)});
  }
  return polynomial;
}

}  // namespace

NetworkModel fit_network(const NetworkSamples& samples, const FitOptions& options) {
  if (options.degree_p < 0 || options.degree_bytes < 0) {
    throw std::invalid_argument("network fit: degrees must not be negative");
  }
  for (const ExchangeSample& s : samples.exchanges) {
    if (s.processors < 2 || !(s.bytes >= 0) || !(s.seconds >= 0) || !std::isfinite(s.seconds)) {
      throw std::invalid_argument(
          "network fit: a measurement needs P >= 2, bytes >= 0 and a "
          "finite time >= 0");
    }
  }
  NetworkModel model;
  for (Exchange exchange : kExchanges) {
    model.exchanges[static_cast<std::size_t>(exchange)] = fit_exchange(exchange, samples, options);
  }

  LeastSquaresProblem line;
  for (const MessageSample& s : samples.messages) {
    line.rows.push_back({1.0, s.bytes});
    line.values.push_back(s.seconds);
  }
  if (line.rows.size() < 2) {
    throw std::invalid_argument(
        "network fit: latency and bandwidth need point-to-point "
        "messages of at least two sizes");
  }
  std::vector<double> l_and_slope;
  try {
    l_and_slope = solve_least_squares(line);
  } catch (const std::invalid_argument&) {
    throw std::invalid_argument(
        "network fit: latency and bandwidth need point-to-point "
        "messages of at least two sizes");
  }
  if (!(l_and_slope[1] > 0)) {
    // The per-byte cost is below the timing noise (shared memory, a loaded
    // host): take the largest it can be, the spread of the times over the
    // spread of the sizes, a bandwidth the measurements cannot refute.
    double least_s = line.values.front(), most_s = least_s;
    double least_bytes = line.rows.front()[1], most_bytes = least_bytes;
    for (std::size_t i = 0; i < line.values.size(); ++i) {
      least_s = std::min(least_s, line.values[i]);
      most_s = std::max(most_s, line.values[i]);
      least_bytes = std::min(least_bytes, line.rows[i][1]);
      most_bytes = std::max(most_bytes, line.rows[i][1]);
    }
    if (!(most_s > least_s) || !(most_bytes > least_bytes)) {
      throw std::invalid_argument(
          "network fit: message time does not grow with size; "
          "no bandwidth can be fitted");
    }
    double mean_s = 0;
    for (double v : line.values) mean_s += v;
    l_and_slope = {mean_s / static_cast<double>(line.values.size()),
                   (most_s - least_s) / (most_bytes - least_bytes)};
  }
  // A negative intercept is noise on a fast network: no latency is below 0.
  model.latency_s = std::max(0.0, l_and_slope[0]);
  model.bandwidth_bytes_per_s = 1 / l_and_slope[1];

  bool first = true;
  for (const ExchangeSample& s : samples.exchanges) {
    model.min_processors = first ? s.processors : std::min(model.min_processors, s.processors);
    model.max_processors = first ? s.processors : std::max(model.max_processors, s.processors);
    model.min_bytes = first ? s.bytes : std::min(model.min_bytes, s.bytes);
    model.max_bytes = first ? s.bytes : std::max(model.max_bytes, s.bytes);
    first = false;
  }
  model.runtime = samples.runtime;
  model.machine = samples.machine;
  return model;
}

}  // namespace stacksplit::schemes::loop::cost_model
