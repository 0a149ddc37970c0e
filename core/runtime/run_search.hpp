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

[[noreturn]] inline void throw_unknown_runtime(std::string_view runtime);

template <SearchSpace S, class MakeSpace>
RunResult<typename Worker<S>::Solution> run_search(std::string_view runtime, const RunSetup& setup,
                                                   MakeSpace&& make_space) {
  if (setup.workers <= 0)
    throw std::invalid_argument("--workers must be at least 1 (got " +
                                std::to_string(setup.workers) + ")");
  RunResult<typename Worker<S>::Solution> result;
  if (runtime == "threads") {
    result = ThreadsRuntime<S>().run(setup, make_space);
  } else if (runtime == "step") {
    result = StepRuntime<S>().run(setup, make_space);
  } else if (runtime == "sim") {
    result = SimRuntime<S>().run(setup, make_space);
  } else if (runtime == "mpi") {
    return MpiRuntime<S>().run(setup, make_space);  // sets solution_found on every rank
  } else {
    throw_unknown_runtime(runtime);
  }
  result.solution_found = result.solution.has_value();
  return result;
}

[[noreturn]] inline void throw_unknown_runtime(std::string_view runtime) {
  throw std::invalid_argument("unknown runtime '" + std::string(runtime) +
                              "' (known: threads, step, sim, mpi)");
}

}  // namespace stacksplit::core
