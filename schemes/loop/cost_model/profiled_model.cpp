#include "schemes/loop/cost_model/profiled_model.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "schemes/loop/cost_model/loop_state.hpp"
#include "schemes/loop/cost_model/redistribution.hpp"

namespace stacksplit::schemes::loop::cost_model {
namespace {

double latest_finish(const LoopState& state, double from_s) {
  double latest = from_s;
  for (int k = 0; k < state.size(); ++k) {
    if (state.left(k) > 0) latest = std::max(latest, state.finish_time(k, from_s));
  }
  return latest;
}

// Part of the way from `left` to `target`, rounded so the sum is kept.
std::vector<std::int64_t> damped(const std::vector<std::int64_t>& left,
                                 const std::vector<std::int64_t>& target, double damping) {
  if (damping >= 1) return target;
  std::vector<double> weights;
  for (std::size_t i = 0; i < left.size(); ++i) {
    weights.push_back(static_cast<double>(left[i]) +
                      damping * static_cast<double>(target[i] - left[i]));
  }
  const std::int64_t total = std::accumulate(left.begin(), left.end(), std::int64_t{0});
  return proportional_distribution(total, weights);
}

// Σ T_k of `count` iterations after the first `skip` of what is held.
double work_of(const LoopModelInput& input, const std::deque<IterationRange>& held,
               std::int64_t skip, std::int64_t count) {
  double work = 0;
  for (const IterationRange& r : held) {
    if (count <= 0) break;
    if (skip >= r.count) {
      skip -= r.count;
      continue;
    }
    const std::int64_t take = std::min(count, r.count - skip);
    work += input.cost.of({r.first + skip, take});
    count -= take;
    skip = 0;
  }
  return work;
}

}  // namespace

ProfiledPrediction predict_profiled(const LoopModelInput& input, const NetworkModel& network) {
  check_loop_model_input(input);
  std::vector<int> everyone(static_cast<std::size_t>(input.processors()));
  std::iota(everyone.begin(), everyone.end(), 0);
  LoopState state(input, everyone);
  ProfiledPrediction prediction;
  const double start = input.start.time_s;

  // The measurement: already made at a synchronization, else each processor
  // runs eval_skip + eval_size iterations and all meet at the slowest.
  std::vector<double> speeds;
  double t = start;
  if (input.start.at_synchronization) {
    for (int k = 0; k < state.size(); ++k) speeds.push_back(state.measured_speed(k, t, t));
  } else {
    std::vector<double> measured_from(everyone.size(), start), measured_to(everyone.size(), start);
    for (int k = 0; k < state.size(); ++k) {
      // eval_skip iterations, then eval_size measured ones.
      const double skipped = work_of(input, state.held(k), 0, input.profiled.eval_skip);
      const double measured =
          work_of(input, state.held(k), input.profiled.eval_skip, input.profiled.eval_size);
      measured_from[static_cast<std::size_t>(k)] = input.forecast.finish_time(k, start, skipped);
      const double at = input.forecast.finish_time(k, start, skipped + measured);
      measured_to[static_cast<std::size_t>(k)] = at;
      t = std::max(t, at);
    }
    for (int k = 0; k < state.size(); ++k) {
      const auto i = static_cast<std::size_t>(k);
      speeds.push_back(state.measured_speed(k, measured_from[i], measured_to[i]));
      state.run(k, start, measured_to[i]);
    }
    prediction.synchronization_s =
        network.cost(Exchange::kAllToAll, input.processors(), input.messages.profile);
  }
  prediction.measured_until_s = t;
  prediction.distribution_s = input.distribution_s;
  const double compute_from = t + prediction.synchronization_s + prediction.distribution_s;

  const std::vector<std::int64_t> left = state.left_all();
  Redistribution plan = plan_transfers(
      left, damped(left, plan_redistribution(left, speeds).distribution, input.profiled.damping));
  LoopState moved = state;
  moved.apply(plan.transfers);
  // Judged, as the runtime does, by the speeds measured.
  auto longest = [&](const LoopState& s) {
    double longest = 0;
    for (int k = 0; k < s.size(); ++k) {
      const double speed = speeds[static_cast<std::size_t>(k)];
      if (s.work_left(k) > 0) {
        longest = std::max(longest, speed > 0 ? s.work_left(k) / speed : 1e300);
      }
    }
    return longest;
  };
  const double without = longest(state);
  const double with = longest(moved);
  prediction.improvement = without > 0 ? (without - with) / without : 0;
  prediction.repartitioned =
      plan.work_moved > 0 && prediction.improvement >= input.profiled.threshold;
  prediction.distribution = left;
  double resume = compute_from;
  if (prediction.repartitioned) {
    prediction.distribution = plan.distribution;
    prediction.work_moved = plan.work_moved;
    prediction.messages = plan.messages();
    prediction.data_movement_s = plan.messages() * network.latency_s +
                                 static_cast<double>(plan.work_moved) *
                                     input.data_bytes_per_iteration / network.bandwidth_bytes_per_s;
    resume += prediction.data_movement_s;
    state = std::move(moved);
  }
  prediction.time_s = latest_finish(state, resume) - start;
  return prediction;
}

}  // namespace stacksplit::schemes::loop::cost_model
