// `stacksplit maxclique FILE` as a user runs it: the answer lines, optimize
// mode by default, exit 1 with FILE:LINE on a bad file.

#include <gtest/gtest.h>

#include <chrono>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/apps/maxclique/graph_families.hpp"
#include "tests/apps/maxclique/maxclique_test_support.hpp"
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
