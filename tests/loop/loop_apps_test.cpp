// Every loop application, under every loop scheme, runtime and worker count,
// gives the sequential result (bit for bit, EP within the NPB's tolerance),
// with an external load on, so that the balancing schemes move work.

#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>
#include <string>
#include <tuple>

#include "apps/ac/ac_loop.hpp"
#include "apps/ep/ep_loop.hpp"
#include "apps/maptri/maptri_loop.hpp"
#include "apps/mxm/mxm_loop.hpp"
#include "apps/synthetic/synthetic_loop.hpp"
#include "apps/trfd/trfd_loop.hpp"
#include "core/loop/bitonic_kernel.hpp"
#include "core/loop/iteration_pool.hpp"
#include "core/loop/run_loop.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/loop/testing_scheme_options.hpp"

namespace stacksplit::testing {
namespace {

using Case = std::tuple<std::string /*app*/, std::string /*scheme*/, std::string /*runtime*/,
                        int /*workers*/>;

core::RunConfig config_for(const std::string& runtime, int workers) {
  core::RunConfig config;
  config.workers = workers;
  config.runtime = core::parse_runtime(runtime);
  config.search.quantum = 2;
  const std::vector<std::string> cost = {"t_unit=1e-7", "t_node=0"};
  config.machine = core::make_machine_model("now", cost);
  return config;
}

core::LoopConfig loop_for(const std::string& scheme, bool wall_clock) {
  core::LoopConfig loop;
  loop.make_scheme = [scheme] {
    return schemes::make_loop_scheme(scheme, stacksplit::testing::testing_scheme_options());
  };
  // Loads that change fast enough to matter, on either clock.
  loop.load = core::LoadOptions{{}, 4, wall_clock ? 0.0005 : 0.0002, 11};
  return loop;
}

template <class Kernel>
void expect_sequential_result(const Case& c, const Kernel& prototype) {
  const auto& [app, scheme, runtime, workers] = c;
  const auto expected = core::run_loops_sequentially(prototype);
  const auto result = core::run_loop<Kernel>(
      config_for(runtime, workers), loop_for(scheme, runtime != "sim"), [&] { return prototype; });
  EXPECT_TRUE(prototype.matches(expected, result.output)) << "the result differs";
  std::uint64_t iterations = 0;
  Kernel copy = prototype;
  for (int k = 0; k < copy.loop_count(); ++k) {
    copy.begin_loop(k);
    iterations += copy.iterations();
  }
  EXPECT_EQ(result.total.iterations, iterations) << "an iteration ran twice or never";
  EXPECT_EQ(result.total.iterations_sent, result.total.iterations_received);
}

// Bitonic pairing with a few schemes: the same results, and a triangular
// loop's pairs cost the same.
// synthetic takes as many iterations as the engine does, and says so past it.
TEST(SyntheticLoop, RefusesMoreIterationsThanTheEngineTakes) {
  apps::synthetic::SyntheticOptions options;
  options.iterations = core::IterationPool::kMaxPositions + 1;
  try {
    apps::synthetic::SyntheticLoop loop(options);
    FAIL() << "--n 2^32 was taken";
  } catch (const std::invalid_argument& error) {
    EXPECT_EQ(std::string(error.what()), "--n must be between 1 and 2^32 - 1 (got 4294967296)");
  }
}

TEST(Bitonic, PairsGiveTheSameResultsAndEvenCosts) {
  for (const char* scheme : {"static-block", "gss", "gddlb", "profiled"})
    for (const char* runtime : {"step", "sim", "threads"}) {
      SCOPED_TRACE(std::string(scheme) + " " + runtime);
      core::RunConfig config = config_for(runtime, 3);
      core::LoopConfig loop = loop_for(scheme, std::string(runtime) != "sim");
      loop.bitonic = true;
      for (std::uint64_t n : {9ULL, 10ULL}) {
        const apps::ac::AcLoop ac(n);
        const auto result = core::run_loop<apps::ac::AcLoop>(config, loop, [&] { return ac; });
        EXPECT_TRUE(ac.matches(core::run_loops_sequentially(ac), result.output));
        EXPECT_EQ(result.total.iterations, (n * n + 1) / 2) << "pairs";
      }
      const apps::mxm::MxmLoop mxm({21, 5, 4});
      const auto result = core::run_loop<apps::mxm::MxmLoop>(config, loop, [&] { return mxm; });
      EXPECT_TRUE(mxm.matches(core::run_loops_sequentially(mxm), result.output))
          << "data moves in pairs";
    }
  const core::BitonicKernel<apps::ac::AcLoop> paired(apps::ac::AcLoop(10));  // N = 100, cost N − i
  for (std::uint64_t j = 0; j < paired.iterations(); ++j) EXPECT_EQ(paired.cost(j), 101.0) << j;
}

class LoopApps : public ::testing::TestWithParam<Case> {};

TEST_P(LoopApps, GiveTheSequentialResult) {
  const std::string& app = std::get<0>(GetParam());
  if (app == "mxm") {
    expect_sequential_result(GetParam(), apps::mxm::MxmLoop({37, 9, 11}));
  } else if (app == "trfd") {
    expect_sequential_result(GetParam(), apps::trfd::TrfdLoop(6));
  } else if (app == "ac") {
    expect_sequential_result(GetParam(), apps::ac::AcLoop(9));
  } else if (app == "maptri") {
    expect_sequential_result(GetParam(), apps::maptri::MaptriLoop({29, 3, false}));
    expect_sequential_result(GetParam(), apps::maptri::MaptriLoop({29, 3, true}));
  } else if (app == "ep") {
    // Class S is 256 iterations of 2^16 pairs: too long for this matrix on 2
    // cores, so a loop over its first 16 batches stands in (the whole class
    // is checked against the NPB in ep_test).
    expect_sequential_result(GetParam(), apps::ep::EpLoop({'T', 20, 0, 0, {}}));
  } else if (app == "synthetic") {
    expect_sequential_result(GetParam(), apps::synthetic::SyntheticLoop(
                                             {61, apps::synthetic::Profile::kBimodal, 20, 24, 5}));
  }
}

std::vector<Case> every_case() {
  std::vector<Case> cases;
  for (const char* app : {"mxm", "trfd", "ac", "maptri", "ep", "synthetic"})
    for (const std::string& scheme : schemes::scheme_registry().names(schemes::kLoopFamily))
      for (const char* runtime : {"threads", "step", "sim"})
        for (int workers : {1, 2, 3, 4, 16}) {
          if (std::string(runtime) == "threads" && workers > 4) continue;
          cases.emplace_back(app, scheme, runtime, workers);
        }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(EveryAppSchemeRuntimeAndP, LoopApps, ::testing::ValuesIn(every_case()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           std::string name = std::get<0>(info.param) + "_" +
                                              std::get<1>(info.param) + "_" +
                                              std::get<2>(info.param) + "_P" +
                                              std::to_string(std::get<3>(info.param));
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

}  // namespace
}  // namespace stacksplit::testing
