#pragma once
// The effective speed σ_i(t) each processor is expected to have from now on:
// its normalized speed S_i divided by its external load plus one,
// S_i/(ℓ_i(k)+1), the load ℓ_i(k) holding for the k-th period of tℓ seconds
// (Zaki, Parthasarathy & Li, Customized Dynamic Load Balancing, §1.3.2,
// "Effect of Discrete Load").
//
// The chapter averages S_i/(ℓ_i(k)+1) over the periods a..b an interval
// touches, each period counting once. Here a processor's work is the
// integral of σ_i over time, so a period counts for the time spent in it;
// the two agree when the load is constant over the interval, and the
// integral is what the strategies measure: iterations per second since the
// last synchronization (§1.2, "Performance Metric").

#include <cstddef>
#include <vector>

namespace stacksplit::schemes::loop::cost_model {

class SpeedForecast {
 public:
  // No processor: to be assigned one of the forecasts below.
  SpeedForecast() = default;
  // σ_i for ever: what the loads seen at the first synchronization predict
  // when nothing more is known.
  static SpeedForecast constant(std::vector<double> effective_speeds);
  // σ_i(t) = speeds[i] / (loads[i][k] + 1) for t in [k·tℓ, (k+1)·tℓ), times
  // counted from the start of the loop; past the last period given, the last
  // load stays. Throws std::invalid_argument on negative loads or speeds.
  static SpeedForecast from_loads(std::vector<double> speeds, std::vector<std::vector<int>> loads,
                                  double persistence_s);

  int processors() const { return static_cast<int>(speeds_.size()); }
  double speed(int processor, double time_s) const;
  // Work done (base-processor seconds) between two times: ∫ σ_i dt.
  double work(int processor, double from_s, double to_s) const;
  // The time at which `work` base seconds started at `from_s` are done;
  // infinity when the processor never gets that far (speed 0 for ever).
  double finish_time(int processor, double from_s, double work) const;

 private:
  double speed_in(int processor, std::size_t period) const;

  std::vector<double> speeds_;           // S_i, or σ_i for a constant forecast
  std::vector<std::vector<int>> loads_;  // empty: constant
  double persistence_s_ = 0;
};

// E[1/(ℓ+1)] for a load drawn uniformly from {0, ..., max_load}, the
// chapter's load model: a processor's long-run effective speed is S_i times
// this (H_{ml+1}/(ml+1); 0.408 for ml = 5).
double expected_load_factor(int max_load);

}  // namespace stacksplit::schemes::loop::cost_model
