// The loop kernel README shows (examples/loop-kernel/squares_kernel.hpp, a
// copy checked word for word by readme_example_test) runs under every loop
// scheme on the in-process runtimes and gives the sequential result: what
// LoopKernelDefaults leaves out is all a kernel without moving data needs.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/loop/run_loop.hpp"
#include "examples/loop-kernel/squares_kernel.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/loop/testing_scheme_options.hpp"

namespace stacksplit::testing {
namespace {

static_assert(core::LoopKernel<examples::SquaresKernel>);

TEST(ReadmeLoopKernel, RunsUnderEveryLoopScheme) {
  const examples::SquaresKernel prototype(300);
  const auto expected = core::run_loops_sequentially(prototype);
  const std::vector<std::string> cost = {"t_unit=1e-7", "t_node=0"};
  for (const std::string& scheme : schemes::scheme_registry().names(schemes::kLoopFamily))
    for (const char* runtime : {"step", "sim", "threads"}) {
      SCOPED_TRACE(scheme + " on " + runtime);
      core::RunConfig config;
      config.workers = 3;
      config.runtime = core::parse_runtime(runtime);
      config.search.quantum = 4;
      config.machine = core::make_machine_model("now", cost);
      core::LoopConfig loop;
      loop.make_scheme = [scheme] {
        return schemes::make_loop_scheme(scheme, testing_scheme_options());
      };
      loop.load = core::LoadOptions{{}, 3, 0.0002, 7};  // so that the balancers move work
      const auto result =
          core::run_loop<examples::SquaresKernel>(config, loop, [&] { return prototype; });
      EXPECT_TRUE(prototype.matches(expected, result.output));
      EXPECT_EQ(result.total.iterations, 300u);
    }
}

}  // namespace
}  // namespace stacksplit::testing
