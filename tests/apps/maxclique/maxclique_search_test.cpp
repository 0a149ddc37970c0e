// Branch and bound finds the clique number: of graphs whose ω is known in
// closed form, and of random G(n, p) graphs as cliquer computes it, under
// every tree scheme, every in-process runtime and P = 1, 2, 4; the clique
// returned is a clique of that size. Step and sim give the same run twice.

#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <tuple>
#include <vector>

#include "apps/maxclique/max_clique_space.hpp"
#include "core/run_search.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/apps/maxclique/graph_families.hpp"
#include "tests/apps/maxclique/maxclique_test_support.hpp"
#include "tests/schemes/identical_runs.hpp"

namespace stacksplit::apps::maxclique {
namespace {

using testing::KnownGraph;

// Random graphs with cliquer's clique number; densities where the colouring
// bound matters, sizes that keep each search in the thousands of nodes.
const std::vector<KnownGraph>& random_graphs() {
  static const std::vector<KnownGraph> graphs = [] {
    std::vector<KnownGraph> made;
    const struct {
      int n;
      double p;
    } shapes[] = {{30, 0.3}, {40, 0.5}, {45, 0.7}, {40, 0.9}, {60, 0.6}};
    std::uint64_t seed = 1;
    for (const auto& shape : shapes) {
      for (int copy = 0; copy < 2; ++copy, ++seed) {
        const std::string name = "G(" + std::to_string(shape.n) + ", " +
                                 std::to_string(shape.p).substr(0, 3) + ") seed " +
                                 std::to_string(seed);
        Graph graph = testing::random_graph(shape.n, shape.p, seed);
        std::string file = "g";  // not "g" + ...: GCC 12 warns falsely (-Wrestrict)
        file += std::to_string(seed) + ".clq";
        const std::optional<int> omega =
            testing::cliquer_clique_number(testing::write_graph(file, graph));
        made.push_back({name, std::move(graph), omega.value_or(-1)});
      }
    }
    return made;
  }();
  return graphs;
}

void expect_clique_number(const KnownGraph& known, const core::RunConfig& setup) {
  SCOPED_TRACE(known.name);
  const MaxCliqueSpace prototype(known.graph);
  const auto result = core::run_search<MaxCliqueSpace>(setup, [&] { return prototype; });
  EXPECT_EQ(result.objective, known.clique_number);
  ASSERT_TRUE(result.solution.has_value());
  EXPECT_EQ(static_cast<int>(result.solution->size()), known.clique_number);
  EXPECT_TRUE(testing::is_clique(testing::sorted(known.graph), *result.solution));
}

TEST(MaxCliqueReferences, CliquerAgreesWithTheClosedForms) {
  ASSERT_TRUE(testing::have_cliquer()) << testing::kNoCliquer;
  for (const KnownGraph& known : testing::known_graphs()) {
    EXPECT_EQ(testing::cliquer_clique_number(testing::write_graph("known.clq", known.graph)),
              known.clique_number)
        << known.name;
  }
  for (const KnownGraph& random : random_graphs())
    EXPECT_GT(random.clique_number, 1) << random.name;
}

TEST(MaxCliqueSpace, TrivialGraphs) {
  const core::RunConfig setup = testing::optimize_setup("threads", "rp", 2);
  expect_clique_number({"no vertex", Graph{}, 0}, setup);
  expect_clique_number({"one vertex", Graph{1, {}}, 1}, setup);
  expect_clique_number({"no edge", Graph{9, {}}, 1}, setup);
  expect_clique_number({"K8", testing::graph_of(8, [](int, int) { return true; }), 8}, setup);
  expect_clique_number(testing::hamming(8, 4, 16), setup);
}

TEST(MaxCliqueSpace, ColouringNeverUnderestimates) {
  // The root's greedy colouring bounds ω from above.
  for (const KnownGraph& known : testing::known_graphs()) {
    const MaxCliqueSpace space(known.graph);
    EXPECT_GE(space.root_colours(), known.clique_number) << known.name;
  }
}

using Case = std::tuple<std::string /*runtime*/, std::string /*scheme*/, int /*workers*/>;

class MaxCliqueEverywhere : public ::testing::TestWithParam<Case> {};

TEST_P(MaxCliqueEverywhere, FindsTheCliqueNumber) {
  const auto& [runtime, scheme, workers] = GetParam();
  const core::RunConfig setup = testing::optimize_setup(runtime, scheme, workers);
  for (const KnownGraph& known : testing::known_graphs()) expect_clique_number(known, setup);
  ASSERT_TRUE(testing::have_cliquer()) << testing::kNoCliquer;
  for (const KnownGraph& random : random_graphs()) expect_clique_number(random, setup);
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  const auto& [runtime, scheme, workers] = info.param;
  std::string name = runtime + "_" + scheme + "_P" + std::to_string(workers);
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Everywhere, MaxCliqueEverywhere,
                         ::testing::Combine(::testing::ValuesIn(testing::in_process_runtimes()),
                                            ::testing::ValuesIn(schemes::tree_scheme_names()),
                                            ::testing::Values(1, 2, 4)),
                         case_name);

class MaxCliqueDeterminism : public ::testing::TestWithParam<std::string> {};

TEST_P(MaxCliqueDeterminism, TwoRunsAreTheSameRun) {
  const Graph graph = testing::random_graph(70, 0.7, 99);
  const MaxCliqueSpace prototype(graph);
  for (const std::string& scheme : schemes::tree_scheme_names()) {
    SCOPED_TRACE(scheme);
    const core::RunConfig setup = testing::optimize_setup(GetParam(), scheme, 4);
    const auto first = core::run_search<MaxCliqueSpace>(setup, [&] { return prototype; });
    const auto second = core::run_search<MaxCliqueSpace>(setup, [&] { return prototype; });
    stacksplit::testing::expect_identical_optimize_runs(first, second, GetParam());
  }
}

INSTANTIATE_TEST_SUITE_P(Deterministic, MaxCliqueDeterminism, ::testing::Values("step", "sim"));

}  // namespace
}  // namespace stacksplit::apps::maxclique
