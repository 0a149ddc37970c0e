#pragma once
// Futures of the external load, for predicting from a synchronization on:
// the chapter's load model (Zaki, Parthasarathy & Li, Customized Dynamic
// Load Balancing, §1.3.1, "External Load Modeling": each processor's load
// ℓ_i(k) is drawn from {0, ..., mℓ} for every period of tℓ seconds, its
// effective speed S_i/(ℓ_i(k)+1)) drawn forward from what a synchronization
// saw. The load of the period under way is the one the observed speed
// implies (the nearest ℓ with S_i/(ℓ+1) ≈ σ_i); the later periods' loads are
// drawn at random. A strategy's expected time is its mean over such futures:
// a forecast that the speeds seen persist for ever misses what load changes
// do to the last large chunks of a pool, and how often a balancer must
// synchronize again.
//
// The draws are the model's own (from `seed`), never the run's loads: every
// processor draws the same futures and so predicts alike.

#include <cstdint>
#include <vector>

#include "schemes/loop/cost_model/speed_forecast.hpp"

namespace stacksplit::schemes::loop::cost_model {

struct LoadFutureOptions {
  std::vector<double> nominal_speeds;  // S_i
  int max_load = 0;                    // mℓ
  double persistence_s = 1;            // tℓ
  int futures = 8;
  std::uint64_t seed = 1;
};

// `count` forecasts (options.futures of them) from `now_s` (periods counted
// from time 0), the loads of the periods up to now_s those the observed
// speeds imply, long enough for `horizon_s` seconds beyond now_s at the
// slowest speed; past them the last load stays. Throws
// std::invalid_argument for a non-positive persistence, fewer than one
// future, or speeds whose count differs from the nominal speeds'.
std::vector<SpeedForecast> sample_load_futures(const std::vector<double>& observed_speeds,
                                               const LoadFutureOptions& options, double now_s,
                                               double horizon_s);

// The load ℓ in {0, ..., max_load} whose S/(ℓ+1) is nearest the observed speed.
int load_implied_by(double observed_speed, double nominal_speed, int max_load);

}  // namespace stacksplit::schemes::loop::cost_model
