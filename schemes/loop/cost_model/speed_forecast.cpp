#include "schemes/loop/cost_model/speed_forecast.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace stacksplit::schemes::loop::cost_model {

SpeedForecast SpeedForecast::constant(std::vector<double> effective_speeds) {
  for (double s : effective_speeds) {
    if (!(s >= 0) || !std::isfinite(s)) {
      throw std::invalid_argument("speed forecast: speeds must be finite and not negative");
    }
  }
  SpeedForecast forecast;
  forecast.speeds_ = std::move(effective_speeds);
  return forecast;
}

SpeedForecast SpeedForecast::from_loads(std::vector<double> speeds,
                                        std::vector<std::vector<int>> loads, double persistence_s) {
  if (loads.size() != speeds.size()) {
    throw std::invalid_argument("speed forecast: one load history per processor");
  }
  if (!(persistence_s > 0)) throw std::invalid_argument("speed forecast: tl must be positive");
  for (std::size_t i = 0; i < loads.size(); ++i) {
    if (loads[i].empty()) throw std::invalid_argument("speed forecast: an empty load history");
    for (int l : loads[i]) {
      if (l < 0) throw std::invalid_argument("speed forecast: loads must not be negative");
    }
  }
  SpeedForecast forecast = constant(std::move(speeds));
  forecast.loads_ = std::move(loads);
  forecast.persistence_s_ = persistence_s;
  return forecast;
}

namespace {

// The period a time falls in; times are counted from the loop's start.
std::size_t period_of(double time_s, double persistence_s) {
  return static_cast<std::size_t>(std::max(0.0, std::floor(time_s / persistence_s)));
}

}  // namespace

double SpeedForecast::speed(int processor, double time_s) const {
  const double s = speeds_[static_cast<std::size_t>(processor)];
  if (loads_.empty()) return s;
  return speed_in(processor, period_of(time_s, persistence_s_));
}

double SpeedForecast::speed_in(int processor, std::size_t period) const {
  const auto& history = loads_[static_cast<std::size_t>(processor)];
  return speeds_[static_cast<std::size_t>(processor)] /
         (history[std::min(period, history.size() - 1)] + 1);
}

double SpeedForecast::work(int processor, double from_s, double to_s) const {
  if (!(to_s > from_s)) return 0;
  if (loads_.empty()) return speed(processor, from_s) * (to_s - from_s);
  double done = 0;
  // Periods by index, not by dividing times again: t/tℓ just below a whole
  // number would find the same period for ever.
  std::size_t k = period_of(from_s, persistence_s_);
  for (double t = from_s; t < to_s; ++k) {
    const double end = std::min(to_s, static_cast<double>(k + 1) * persistence_s_);
    if (end > t) done += speed_in(processor, k) * (end - t);
    t = std::max(t, end);
  }
  return done;
}

double SpeedForecast::finish_time(int processor, double from_s, double work) const {
  if (!(work > 0)) return from_s;
  const double never = std::numeric_limits<double>::infinity();
  if (loads_.empty()) {
    const double s = speed(processor, from_s);
    return s > 0 ? from_s + work / s : never;
  }
  const std::size_t last = loads_[static_cast<std::size_t>(processor)].size() - 1;
  double t = from_s;
  double left = work;
  for (std::size_t k = period_of(from_s, persistence_s_);; ++k) {
    const double s = speed_in(processor, k);
    // The last load given lasts for ever.
    if (k >= last) return s > 0 ? t + left / s : never;
    const double end = static_cast<double>(k + 1) * persistence_s_;
    const double can = s * std::max(0.0, end - t);
    if (s > 0 && can >= left) return t + left / s;
    left -= can;
    t = std::max(t, end);
  }
}

double expected_load_factor(int max_load) {
  if (max_load < 0) throw std::invalid_argument("expected load: ml must not be negative");
  double sum = 0;
  for (int l = 0; l <= max_load; ++l) sum += 1.0 / (l + 1);
  return sum / (max_load + 1);
}

}  // namespace stacksplit::schemes::loop::cost_model
