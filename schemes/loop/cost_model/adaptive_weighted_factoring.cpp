#include "schemes/loop/cost_model/adaptive_weighted_factoring.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <stdexcept>

#include "schemes/loop/cost_model/factoring.hpp"

namespace stacksplit::schemes::loop::cost_model {
namespace {

std::vector<double> normalized(const std::vector<double>& speeds) {
  const double p = static_cast<double>(speeds.size());
  double sum = 0;
  std::size_t known = 0;
  for (double s : speeds) {
    if (s > 0) {
      sum += s;
      ++known;
    }
  }
  std::vector<double> weights(speeds.size(), 1.0);
  if (known == 0) return weights;
  // Unmeasured processors count as average ones: weight 1, the rest share
  // what is left of P in proportion to speed.
  const double share = p - static_cast<double>(speeds.size() - known);
  for (std::size_t i = 0; i < speeds.size(); ++i) {
    if (speeds[i] > 0) weights[i] = share * speeds[i] / sum;
  }
  return weights;
}

}  // namespace

std::vector<double> awf_weights(const std::vector<std::vector<AwfStep>>& history) {
  std::vector<double> speeds;
  for (const auto& steps : history) {
    double weighted_time = 0, weighted_iterations = 0;
    for (std::size_t s = 0; s < steps.size(); ++s) {
      if (steps[s].iterations < 0 || !(steps[s].seconds >= 0) || !std::isfinite(steps[s].seconds)) {
        throw std::invalid_argument("awf: a step needs iterations >= 0 and a finite time >= 0");
      }
      const double weight = static_cast<double>(s + 1);
      weighted_time += weight * steps[s].seconds;
      weighted_iterations += weight * static_cast<double>(steps[s].iterations);
    }
    // 1/π_i: iterations per second, later steps weighted more.
    speeds.push_back(
        weighted_time > 0 && weighted_iterations > 0 ? weighted_iterations / weighted_time : 0);
  }
  return normalized(speeds);
}

std::vector<double> awf_weights_from_rates(const std::vector<double>& rates) {
  for (double r : rates) {
    if (!(r >= 0) || !std::isfinite(r)) {
      throw std::invalid_argument("awf: rates must be finite and not negative");
    }
  }
  return normalized(rates);
}

std::vector<double> awf_weights_from_reported_rates(std::vector<double> reported) {
  double sum = 0;
  int measured = 0;
  for (double r : reported) {
    if (r > 0) {
      sum += r;
      ++measured;
    }
  }
  const double unmeasured = measured > 0 ? sum / measured : 1;
  for (double& r : reported) r = r > 0 ? r : unmeasured;
  return awf_weights_from_rates(reported);
}

std::int64_t awf_chunk(std::int64_t remaining_at_batch_start, int processors, double weight) {
  assert(weight >= 0);
  const std::int64_t base = fac2_chunk(remaining_at_batch_start, processors);
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(weight * base - 1e-9)));
}

std::vector<std::int64_t> awf_chunks(std::int64_t iterations, const std::vector<double>& weights) {
  const int p = static_cast<int>(weights.size());
  std::vector<std::int64_t> chunks;
  for (std::int64_t remaining = iterations; remaining > 0;) {
    const std::int64_t batch_start = remaining;
    for (int i = 0; i < p && remaining > 0; ++i) {
      chunks.push_back(std::min(remaining, awf_chunk(batch_start, p, weights[i])));
      remaining -= chunks.back();
    }
  }
  return chunks;
}

}  // namespace stacksplit::schemes::loop::cost_model
