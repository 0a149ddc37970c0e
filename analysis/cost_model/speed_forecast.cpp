#include "analysis/cost_model/speed_forecast.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace stacksplit::analysis::cost_model {

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

double SpeedForecast::speed(int processor, double time_s) const {
  const double s = speeds_[static_cast<std::size_t>(processor)];
  if (loads_.empty()) return s;
  const auto& history = loads_[static_cast<std::size_t>(processor)];
  const double period = std::floor(std::max(0.0, time_s) / persistence_s_);
  const std::size_t k = period >= static_cast<double>(history.size())
                            ? history.size() - 1
                            : static_cast<std::size_t>(period);
  return s / (history[k] + 1);
}

double SpeedForecast::work(int processor, double from_s, double to_s) const {
  if (!(to_s > from_s)) return 0;
  if (loads_.empty()) return speed(processor, from_s) * (to_s - from_s);
  double done = 0;
  for (double t = from_s; t < to_s;) {
    const double period_end = (std::floor(t / persistence_s_) + 1) * persistence_s_;
    const double end = std::min(to_s, period_end);
    done += speed(processor, t) * (end - t);
    t = end;
  }
  return done;
}

double SpeedForecast::finish_time(int processor, double from_s, double work) const {
  if (!(work > 0)) return from_s;
  const auto& history =
      loads_.empty() ? std::vector<int>{} : loads_[static_cast<std::size_t>(processor)];
  double t = from_s;
  double left = work;
  while (true) {
    const double s = speed(processor, t);
    // The last period lasts for ever.
    const double periods_left =
        loads_.empty() ? 0
                       : static_cast<double>(history.size()) - std::floor(t / persistence_s_) - 1;
    if (loads_.empty() || periods_left <= 0) {
      return s > 0 ? t + left / s : std::numeric_limits<double>::infinity();
    }
    const double period_end = (std::floor(t / persistence_s_) + 1) * persistence_s_;
    const double can = s * (period_end - t);
    if (can >= left && s > 0) return t + left / s;
    left -= can;
    t = period_end;
  }
}

double expected_load_factor(int max_load) {
  if (max_load < 0) throw std::invalid_argument("expected load: ml must not be negative");
  double sum = 0;
  for (int l = 0; l <= max_load; ++l) sum += 1.0 / (l + 1);
  return sum / (max_load + 1);
}

}  // namespace stacksplit::analysis::cost_model
