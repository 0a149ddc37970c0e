#include "core/loop/load_model.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "core/detail/random.hpp"

namespace stacksplit::core {

namespace {

double number(const std::string& text, const std::string& what) {
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value))
    throw std::invalid_argument(what + ": '" + text + "' is not a number");
  return value;
}

}  // namespace

LoadModel::LoadModel(const LoadOptions& options, int processors)
    : options_(options),
      speeds_(options.speeds),
      max_load_(options.max_load),
      persistence_(options.persistence) {
  if (!speeds_.empty() && static_cast<int>(speeds_.size()) != processors)
    throw std::invalid_argument("--speeds gives " + std::to_string(speeds_.size()) +
                                " speeds for " + std::to_string(processors) +
                                " processors (give one per processor)");
  for (double speed : speeds_)
    if (!(speed > 0) || !std::isfinite(speed))
      throw std::invalid_argument("--speeds: every speed must be a positive number");
  if (max_load_ < 0) throw std::invalid_argument("--load: ml must be 0 or more");
  if (!(persistence_ > 0) || !std::isfinite(persistence_))
    throw std::invalid_argument("--load: tl must be a positive number of seconds");
}

std::uint64_t LoadModel::period_of(double time) const {
  return time <= 0 ? 0 : static_cast<std::uint64_t>(time / persistence_);
}

int LoadModel::load(int rank, std::uint64_t period) const {
  if (max_load_ == 0) return 0;
  // Stateless, so every runtime draws the same ℓ_i(k) whatever the order of asking.
  Random draw =
      Random::stream(options_.seed ^ (0x10adULL * (static_cast<std::uint64_t>(rank) + 1)), period);
  return static_cast<int>(draw.below(static_cast<std::uint64_t>(max_load_) + 1));
}

double LoadModel::elapsed(int rank, double start, double work) const {
  const double s = speed(rank);
  if (max_load_ == 0) return work / s;
  double time = start, left = work;
  // Period by period; counting the periods (not recomputing them from the
  // time) keeps going when a boundary rounds onto the time itself.
  for (std::uint64_t period = period_of(start);; ++period) {
    const double end = static_cast<double>(period + 1) * persistence_;
    const double rate = s / (load(rank, period) + 1);
    const double capacity = std::max(0.0, end - time) * rate;
    if (capacity >= left) return time + left / rate - start;
    left -= capacity;
    time = std::max(time, end);
  }
}

void parse_load(const std::string& text, LoadOptions& options) {
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    const std::string item = text.substr(at, comma - at);
    const std::size_t equals = item.find('=');
    if (equals == std::string::npos)
      throw std::invalid_argument("--load expects ml=N,tl=SECONDS (got '" + text + "')");
    const std::string key = item.substr(0, equals), value = item.substr(equals + 1);
    if (key == "ml") {
      const double ml = number(value, "--load ml");
      if (ml < 0 || ml != std::floor(ml) || ml > 1000)
        throw std::invalid_argument("--load: ml must be a whole number from 0 to 1000 (got '" +
                                    value + "')");
      options.max_load = static_cast<int>(ml);
    } else if (key == "tl") {
      options.persistence = number(value, "--load tl");
      if (!(options.persistence > 0))
        throw std::invalid_argument("--load: tl must be a positive number of seconds (got '" +
                                    value + "')");
    } else {
      throw std::invalid_argument("--load: unknown key '" + key + "' (known: ml, tl)");
    }
    at = comma + 1;
  }
}

std::vector<double> parse_speeds(const std::string& text) {
  std::vector<double> speeds;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    const double speed = number(text.substr(at, comma - at), "--speeds");
    if (!(speed > 0)) throw std::invalid_argument("--speeds: every speed must be positive");
    speeds.push_back(speed);
    at = comma + 1;
  }
  return speeds;
}

}  // namespace stacksplit::core
