#pragma once
// Runs the exchange probes (apps/cli/netchar/exchange_probe.hpp) on the runtime a
// run configuration names and turns their times into the samples the cost
// model fits (schemes/loop/cost_model/network_fit.hpp): point-to-point messages
// for L and B, and each exchange against P and the message size.

#include <algorithm>
#include <map>
#include <memory>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "apps/cli/netchar/exchange_probe.hpp"
#include "core/mpi/mpi_runtime.hpp"
#include "core/run_config.hpp"
#include "core/runtime/step_runtime.hpp"
#include "core/runtime/threads_runtime.hpp"
#include "core/sim/sim_runtime.hpp"
#include "schemes/loop/cost_model/network_fit.hpp"

namespace stacksplit::cli {

struct NetcharOptions {
  std::vector<std::uint64_t> sizes = {8, 1024, 8192, 65536};  // bytes a message
  int repeats = 3;                                            // the median is kept
};

// The processor counts measured: 2, 3, 4, 6, 8, 12, ... up to P, and P.
inline std::vector<int> netchar_processor_counts(int workers) {
  std::vector<int> counts;
  for (int p = 2; p <= workers; p = p < 4 ? p + 1 : p + p / 2) counts.push_back(p);
  if (workers >= 2 && counts.back() != workers) counts.push_back(workers);
  return counts;
}

// As many powers of P as the distinct counts measured on `workers` can
// determine (P² at most): with P = 2 or 3 an exchange's time is taken as
// constant or linear in P. Both the netchar command and the loop command's
// own measurement fit with these.
inline schemes::loop::cost_model::FitOptions netchar_fit_options(int workers) {
  schemes::loop::cost_model::FitOptions fit;
  fit.degree_p = std::max(
      0, std::min(fit.degree_p, static_cast<int>(netchar_processor_counts(workers).size()) - 1));
  return fit;
}

inline std::vector<ProbeRound> netchar_rounds(int workers, const NetcharOptions& options) {
  std::vector<ProbeRound> rounds;
  for (int r = 0; r < options.repeats; ++r) {
    rounds.push_back({ProbePattern::kPingPong, 2, 0});
    for (std::uint64_t bytes : options.sizes) rounds.push_back({ProbePattern::kPingPong, 2, bytes});
    for (int p : netchar_processor_counts(workers)) {
      rounds.push_back({ProbePattern::kOneToAll, p, 0});
      for (std::uint64_t bytes : options.sizes)
        for (ProbePattern pattern :
             {ProbePattern::kOneToAll, ProbePattern::kAllToOne, ProbePattern::kAllToAll})
          rounds.push_back({pattern, p, bytes});
    }
  }
  return rounds;
}

// The measurements, medians of the repeats, as samples; the empty start and
// end messages each round needs are taken out.
inline schemes::loop::cost_model::NetworkSamples netchar_samples(
    const std::vector<ProbeMeasurement>& measured) {
  using Key = std::tuple<int, int, std::uint64_t>;
  std::map<Key, std::vector<double>> times;
  for (const ProbeMeasurement& m : measured)
    times[{static_cast<int>(m.round.pattern), m.round.processors, m.round.bytes}].push_back(
        m.seconds);
  auto median = [&](ProbePattern pattern, int p, std::uint64_t bytes) {
    std::vector<double> t = times.at({static_cast<int>(pattern), p, bytes});
    std::nth_element(t.begin(), t.begin() + static_cast<std::ptrdiff_t>(t.size() / 2), t.end());
    return t[t.size() / 2];
  };
  schemes::loop::cost_model::NetworkSamples samples;
  const double empty = median(ProbePattern::kPingPong, 2, 0) / 2;  // one empty message
  for (const auto& [key, values] : times) {
    const auto [pattern_index, p, bytes] = key;
    const auto pattern = static_cast<ProbePattern>(pattern_index);
    if (bytes == 0) continue;
    const double raw = median(pattern, p, bytes);
    const double start = median(ProbePattern::kOneToAll, p, 0) - empty;  // the empty broadcast
    double seconds = raw;
    schemes::loop::cost_model::Exchange exchange{};
    switch (pattern) {
      case ProbePattern::kPingPong:
        samples.messages.push_back({static_cast<double>(bytes), raw / 2});
        continue;
      case ProbePattern::kOneToAll:
        exchange = schemes::loop::cost_model::Exchange::kOneToAll;
        seconds = raw - empty;
        break;
      case ProbePattern::kAllToOne:
        exchange = schemes::loop::cost_model::Exchange::kAllToOne;
        seconds = raw - start;
        break;
      case ProbePattern::kAllToAll:
        exchange = schemes::loop::cost_model::Exchange::kAllToAll;
        seconds = raw - start - empty;
        break;
    }
    samples.exchanges.push_back(
        {exchange, p, static_cast<double>(bytes), std::max(seconds, 1e-12)});
  }
  return samples;
}

// Measures the network of `config`'s runtime (its machine, under sim).
inline schemes::loop::cost_model::NetworkSamples characterize_network(
    const core::RunConfig& config, const NetcharOptions& options) {
  config.validate();
  if (config.workers < 2)
    throw std::invalid_argument("netchar needs at least 2 workers (--workers)");
  const std::vector<ProbeRound> rounds = netchar_rounds(config.workers, options);
  auto make_agent = [&](int rank, core::Outbox<ProbeMessage>& outbox) {
    return std::make_unique<ExchangeProbe>(rank, config.workers, rounds, outbox);
  };
  std::vector<ProbeMeasurement> measured;
  switch (config.runtime) {
    case core::RuntimeKind::kThreads: {
      core::ThreadsRuntime<ExchangeProbe> runtime;
      runtime.run(config.workers, make_agent);
      measured = runtime.agents().front()->measurements();
      break;
    }
    case core::RuntimeKind::kStep: {
      core::StepRuntime<ExchangeProbe> runtime;
      runtime.run(config.workers, config.search.seed, make_agent);
      measured = runtime.agents().front()->measurements();
      break;
    }
    case core::RuntimeKind::kSim: {
      core::SimRuntime<ExchangeProbe> runtime;
      runtime.run(config.workers, config.machine, config.scheme_topology(), make_agent);
      measured = runtime.agents().front()->measurements();
      break;
    }
    case core::RuntimeKind::kMpi: {
      core::MpiRuntime<ExchangeProbe> runtime;
      runtime.run(config.workers, make_agent);
      measured = runtime.agent().measurements();
      break;
    }
  }
  schemes::loop::cost_model::NetworkSamples samples = netchar_samples(measured);
  samples.runtime = std::string(core::to_string(config.runtime));
  samples.machine = config.runtime == core::RuntimeKind::kSim ? config.machine.name : "none";
  return samples;
}

}  // namespace stacksplit::cli
