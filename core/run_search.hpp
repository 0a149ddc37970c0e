#pragma once
// The engine's entry point: runs a search space under a run configuration on
// the runtime it names, and returns the result. This is what the command line
// calls, and what a program that embeds stacksplit calls:
//
//   core::RunConfig config;
//   config.workers = 4;
//   config.make_scheme = [] { return schemes::make_scheme("rp"); };
//   auto result = core::run_search<MySpace>(config, [] { return MySpace(...); });
//
// `make_space()` is called once per worker (per rank under MPI).

#include <boost/serialization/binary_object.hpp>
#include <boost/serialization/vector.hpp>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/detail/worker.hpp"
#include "core/mpi/mpi_runtime.hpp"
#include "core/run_config.hpp"
#include "core/run_result.hpp"
#include "core/runtime/step_runtime.hpp"
#include "core/runtime/threads_runtime.hpp"
#include "core/sim/sim_runtime.hpp"
#include "core/topology/topology_registry.hpp"

namespace stacksplit::core {

template <SearchSpace S>
using SearchResult = RunResult<typename SolutionOf<S>::type>;

namespace detail {

// What a rank hands to rank 0 at the end of an MPI run, for each of its workers.
template <class Solution>
struct RankReport {
  WorkerStatistics statistics;
  double seconds = 0;
  std::int64_t objective = kNoObjective;
  bool has_solution = false;
  Solution solution{};

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar& statistics;
    ar& seconds;
    ar& objective;
    ar& has_solution;
    if constexpr (std::is_same_v<Solution, std::monostate>) {
      return;
    } else if constexpr (std::is_trivially_copyable_v<Solution>) {
      if (has_solution) ar& boost::serialization::make_binary_object(&solution, sizeof solution);
    } else {
      if (has_solution) ar& solution;
    }
  }
};

// Takes one worker's share into the result: its statistics, and its solution
// if it is the first found (optimize mode: the best).
template <class Result, class Solution>
void take_worker(Result& result, const WorkerStatistics& statistics,
                 const std::optional<Solution>& solution, std::int64_t objective, SearchMode mode) {
  result.add_worker(statistics);
  if (!solution) return;
  const bool better =
      mode == SearchMode::kOptimize ? objective > result.objective : !result.solution.has_value();
  if (!better) return;
  result.solution = solution;
  result.objective = objective;
}

template <SearchSpace S, class Agents>
void take_workers(SearchResult<S>& result, const Agents& agents, SearchMode mode) {
  for (const auto& worker : agents)
    take_worker(result, worker->statistics(), worker->solution(), worker->best_objective(), mode);
  result.solution_found = result.solution.has_value();
  if (mode == SearchMode::kOptimize) {
    // The optimum may have no solution description (a space without one).
    for (const auto& worker : agents)
      result.objective = std::max(result.objective, worker->best_objective());
    result.solution_found = result.objective != kNoObjective;
  }
}

}  // namespace detail

template <SearchSpace S, class MakeSpace>
SearchResult<S> run_search(const RunConfig& config, MakeSpace&& make_space) {
  config.validate();
  if (!config.make_scheme) throw std::invalid_argument("no scheme to make (--scheme)");
  using W = Worker<S>;
  using Solution = typename W::Solution;
  if constexpr (!OptimizingSearchSpace<S>) {
    if (config.search.mode == SearchMode::kOptimize)
      throw std::invalid_argument(
          "--mode optimize needs an application that reports objective() and bound()");
  }
  const std::unique_ptr<Topology> topology =
      make_topology(config.scheme_topology(), config.workers);
  const Placement placement = config.placement();
  auto make_agent = [&](int rank, Outbox<typename W::Message>& outbox) {
    return std::make_unique<W>(rank, make_space(), config.make_scheme(), *topology, placement,
                               outbox, config.search, config.observers);
  };
  const StopSignal* interrupt = config.interrupt.get();
  for (const auto& observer : config.observers) observer->set_up(config.workers);

  SearchResult<S> result;
  result.app_counter_names = counter_names<S>();
  const SearchMode mode = config.search.mode;
  switch (config.runtime) {
    case RuntimeKind::kThreads: {
      ThreadsRuntime<W> runtime;
      result.take_clock(runtime.run(config.workers, make_agent, interrupt));
      detail::take_workers<S>(result, runtime.agents(), mode);
      break;
    }
    case RuntimeKind::kStep: {
      StepRuntime<W> runtime;
      result.take_clock(runtime.run(config.workers, config.search.seed, make_agent, interrupt));
      detail::take_workers<S>(result, runtime.agents(), mode);
      break;
    }
    case RuntimeKind::kSim: {
      SimRuntime<W> runtime;
      result.take_clock(runtime.run(config.workers, config.machine, config.scheme_topology(),
                                    make_agent, interrupt));
      detail::take_workers<S>(result, runtime.agents(), mode);
      // The simulated one-processor time: the same expansions, no
      // communication and no replay.
      result.sequential_seconds =
          config.machine.expansion_time(result.total.nodes, result.total.node_cost);
      break;
    }
    case RuntimeKind::kMpi: {
      MpiRuntime<W> runtime;
      const RunClock clock = runtime.run(config.workers, make_agent, interrupt);
      std::vector<detail::RankReport<Solution>> mine;  // one a worker of this rank
      for (const auto& worker : runtime.agents())
        mine.push_back({worker->statistics(), clock.seconds, worker->best_objective(),
                        worker->solution().has_value(), worker->solution().value_or(Solution{})});
      result.take_clock(clock);
      const auto reports = runtime.gather(mine);
      if (runtime.rank() == 0) {
        result.seconds = 0;
        for (const auto& rank_reports : reports) {
          for (const auto& report : rank_reports) {
            std::optional<Solution> solution;
            if (report.has_solution) solution = report.solution;
            detail::take_worker(result, report.statistics, solution, report.objective, mode);
            result.seconds = std::max(result.seconds, report.seconds);
            result.objective = std::max(result.objective, report.objective);
          }
        }
      } else {
        result.reporting = false;
        for (const auto& report : mine) result.add_worker(report.statistics);
      }
      // Every rank learns the answer's outline, so that all can exit with the
      // status it asks for (SAT: 10 or 20).
      const std::int64_t found = result.solution.has_value() || result.objective != kNoObjective;
      result.solution_found = runtime.broadcast(found) != 0;
      result.objective = runtime.broadcast(result.objective);
      result.interrupted = runtime.broadcast(static_cast<int>(result.interrupted)) != 0;
      break;
    }
  }
  for (const auto& observer : config.observers) observer->tear_down();
  return result;
}

}  // namespace stacksplit::core
