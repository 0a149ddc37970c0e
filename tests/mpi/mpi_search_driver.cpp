// mpi_search_driver SCHEME [SEED]: the searches the MPI suite checks, run one
// after another in a single MPI job (so a test pays MPI's start-up once per
// rank count and scheme, and several runs share one MPI session): N-Queens 12
// counted and in first mode, UTS T1 and T3 counted. Rank 0 prints a line per
// search:
//   <case> nodes=<n> leaves=<l> depth=<d> solutions=<s> solution=<c0,c1,...>
// and, last, "done". Started by mpi_run_test under mpirun.

#include <exception>
#include <iostream>
#include <stdexcept>
#include <string>

#include "apps/nqueens/nqueens.hpp"
#include "apps/uts/uts_presets.hpp"
#include "apps/uts/uts_tree.hpp"
#include "core/runtime/run_search.hpp"
#include "schemes/scheme_registry.hpp"

namespace {

using namespace stacksplit;

template <class Result>
void print(const std::string& name, const Result& result) {
  if (!result.reporting) return;
  std::cout << name << " nodes=" << result.total.nodes << " leaves=" << result.total.leaves
            << " depth=" << result.total.max_depth << " solutions=" << result.total.solutions
            << " solution=";
  if constexpr (requires { result.solution->size(); }) {
    if (result.solution) {
      for (std::size_t i = 0; i < result.solution->size(); ++i)
        std::cout << (i ? "," : "") << (*result.solution)[i];
    }
  }
  std::cout << std::endl;
}

int run(int argc, char** argv) {
  if (argc < 2 || argc > 3) throw std::invalid_argument("usage: mpi_search_driver SCHEME [SEED]");
  const std::string scheme = argv[1];
  core::RunSetup setup;
  setup.workers = core::mpirun_rank_count().value_or(1);
  setup.options.seed = argc == 3 ? std::stoull(argv[2]) : 1;
  (void)schemes::make_scheme(scheme);
  setup.make_scheme = [scheme] { return schemes::make_scheme(scheme); };

  const apps::nqueens::NQueens queens(12);
  auto make_queens = [&] { return queens; };
  print("nqueens12", core::run_search<apps::nqueens::NQueens>("mpi", setup, make_queens));
  for (const char* tree : {"T1", "T3"}) {
    const apps::uts::UtsTree uts(apps::uts::find_uts_preset(tree).params());
    print(std::string("uts-") + tree,
          core::run_search<apps::uts::UtsTree>("mpi", setup, [&] { return uts; }));
  }
  // Small quanta share the root's work before rank 0 reaches its first
  // solution (262 nodes in), so stops race with work in flight.
  setup.options.mode = core::SearchMode::kFirst;
  setup.options.quantum = 2;
  print("nqueens12-first", core::run_search<apps::nqueens::NQueens>("mpi", setup, make_queens));
  if (core::mpirun_rank().value_or(0) == 0) std::cout << "done" << std::endl;
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "mpi_search_driver: error: " << e.what() << std::endl;
    return 1;
  }
}
