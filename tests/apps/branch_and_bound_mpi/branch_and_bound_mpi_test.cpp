// Optimize mode under mpirun: `stacksplit knapsack` and `stacksplit
// maxclique` with the mpi runtime on 2 and 4 ranks, every tree scheme, give
// the dynamic program's optimum and cliquer's clique number, with a solution
// that attains it, printed once (by rank 0).

#include <gtest/gtest.h>

#include <chrono>
#include <regex>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "apps/knapsack/knapsack_generator.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/apps/knapsack/knapsack_test_support.hpp"
#include "tests/apps/maxclique/graph_families.hpp"
#include "tests/apps/maxclique/maxclique_test_support.hpp"
#include "tests/mpi/mpirun_command.hpp"
#include "tests/support/subprocess.hpp"

namespace stacksplit::testing {
namespace {

using namespace std::chrono_literals;
namespace knapsack = apps::knapsack;
namespace maxclique = apps::maxclique;

std::string line_value(const std::string& output, const std::string& key) {
  std::smatch match;
  if (!std::regex_search(output, match, std::regex("(^|\n)" + key + " = ([^\n]*)"))) return "";
  return match[2];
}

std::vector<int> numbers_of(const std::string& text) {
  std::vector<int> values;
  std::istringstream in(text);
  for (int value; in >> value;) values.push_back(value - 1);  // printed from 1
  return values;
}

struct KnapsackFile {
  knapsack::KnapsackInstance instance;
  std::string path;
  std::int64_t optimum;
};

const KnapsackFile& knapsack_file() {
  static const KnapsackFile file = [] {
    knapsack::GeneratorOptions options;
    options.kind = knapsack::InstanceClass::kStronglyCorrelated;
    options.items = 40;
    options.range = 300;
    options.seed = 17;
    KnapsackFile made{knapsack::generate_knapsack(options), "", 0};
    std::ostringstream text;
    knapsack::write_knapsack(text, made.instance);
    made.path = knapsack::testing::write_text("mpi.kp", text.str());
    made.optimum = knapsack::testing::dynamic_program_optimum(made.instance);
    return made;
  }();
  return file;
}

struct GraphFile {
  maxclique::Graph graph;
  std::string path;
  int omega;
};

const GraphFile& graph_file() {
  static const GraphFile file = [] {
    GraphFile made{maxclique::testing::random_graph(90, 0.7, 23), "", -1};
    made.path = maxclique::testing::write_graph("mpi.clq", made.graph);
    made.omega = maxclique::testing::cliquer_clique_number(made.path).value_or(-1);
    return made;
  }();
  return file;
}

using Case = std::tuple<int /*ranks*/, std::string /*scheme*/>;
class BranchAndBoundMpi : public ::testing::TestWithParam<Case> {};

TEST_P(BranchAndBoundMpi, KnapsackFindsTheOptimum) {
  const auto& [ranks, scheme] = GetParam();
  const KnapsackFile& file = knapsack_file();
  const ProcessOutcome run =
      run_process(mpirun(ranks, {STACKSPLIT_BINARY, "knapsack", file.path, "--runtime", "mpi",
                                 "--scheme", scheme, "--quantum", "8", "--quiet"}),
                  120s);
  ASSERT_TRUE(run.finished) << run.output;
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(occurrences(run.output, "optimum = "), 1) << "only rank 0 prints:\n" << run.output;
  EXPECT_EQ(line_value(run.output, "optimum"), std::to_string(file.optimum)) << run.output;
  const knapsack::testing::Selection selection =
      knapsack::testing::selection_of(file.instance, numbers_of(line_value(run.output, "items")));
  EXPECT_EQ(selection.profit, file.optimum);
  EXPECT_LE(selection.weight, file.instance.capacity);
}

TEST_P(BranchAndBoundMpi, MaxCliqueFindsTheCliqueNumber) {
  const auto& [ranks, scheme] = GetParam();
  const GraphFile& file = graph_file();
  ASSERT_GT(file.omega, 0) << maxclique::testing::kNoCliquer;
  const ProcessOutcome run =
      run_process(mpirun(ranks, {STACKSPLIT_BINARY, "maxclique", file.path, "--runtime", "mpi",
                                 "--scheme", scheme, "--quantum", "8", "--quiet"}),
                  120s);
  ASSERT_TRUE(run.finished) << run.output;
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(occurrences(run.output, "clique size = "), 1) << run.output;
  EXPECT_EQ(line_value(run.output, "clique size"), std::to_string(file.omega)) << run.output;
  const std::vector<int> clique = numbers_of(line_value(run.output, "clique"));
  EXPECT_EQ(static_cast<int>(clique.size()), file.omega);
  EXPECT_TRUE(maxclique::testing::is_clique(maxclique::testing::sorted(file.graph), clique));
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  std::string name = "np" + std::to_string(std::get<0>(info.param)) + "_" + std::get<1>(info.param);
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(EveryScheme, BranchAndBoundMpi,
                         ::testing::Combine(::testing::Values(2, 4),
                                            ::testing::ValuesIn(schemes::tree_scheme_names())),
                         case_name);

}  // namespace
}  // namespace stacksplit::testing
