#pragma once
// The loop family's entry point: runs a loop program under a run
// configuration on the runtime it names (core/run_search.hpp's counterpart).
// `make_kernel()` is called once per worker.

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/loop/bitonic_kernel.hpp"
#include "core/loop/iteration_pool.hpp"
#include "core/loop/load_model.hpp"
#include "core/loop/loop_kernel.hpp"
#include "core/loop/loop_scheme.hpp"
#include "core/loop/loop_statistics.hpp"
#include "core/loop/loop_worker.hpp"
#include "core/mpi/mpi_runtime.hpp"
#include "core/run_config.hpp"
#include "core/runtime/step_runtime.hpp"
#include "core/runtime/threads_runtime.hpp"
#include "core/sim/sim_runtime.hpp"

namespace stacksplit::core {

struct LoopConfig {
  std::function<std::unique_ptr<LoopScheme>()> make_scheme;
  LoadOptions load;
  int steps = 1;
  bool bitonic = false;  // pair i with N−1−i (core/loop/bitonic_kernel.hpp)
};

template <class Output>
struct LoopResult {
  std::vector<LoopStatistics> per_worker;
  LoopStatistics total;
  Output output{};               // rank 0: every worker's output of the last loop, merged
  std::uint64_t iterations = 0;  // in the whole program (every nest, every step)
  double seconds = 0;
  TimeKind time_kind = TimeKind::kWall;
  std::optional<double> sequential_seconds;       // sim: the program on one unloaded processor
  std::optional<double> simulation_wall_seconds;  // sim
  std::uint64_t sim_events = 0;
  bool interrupted = false;
  bool reporting = true;         // false on MPI ranks other than 0
  nlohmann::json scheme_report;  // rank 0's scheme's (LoopScheme::report)
};

namespace detail {

// The program's size and modelled one-processor time (cost·t_unit + t_node a
// iteration, no load), from a copy of the kernel.
template <LoopKernel K>
std::pair<std::uint64_t, double> loop_program_work(K kernel, int steps,
                                                   const MachineModel& machine) {
  std::uint64_t iterations = 0;
  double seconds = 0;
  for (int nest = 0; nest < kernel.loop_count(); ++nest) {
    kernel.begin_loop(nest);
    const std::uint64_t n = kernel.iterations();
    if (n > IterationPool::kMaxPositions)
      throw std::invalid_argument(
          "loop " + std::to_string(nest) + " has " + std::to_string(n) +
          " iterations; a loop may have at most 2^32 - 1 = " +
          std::to_string(IterationPool::kMaxPositions) +
          " (a self-scheduling pool keeps its next iteration and its count of chunks in one "
          "64-bit word)");
    iterations += n;
    double cost = 0;
    for (std::uint64_t i = 0; i < n; ++i) cost += kernel.cost(i);
    seconds += cost * machine.t_unit + static_cast<double>(n) * machine.t_node;
  }
  return {iterations * static_cast<std::uint64_t>(steps), seconds * steps};
}

}  // namespace detail

template <LoopKernel K, class MakeKernel>
LoopResult<typename K::Output> run_loop(const RunConfig& config, const LoopConfig& loop,
                                        MakeKernel&& make_kernel);

// The same loop with its iterations paired bitonically.
template <LoopKernel K, class MakeKernel>
LoopResult<typename K::Output> run_bitonic_loop(const RunConfig& config, LoopConfig loop,
                                                MakeKernel&& make_kernel) {
  loop.bitonic = false;
  return run_loop<BitonicKernel<K>>(config, loop, [&] { return BitonicKernel<K>(make_kernel()); });
}

template <LoopKernel K, class MakeKernel>
LoopResult<typename K::Output> run_loop(const RunConfig& config, const LoopConfig& loop,
                                        MakeKernel&& make_kernel) {
  if constexpr (!IsBitonic<K>::value) {
    if (loop.bitonic) return run_bitonic_loop<K>(config, loop, make_kernel);
  }
  config.validate();
  if (config.runtime == RuntimeKind::kMpi && config.per_node() > 1)
    throw std::invalid_argument(
        "--workers " + std::to_string(config.per_node()) +
        " a rank: the loop family runs one worker per rank under mpirun; leave out --workers");
  if (!loop.make_scheme) throw std::invalid_argument("no loop scheme to make (--scheme)");
  if (loop.steps < 1) throw std::invalid_argument("--steps must be at least 1");
  const LoadModel load(loop.load, config.workers);
  LoopRunOptions options;
  options.quantum = config.search.quantum;
  options.steps = loop.steps;
  options.virtual_time = config.runtime == RuntimeKind::kSim;
  options.timed_quantum =
      config.runtime == RuntimeKind::kThreads || config.runtime == RuntimeKind::kMpi;
  options.machine = config.machine;
  using W = LoopWorker<K>;
  auto make_agent = [&](int rank, Outbox<LoopMessage>& outbox) {
    return std::make_unique<W>(rank, config.workers, make_kernel(), loop.make_scheme(), outbox,
                               options, load);
  };
  const StopSignal* interrupt = config.interrupt.get();

  LoopResult<typename K::Output> result;
  const auto [iterations, sequential] =
      detail::loop_program_work(make_kernel(), loop.steps, config.machine);
  result.iterations = iterations;
  auto take = [&](const RunClock& clock, const auto& agents) {
    result.seconds = clock.seconds;
    result.time_kind = clock.kind;
    result.simulation_wall_seconds = clock.simulation_wall_seconds;
    result.sim_events = clock.sim_events;
    result.interrupted = clock.interrupted;
    for (const auto& agent : agents) {
      result.per_worker.push_back(agent->statistics());
      result.total += result.per_worker.back();
    }
    result.output = agents.front()->output();
    result.scheme_report = agents.front()->scheme().report();
  };
  switch (config.runtime) {
    case RuntimeKind::kThreads: {
      ThreadsRuntime<W> runtime;
      const RunClock clock = runtime.run(config.workers, make_agent, interrupt);
      take(clock, runtime.agents());
      break;
    }
    case RuntimeKind::kStep: {
      StepRuntime<W> runtime;
      const RunClock clock = runtime.run(config.workers, config.search.seed, make_agent, interrupt);
      take(clock, runtime.agents());
      break;
    }
    case RuntimeKind::kSim: {
      SimRuntime<W> runtime;
      const RunClock clock = runtime.run(config.workers, config.machine, config.scheme_topology(),
                                         make_agent, interrupt);
      take(clock, runtime.agents());
      result.sequential_seconds = sequential;
      break;
    }
    case RuntimeKind::kMpi: {
      MpiRuntime<W> runtime;
      const RunClock clock = runtime.run(config.workers, make_agent, interrupt);
      const W& worker = runtime.agent();
      result.seconds = clock.seconds;
      result.interrupted = runtime.broadcast(static_cast<int>(clock.interrupted)) != 0;
      const auto reports = runtime.gather(worker.statistics());
      if (runtime.rank() == 0) {
        for (const LoopStatistics& statistics : reports) {
          result.per_worker.push_back(statistics);
          result.total += statistics;
        }
        result.output = worker.output();
        result.scheme_report = worker.scheme().report();
      } else {
        result.reporting = false;
        result.per_worker.push_back(worker.statistics());
        result.total = worker.statistics();
      }
      break;
    }
  }
  return result;
}

}  // namespace stacksplit::core
