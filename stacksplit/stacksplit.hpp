#pragma once
// The one header a program that embeds stacksplit includes: the search space
// contract (core/search_space.hpp), the sequential oracle
// (core/reference_search.hpp), and a search run by name, as the command line
// names things, without the command line:
//
//   stacksplit::RunOptions options;
//   options.workers = 4;
//   options.scheme = "rp";         // `stacksplit list schemes`: receiver and sender families
//   options.runtime = "threads";   // threads, step, sim (mpi: under mpirun)
//   options.mode = "count";        // count, first or optimize
//   auto result = stacksplit::search<MySpace>(options, [] { return MySpace(...); });
//   result.total.solutions;        // and nodes, leaves, ...; result.solution in first mode
//
// `make_space()` is called once per worker. For what RunOptions does not name
// (topology, simulated machine, observers, an interrupt), take the
// configuration from make_run_config, change it and call core::run_search.
// Link stacksplit::stacksplit (find_package(stacksplit CONFIG REQUIRED)).

#include <cstdint>
#include <string>
#include <utility>

#include "core/reference_search.hpp"
#include "core/run_config.hpp"
#include "core/run_result.hpp"
#include "core/run_search.hpp"
#include "core/search_space.hpp"

namespace stacksplit {

struct RunOptions {
  int workers = 1;
  std::string scheme = "rp";
  std::string runtime = "threads";
  std::string mode = "count";
  std::string split = "half";  // stack splitting: half or bottom
  std::uint64_t seed = 1;      // every random decision (step runtime's order, random polling)
};

// The run configuration the options name, validated. Throws
// std::invalid_argument naming the option at fault and the known values.
core::RunConfig make_run_config(const RunOptions& options);

// Runs the search the options describe over the spaces `make_space` makes.
template <core::SearchSpace S, class MakeSpace>
core::SearchResult<S> search(const RunOptions& options, MakeSpace&& make_space) {
  return core::run_search<S>(make_run_config(options), std::forward<MakeSpace>(make_space));
}

}  // namespace stacksplit
