#include "analysis/cost_model/network_model.hpp"

#include <algorithm>
#include <cmath>

namespace stacksplit::analysis::cost_model {

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

double ExchangePolynomial::evaluate(double processors, double bytes) const {
  double sum = 0;
  double p_power = 1;
  for (const auto& row : coefficients) {
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

}  // namespace stacksplit::analysis::cost_model
