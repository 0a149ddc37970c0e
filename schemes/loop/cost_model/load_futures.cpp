#include "schemes/loop/cost_model/load_futures.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

namespace stacksplit::schemes::loop::cost_model {

int load_implied_by(double observed_speed, double nominal_speed, int max_load) {
  if (!(observed_speed > 0) || !(nominal_speed > 0)) return max_load;
  const double load = nominal_speed / observed_speed - 1;
  return static_cast<int>(std::clamp(std::lround(load), 0L, static_cast<long>(max_load)));
}

std::vector<SpeedForecast> sample_load_futures(const std::vector<double>& observed_speeds,
                                               const LoadFutureOptions& options, double now_s,
                                               double horizon_s) {
  if (!(options.persistence_s > 0)) {
    throw std::invalid_argument("load futures: the persistence must be positive");
  }
  if (options.futures < 1) throw std::invalid_argument("load futures: at least one future");
  if (observed_speeds.size() != options.nominal_speeds.size()) {
    throw std::invalid_argument("load futures: " + std::to_string(observed_speeds.size()) +
                                " observed speeds for " +
                                std::to_string(options.nominal_speeds.size()) + " processors");
  }
  const std::size_t now_period =
      static_cast<std::size_t>(std::max(0.0, now_s) / options.persistence_s);
  // Enough periods for the horizon at the heaviest load; a bound keeps a
  // tiny persistence from asking for millions.
  const double span = std::max(0.0, horizon_s) * (options.max_load + 1);
  const auto later =
      static_cast<std::size_t>(std::clamp(span / options.persistence_s + 2, 2.0, 100000.0));
  std::mt19937_64 random(options.seed);
  std::uniform_int_distribution<int> draw(0, options.max_load);
  std::vector<SpeedForecast> futures;
  for (int f = 0; f < options.futures; ++f) {
    std::vector<std::vector<int>> loads(observed_speeds.size());
    for (std::size_t i = 0; i < observed_speeds.size(); ++i) {
      const int now =
          load_implied_by(observed_speeds[i], options.nominal_speeds[i], options.max_load);
      loads[i].assign(now_period + 1, now);
      for (std::size_t k = 0; k < later; ++k) loads[i].push_back(draw(random));
    }
    futures.push_back(
        SpeedForecast::from_loads(options.nominal_speeds, std::move(loads), options.persistence_s));
  }
  return futures;
}

}  // namespace stacksplit::schemes::loop::cost_model
