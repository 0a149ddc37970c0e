// The loop engine keeps its one promise for every scheme, runtime and worker
// count: every iteration runs exactly once, with its data, and the merged
// output is the sequential one.

#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "core/loop/loop_kernel.hpp"
#include "core/loop/run_loop.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/loop/test_kernel.hpp"
#include "tests/loop/testing_scheme_options.hpp"

namespace stacksplit::core {
namespace {

using testing::TestLoop;

static_assert(LoopKernel<TestLoop>);

using Case = std::tuple<std::string /*scheme*/, std::string /*runtime*/, int /*workers*/>;

class LoopConservation : public ::testing::TestWithParam<Case> {};

TEST_P(LoopConservation, EveryIterationRunsOnceAndTheOutputIsTheSequentialOne) {
  const auto& [scheme, runtime, workers] = GetParam();
  for (const std::uint64_t n : {1ULL, 7ULL, 257ULL}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const TestLoop prototype(n, 2);
    const TestLoop::Output expected = run_loops_sequentially(prototype);
    RunConfig config;
    config.workers = workers;
    config.runtime = parse_runtime(runtime);
    config.search.quantum = 3;
    const std::vector<std::string> cost = {"t_unit=1e-5"};
    config.machine = make_machine_model("now", cost);
    LoopConfig loop;
    loop.make_scheme = [scheme = scheme] {
      return schemes::make_loop_scheme(scheme, stacksplit::testing::testing_scheme_options());
    };
    loop.load = LoadOptions{{}, 3, 0.01, 7};
    loop.steps = 2;
    const auto result = run_loop<TestLoop>(config, loop, [&] { return prototype; });
    EXPECT_TRUE(prototype.matches(expected, result.output)) << "the merged output differs";
    EXPECT_EQ(result.output.computed, n) << "an iteration of the last loop ran twice or never";
    EXPECT_EQ(result.total.iterations, n * 2 * 2) << "two nests, two steps";
    EXPECT_EQ(result.iterations, n * 2 * 2);
    EXPECT_EQ(result.per_worker.size(), static_cast<std::size_t>(workers));
    EXPECT_EQ(result.total.iterations_sent, result.total.iterations_received);
  }
}

std::vector<Case> every_case() {
  std::vector<Case> cases;
  for (const std::string& scheme : schemes::scheme_registry().names(schemes::kLoopFamily))
    for (const char* runtime : {"threads", "step", "sim"})
      for (int workers : {1, 2, 3, 4, 16}) {
        if (std::string(runtime) == "threads" && workers > 4) continue;
        cases.emplace_back(scheme, runtime, workers);
      }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(EverySchemeRuntimeAndP, LoopConservation,
                         ::testing::ValuesIn(every_case()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           std::string name = std::get<0>(info.param) + "_" +
                                              std::get<1>(info.param) + "_P" +
                                              std::to_string(std::get<2>(info.param));
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

}  // namespace
}  // namespace stacksplit::core
