// Branch and bound finds the optimum the dynamic program finds, on random
// instances of Pisinger's three classes, under every tree scheme, every
// in-process runtime and P = 1, 2, 4; the selection returned fits and attains
// it. Step and sim give the same run twice.

#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <tuple>
#include <vector>

#include "apps/knapsack/knapsack_generator.hpp"
#include "apps/knapsack/knapsack_space.hpp"
#include "core/reference_search.hpp"
#include "core/run_search.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/apps/knapsack/knapsack_test_support.hpp"
#include "tests/schemes/identical_runs.hpp"

namespace stacksplit::apps::knapsack {
namespace {

using testing::dynamic_program_optimum;
using testing::optimize_setup;
using testing::selection_of;

KnapsackInstance instance(InstanceClass kind, std::int64_t items, std::uint64_t seed,
                          std::int64_t range = 100) {
  GeneratorOptions options;
  options.kind = kind;
  options.items = items;
  options.range = range;
  options.seed = seed;
  return generate_knapsack(options);
}

// Several instances of each class, sizes that keep the trees in the
// thousands of nodes (strongly correlated ones are the hard class).
std::vector<KnapsackInstance> test_instances() {
  std::vector<KnapsackInstance> instances;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    instances.push_back(instance(InstanceClass::kUncorrelated, 40, seed));
    instances.push_back(instance(InstanceClass::kWeaklyCorrelated, 35, seed));
    instances.push_back(instance(InstanceClass::kStronglyCorrelated, 22, seed));
  }
  return instances;
}

void expect_optimal(const KnapsackInstance& problem, const core::RunConfig& setup) {
  const KnapsackSpace prototype(problem);
  const auto result = core::run_search<KnapsackSpace>(setup, [&] { return prototype; });
  const std::int64_t optimum = dynamic_program_optimum(problem);
  ASSERT_TRUE(result.solution_found);
  EXPECT_EQ(result.objective, optimum);
  ASSERT_TRUE(result.solution.has_value());
  const testing::Selection selection = selection_of(problem, *result.solution);
  EXPECT_LE(selection.weight, problem.capacity) << "the selection must fit";
  EXPECT_EQ(selection.profit, optimum) << "the selection must attain the optimum";
}

// The space alone, by a depth-first walk without the engine: count mode visits
// every feasible complete selection once (2^n checked by enumeration).
TEST(KnapsackSpace, CountModeEnumeratesEveryFeasibleSelection) {
  const KnapsackInstance problem = instance(InstanceClass::kWeaklyCorrelated, 12, 9);
  std::uint64_t feasible = 0;
  for (std::uint32_t mask = 0; mask < (1u << 12); ++mask) {
    std::int64_t weight = 0;
    for (int i = 0; i < 12; ++i)
      if ((mask >> i) & 1) weight += problem.items[i].weight;
    feasible += weight <= problem.capacity;
  }
  KnapsackSpace space(problem);
  EXPECT_EQ(core::reference_count(space).solutions, feasible);
}

TEST(KnapsackSpace, BoundIsAtLeastEveryObjectiveBelow) {
  // Exhaustively: at every node of a small tree, the bound is at least the
  // best profit of any selection in its subtree.
  const KnapsackInstance problem = instance(InstanceClass::kUncorrelated, 11, 4);
  KnapsackSpace space(problem);
  struct Walk {
    KnapsackSpace& space;
    int violations = 0;
    std::int64_t visit() {
      std::int64_t best = space.objective();
      std::vector<KnapsackSpace::Choice> children;
      core::ChoiceSink<KnapsackSpace::Choice> sink(children);
      space.choices(sink);
      const std::int64_t bound = space.bound();
      for (KnapsackSpace::Choice child : children) {
        if (space.descend(child) == core::Outcome::kSolution) {
          best = std::max(best, space.objective());
        } else {
          best = std::max(best, visit());
        }
        space.ascend();
      }
      violations += bound < best;
      return best;
    }
  } walk{space};
  space.reset();
  EXPECT_EQ(walk.visit(), dynamic_program_optimum(problem));
  EXPECT_EQ(walk.violations, 0);
}

TEST(KnapsackSpace, EdgeCases) {
  for (const KnapsackInstance& problem : {
           KnapsackInstance{10, {}},                       // no items
           KnapsackInstance{0, {{5, 1}, {3, 0}}},          // no room, a free item
           KnapsackInstance{7, {{4, 8}, {9, 9}}},          // nothing fits
           KnapsackInstance{6, {{0, 0}, {2, 3}, {2, 3}}},  // zero profit and weight
       }) {
    expect_optimal(problem, optimize_setup("threads", "rp", 2));
  }
}

TEST(KnapsackSpace, ProfitsNearTheLimitDoNotOverflowTheBound) {
  const std::int64_t big = std::int64_t{1} << 61;
  const KnapsackInstance problem{big, {{big, big / 2}, {big / 2, big / 2 + 1}, {big / 4, big / 2}}};
  const KnapsackSpace prototype(problem);
  const auto result = core::run_search<KnapsackSpace>(optimize_setup("threads", "rp", 1),
                                                      [&] { return prototype; });
  EXPECT_EQ(result.objective, big + big / 4);
}

using Case = std::tuple<std::string /*runtime*/, std::string /*scheme*/, int /*workers*/>;

class KnapsackEverywhere : public ::testing::TestWithParam<Case> {};

TEST_P(KnapsackEverywhere, FindsTheDynamicProgramsOptimum) {
  const auto& [runtime, scheme, workers] = GetParam();
  const core::RunConfig setup = optimize_setup(runtime, scheme, workers);
  const std::vector<KnapsackInstance> instances = test_instances();
  for (std::size_t i = 0; i < instances.size(); ++i) {
    SCOPED_TRACE("instance " + std::to_string(i));
    expect_optimal(instances[i], setup);
  }
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  const auto& [runtime, scheme, workers] = info.param;
  std::string name = runtime + "_" + scheme + "_P" + std::to_string(workers);
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Everywhere, KnapsackEverywhere,
                         ::testing::Combine(::testing::ValuesIn(testing::in_process_runtimes()),
                                            ::testing::ValuesIn(schemes::tree_scheme_names()),
                                            ::testing::Values(1, 2, 4)),
                         case_name);

// Step and sim order every event themselves: two runs are the same run.
class KnapsackDeterminism : public ::testing::TestWithParam<std::string> {};

TEST_P(KnapsackDeterminism, TwoRunsAreTheSameRun) {
  const KnapsackInstance problem = instance(InstanceClass::kStronglyCorrelated, 24, 11);
  for (const std::string& scheme : schemes::tree_scheme_names()) {
    SCOPED_TRACE(scheme);
    const core::RunConfig setup = optimize_setup(GetParam(), scheme, 4);
    const KnapsackSpace prototype(problem);
    const auto first = core::run_search<KnapsackSpace>(setup, [&] { return prototype; });
    const auto second = core::run_search<KnapsackSpace>(setup, [&] { return prototype; });
    stacksplit::testing::expect_identical_optimize_runs(first, second, GetParam());
  }
}

INSTANTIATE_TEST_SUITE_P(Deterministic, KnapsackDeterminism, ::testing::Values("step", "sim"));

}  // namespace
}  // namespace stacksplit::apps::knapsack
