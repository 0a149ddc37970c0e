#pragma once
// The tunables of the loop schemes, one table for all (each reads what it
// uses), and what `auto` needs to predict: the loop's model.

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>

#include "schemes/loop/cost_model/loop_model_input.hpp"
#include "schemes/loop/cost_model/network_model.hpp"

namespace stacksplit::schemes {

// What a scheme that predicts (auto) is told about the loop it runs.
class LoopModel {
 public:
  virtual ~LoopModel() = default;
  // Seconds iteration i of loop `loop` takes on the base processor, unloaded.
  virtual double iteration_seconds(int loop, std::uint64_t i) const = 0;
  virtual double data_bytes_per_iteration(int loop) const = 0;
  virtual const schemes::loop::cost_model::NetworkModel& network() const = 0;
};

// A LoopModel from functions (the loop commands build one from their kernel).
class FunctionLoopModel final : public LoopModel {
 public:
  FunctionLoopModel(std::function<double(int, std::uint64_t)> seconds,
                    std::function<double(int)> bytes,
                    schemes::loop::cost_model::NetworkModel network)
      : seconds_(std::move(seconds)), bytes_(std::move(bytes)), network_(std::move(network)) {}
  double iteration_seconds(int loop, std::uint64_t i) const override { return seconds_(loop, i); }
  double data_bytes_per_iteration(int loop) const override { return bytes_(loop); }
  const schemes::loop::cost_model::NetworkModel& network() const override { return network_; }

 private:
  std::function<double(int, std::uint64_t)> seconds_;
  std::function<double(int)> bytes_;
  schemes::loop::cost_model::NetworkModel network_;
};

// A network where a message costs L + m/B and exchanges send theirs one after
// the other: one-to-all and all-to-one (P−1)(L + m/B), all-to-all P(P−1) of
// them. A rough model for when none was measured (tests).
inline schemes::loop::cost_model::NetworkModel serial_network(double latency, double bandwidth) {
  schemes::loop::cost_model::NetworkModel network;
  network.latency_s = latency;
  network.bandwidth_bytes_per_s = bandwidth;
  const double l = latency, w = 1 / bandwidth;
  network.exchanges[0] =
      schemes::loop::cost_model::ExchangePolynomial::single({{-l, -w}, {l, w}});  // one-to-all
  network.exchanges[1] =
      schemes::loop::cost_model::ExchangePolynomial::single({{-l, -w}, {l, w}});  // all-to-one
  network.exchanges[2] = schemes::loop::cost_model::ExchangePolynomial::single(
      {{0, 0}, {-l, -w}, {l, w}});  // all-to-all
  network.min_processors = 2;
  network.max_processors = 1 << 16;
  network.max_bytes = 1e9;
  return network;
}

struct LoopSchemeOptions {
  std::uint64_t chunk = 0;                 // ss, shared-iterator, static-cyclic: the chunk (0: the
                                           // scheme's own default); profiled: chunk_size
  int group = 0;                           // lcdlb, lddlb: processors per group, K (0: P/2)
  std::uint64_t eval_size = 1;             // profiled: iterations measured
  std::uint64_t eval_skip = 0;             // profiled: iterations done before measuring
  double threshold = 0.10;                 // a move must cut the predicted time by this share
  double dampening = 0.5;                  // profiled: the share of the way toward a new partition
  std::shared_ptr<const LoopModel> model;  // auto: the loop's model
};

// The tunables a strategy runs with, as the cost model's input takes them
// (--predict and auto predict each strategy as it would run).
inline void describe_tunables(const LoopSchemeOptions& options,
                              schemes::loop::cost_model::LoopModelInput& input) {
  input.group_size = options.group;
  input.profitability = options.threshold;
  input.chunks.ss_chunk = std::max<std::int64_t>(1, static_cast<std::int64_t>(options.chunk));
  input.chunks.shared_iterator_chunk = input.chunks.ss_chunk;
  input.profiled.eval_skip = static_cast<std::int64_t>(options.eval_skip);
  input.profiled.eval_size = static_cast<std::int64_t>(options.eval_size);
  input.profiled.threshold = options.threshold;
  input.profiled.damping = options.dampening;
}

}  // namespace stacksplit::schemes
