#include "schemes/loop/cost_model/network_model.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

namespace stacksplit::schemes::loop::cost_model {

std::string_view exchange_name(Exchange exchange) {
  switch (exchange) {
    case Exchange::kOneToAll:
      return "one_to_all";
    case Exchange::kAllToOne:
      return "all_to_one";
    case Exchange::kAllToAll:
      return "all_to_all";
  }
  return "?";
}

ExchangePolynomial ExchangePolynomial::single(std::vector<std::vector<double>> coefficients) {
  ExchangePolynomial polynomial;
  polynomial.pieces.push_back(
      {0, std::numeric_limits<double>::infinity(), std::move(coefficients)});
  return polynomial;
}

const ExchangePolynomial::Piece& ExchangePolynomial::piece(double bytes) const {
  assert(!pieces.empty());
  for (const Piece& piece : pieces)
    if (bytes <= piece.to_bytes) return piece;
  return pieces.back();
}

double ExchangePolynomial::evaluate(double processors, double bytes) const {
  if (pieces.empty()) return 0;
  double sum = 0;
  double p_power = 1;
  for (const auto& row : piece(bytes).coefficients) {
    double m_power = 1;
    for (double c : row) {
      sum += c * p_power * m_power;
      m_power *= bytes;
    }
    p_power *= processors;
  }
  return sum;
}

double NetworkModel::cost(Exchange exchange, int processors, double bytes) const {
  // One processor exchanges with nobody.
  if (processors <= 1) return 0;
  return std::max(0.0, polynomial(exchange).evaluate(processors, bytes));
}

double NetworkModel::message_s(double bytes) const {
  return latency_s + (bandwidth_bytes_per_s > 0 ? bytes / bandwidth_bytes_per_s : 0);
}

}  // namespace stacksplit::schemes::loop::cost_model
