// The loop family under MPI, in one binary started under mpirun:
// mpi_loop_driver SCHEME runs every loop application (small sizes, with an
// external load so that balancing moves work and data between ranks) under
// SCHEME on the mpi runtime. Rank 0 prints one line per application,
//   <app> iterations=<n> moved=<m> ok|DIFFERS
// comparing the result with a sequential run, and last "done".

#include <mpi.h>

#include <exception>
#include <iostream>
#include <string>

#include "apps/ac/ac_loop.hpp"
#include "apps/ep/ep_loop.hpp"
#include "apps/maptri/maptri_loop.hpp"
#include "apps/mxm/mxm_loop.hpp"
#include "apps/synthetic/synthetic_loop.hpp"
#include "apps/trfd/trfd_loop.hpp"
#include "core/loop/run_loop.hpp"
#include "core/mpi/launcher.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/loop/testing_scheme_options.hpp"

namespace {

using namespace stacksplit;

template <class Kernel>
void check(const std::string& app, const std::string& scheme, const Kernel& prototype) {
  core::RunConfig config;
  config.workers = core::mpirun_rank_count().value_or(1);
  config.runtime = core::RuntimeKind::kMpi;
  config.search.quantum = 1;
  core::LoopConfig loop;
  loop.make_scheme = [scheme] {
    return schemes::make_loop_scheme(scheme, stacksplit::testing::testing_scheme_options());
  };
  loop.load = core::LoadOptions{{}, 4, 0.0005, 3};
  loop.steps = 2;
  const auto result = core::run_loop<Kernel>(config, loop, [&] { return prototype; });
  if (!result.reporting) return;
  const bool same = prototype.matches(core::run_loops_sequentially(prototype), result.output);
  std::cout << app << " iterations=" << result.total.iterations
            << " moved=" << result.total.iterations_sent << (same ? " ok" : " DIFFERS")
            << std::endl;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: mpi_loop_driver SCHEME" << std::endl;
    return 2;
  }
  const std::string scheme = argv[1];
  try {
    check("mxm", scheme, apps::mxm::MxmLoop({53, 20, 20}));
    check("trfd", scheme, apps::trfd::TrfdLoop(7));
    check("ac", scheme, apps::ac::AcLoop(12));
    check("maptri", scheme, apps::maptri::MaptriLoop({41, 2, true}));
    check("ep", scheme, apps::ep::EpLoop({'T', 21, 0, 0, {}}));
    check("synthetic", scheme,
          apps::synthetic::SyntheticLoop({97, apps::synthetic::Profile::kIncreasing, 200, 16, 2}));
    if (core::is_first_rank()) std::cout << "done" << std::endl;
  } catch (const std::exception& e) {
    std::cerr << "mpi_loop_driver: error: " << e.what() << std::endl;
    return 1;
  }
  return 0;
}
