// The loop engine keeps its one promise for every scheme, runtime and worker
// count: every iteration runs exactly once, with its data, and the merged
// output is the sequential one.

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <tuple>

#include "core/loop/iteration_pool.hpp"
#include "core/loop/loop_kernel.hpp"
#include "core/loop/loop_kernel_defaults.hpp"
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

// A loop of n iterations that holds nothing per iteration, to ask the engine
// for loops larger than memory.
struct CountOnly {
  std::uint64_t count = 0;
  void merge(CountOnly&& other) { count += other.count; }
  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar& count;
  }
};
class HugeLoop : public LoopKernelDefaults<CountOnly> {
 public:
  explicit HugeLoop(std::uint64_t n) : n_(n) {}
  std::uint64_t iterations() const { return n_; }
  double cost(std::uint64_t) const { return 1; }
  void run(std::uint64_t, std::uint64_t count) { output_.count += count; }
  bool matches(const CountOnly& expected, const CountOnly& got) const {
    return expected.count == got.count;
  }

 private:
  std::uint64_t n_;
};
static_assert(LoopKernel<HugeLoop>);

// A pool keeps its next position and its count of chunks in one word, so a
// loop of 2^32 iterations or more is refused before it starts, with a message
// that says why (it used to run, and past 2^24 chunks the count stopped and
// gss, tss, fac2 and awf handed out other sizes than their rules).
TEST(LoopEngine, RefusesALoopOfMoreIterationsThanAPoolCounts) {
  RunConfig config;
  config.workers = 2;
  config.runtime = RuntimeKind::kStep;
  LoopConfig loop;
  loop.make_scheme = [] {
    return schemes::make_loop_scheme("ss", stacksplit::testing::testing_scheme_options());
  };
  const std::uint64_t n = IterationPool::kMaxPositions + 1;
  try {
    run_loop<HugeLoop>(config, loop, [&] { return HugeLoop(n); });
    FAIL() << "a loop of 2^32 iterations ran";
  } catch (const std::invalid_argument& error) {
    EXPECT_EQ(std::string(error.what()),
              "loop 0 has 4294967296 iterations; a loop may have at most 2^32 - 1 = 4294967295 "
              "(a self-scheduling pool keeps its next iteration and its count of chunks in one "
              "64-bit word)");
  }
}

}  // namespace
}  // namespace stacksplit::core
