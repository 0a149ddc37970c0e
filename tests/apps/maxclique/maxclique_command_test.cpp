// `stacksplit maxclique FILE` as a user runs it: the answer lines, optimize
// mode by default, exit 1 with FILE:LINE on a bad file.

#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/apps/maxclique/graph_families.hpp"
#include "tests/apps/maxclique/maxclique_test_support.hpp"
#include "tests/support/run_records.hpp"
#include "tests/support/subprocess.hpp"

namespace stacksplit::apps::maxclique {
namespace {

using namespace std::chrono_literals;

stacksplit::testing::ProcessOutcome run(std::vector<std::string> argv) {
  return stacksplit::testing::run_process(argv, 120s);
}

std::string line_value(const std::string& output, const std::string& key) {
  std::smatch match;
  if (!std::regex_search(output, match, std::regex("(^|\n)" + key + " = ([^\n]*)"))) return "";
  return match[2];
}

TEST(MaxCliqueCommand, PrintsTheCliqueNumberAndAClique) {
  const Graph graph = testing::random_graph(80, 0.7, 5);
  const std::string path = testing::write_graph("cmd.clq", graph);
  ASSERT_TRUE(testing::have_cliquer()) << testing::kNoCliquer;
  const std::optional<int> omega = testing::cliquer_clique_number(path);
  ASSERT_TRUE(omega.has_value());
  for (const std::string runtime : {"threads", "step", "sim"}) {
    SCOPED_TRACE(runtime);
    const auto outcome = run(
        {STACKSPLIT_BINARY, "maxclique", path, "--workers", "2", "--runtime", runtime, "--quiet"});
    ASSERT_EQ(outcome.exit_code, 0) << outcome.output;
    EXPECT_EQ(line_value(outcome.output, "clique size"), std::to_string(*omega)) << outcome.output;
    std::vector<int> clique;
    std::istringstream numbers(line_value(outcome.output, "clique"));
    for (int vertex; numbers >> vertex;) clique.push_back(vertex - 1);  // printed from 1
    EXPECT_EQ(static_cast<int>(clique.size()), *omega);
    EXPECT_TRUE(testing::is_clique(testing::sorted(graph), clique));
  }
}

TEST(MaxCliqueCommand, SummaryNamesOptimizeMode) {
  const std::string path = testing::write_graph("summary.clq", testing::paley(13, 3).graph);
  const auto outcome = run({STACKSPLIT_BINARY, "maxclique", path, "--workers", "1"});
  ASSERT_EQ(outcome.exit_code, 0) << outcome.output;
  EXPECT_NE(outcome.output.find("optimize"), std::string::npos) << outcome.output;
  EXPECT_EQ(line_value(outcome.output, "clique size"), "3");
}

// Search overhead, nodes at P over nodes at 1: a 1-worker run is its own
// baseline, --baseline-nodes gives it to a P-worker run, and without it the
// record says null rather than guess.
TEST(MaxCliqueCommand, SearchOverheadInSummaryAndRecord) {
  const std::string path = testing::write_graph("overhead.clq", testing::random_graph(90, 0.8, 8));
  const std::string records = (testing::scratch_directory() / "overhead.jsonl").string();
  const auto one = run({STACKSPLIT_BINARY, "maxclique", path, "--workers", "1", "--json", records});
  ASSERT_EQ(one.exit_code, 0) << one.output;
  const nlohmann::json first = stacksplit::testing::last_run_record(records);
  const std::uint64_t nodes_one = first["nodes"];
  EXPECT_EQ(first["baseline_nodes"], nodes_one);
  EXPECT_EQ(first["search_overhead"], 1.0);
  EXPECT_NE(one.output.find("search overhead = 1.000"), std::string::npos) << one.output;

  const auto two = run({STACKSPLIT_BINARY, "maxclique", path, "--workers", "2", "--scheme", "grr",
                        "--baseline-nodes", std::to_string(nodes_one), "--json", records});
  ASSERT_EQ(two.exit_code, 0) << two.output;
  const nlohmann::json second = stacksplit::testing::last_run_record(records);
  const std::uint64_t nodes_two = second["nodes"];
  EXPECT_EQ(second["baseline_nodes"], nodes_one);
  EXPECT_DOUBLE_EQ(second["search_overhead"].get<double>(), double(nodes_two) / nodes_one);
  // Appended piece by piece: GCC 12 warns (-Wrestrict, falsely) on "(" + std::string.
  std::string counts = std::to_string(nodes_two);
  counts += " nodes here / ";
  counts += std::to_string(nodes_one);
  counts += " on 1 worker)";
  EXPECT_NE(two.output.find(counts), std::string::npos) << two.output;

  const auto unknown =
      run({STACKSPLIT_BINARY, "maxclique", path, "--workers", "2", "--json", records});
  ASSERT_EQ(unknown.exit_code, 0) << unknown.output;
  EXPECT_TRUE(stacksplit::testing::last_run_record(records)["search_overhead"].is_null());
  EXPECT_NE(unknown.output.find("search overhead unknown"), std::string::npos) << unknown.output;
}

TEST(MaxCliqueCommand, BadFileExitsOneWithFileAndLine) {
  const std::string path = testing::write_text("bad.clq", "c x\np edge 3 2\ne 1 2\ne 3 9\n");
  const auto outcome = run({STACKSPLIT_BINARY, "maxclique", path});
  EXPECT_EQ(outcome.exit_code, 1) << outcome.output;
  EXPECT_NE(outcome.output.find(path + ":4: vertex 9 is not in 1..3"), std::string::npos)
      << outcome.output;
  const auto missing = run({STACKSPLIT_BINARY, "maxclique", path + ".absent"});
  EXPECT_EQ(missing.exit_code, 1) << missing.output;
}

}  // namespace
}  // namespace stacksplit::apps::maxclique
