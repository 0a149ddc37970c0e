#pragma once
// Runs a search on a runtime chosen by name. Runtimes are core; this is the
// one place that lists them.

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/run_result.hpp"
#include "core/runtime/mpi_runtime.hpp"
#include "core/runtime/sim_runtime.hpp"
#include "core/runtime/step_runtime.hpp"
#include "core/runtime/threads_runtime.hpp"

namespace stacksplit::core {

inline std::vector<std::string> runtime_names() { return {"threads", "step", "sim", "mpi"}; }

template <SearchSpace S, class MakeSpace>
RunResult<typename Worker<S>::Solution> run_search(std::string_view runtime, const RunSetup& setup,
                                                   MakeSpace&& make_space) {
  if (setup.workers <= 0)
    throw std::invalid_argument("--workers must be at least 1 (got " +
                                std::to_string(setup.workers) + ")");
  // In one process the result holds the solution itself.
  auto in_process = [](RunResult<typename Worker<S>::Solution> result) {
    result.solution_found = result.solution.has_value();
    return result;
  };
  if (runtime == "threads") return in_process(ThreadsRuntime<S>().run(setup, make_space));
  if (runtime == "step") return in_process(StepRuntime<S>().run(setup, make_space));
  if (runtime == "sim") return in_process(SimRuntime<S>().run(setup, make_space));
  if (runtime == "mpi") return MpiRuntime<S>().run(setup, make_space);  // tells every rank
  throw std::invalid_argument("unknown runtime '" + std::string(runtime) +
                              "' (known: threads, step, sim, mpi)");
}

}  // namespace stacksplit::core
