// The command line and the schemes: every scheme and topology is selectable by
// name, and a bad one gets one clear line and exit status 2.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace {

struct Outcome {
  int status = -1;
  std::string output;  // stdout and stderr together
};

Outcome stacksplit(const std::string& arguments) {
  Outcome outcome;
  FILE* pipe = popen((std::string(STACKSPLIT_BINARY) + " " + arguments + " 2>&1").c_str(), "r");
  if (!pipe) return outcome;
  std::array<char, 4096> chunk;
  while (std::fgets(chunk.data(), chunk.size(), pipe)) outcome.output += chunk.data();
  const int raw = pclose(pipe);
  outcome.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return outcome;
}

void expect_one_line_error(const Outcome& outcome, const std::string& mention) {
  EXPECT_EQ(outcome.status, 2) << outcome.output;
  ASSERT_FALSE(outcome.output.empty());
  EXPECT_EQ(outcome.output.find('\n'), outcome.output.size() - 1) << "one line: " << outcome.output;
  EXPECT_NE(outcome.output.find(mention), std::string::npos) << outcome.output;
}

TEST(SchemeCli, EverySchemeAndTopologyRunsByName) {
  for (const char* scheme : {"rp", "arr", "grr", "grr-m", "nn", "sb", "sl", "ml", "random"}) {
    for (const char* topology : {"complete", "ring", "mesh", "hypercube"}) {
      const Outcome outcome =
          stacksplit(std::string("nqueens 8 --quiet --runtime step --workers 4 --scheme ") +
                     scheme + " --topology " + topology);
      EXPECT_EQ(outcome.status, 0) << scheme << ' ' << topology << ": " << outcome.output;
      EXPECT_EQ(outcome.output, "solutions = 92\n") << scheme << ' ' << topology;
    }
  }
}

TEST(SchemeCli, AHypercubeNeedsAPowerOfTwo) {
  expect_one_line_error(stacksplit("nqueens 8 --workers 12 --topology hypercube"), "power-of-two");
  expect_one_line_error(stacksplit("nqueens 8 --workers 3 --topology hypercube --scheme grr-m"),
                        "(got 3)");
}

TEST(SchemeCli, AnUnknownSchemeOrTopologyIsNamed) {
  expect_one_line_error(stacksplit("nqueens 8 --scheme grr-x"), "unknown scheme 'grr-x'");
  expect_one_line_error(stacksplit("nqueens 8 --topology star"), "unknown topology 'star'");
}

TEST(SchemeCli, TheBalancePolicyIsChosenByName) {
  expect_one_line_error(stacksplit("nqueens 8 --balance three-level"),
                        "unknown balance policy 'three-level' (known: flat, two-level)");
  // Nodes of 4 cores: the summary splits the messages at the nodes' edges.
  const Outcome outcome = stacksplit(
      "nqueens 8 --runtime sim --machine cluster --machine-param cores=4 --workers 16 "
      "--scheme sb --balance two-level");
  EXPECT_EQ(outcome.status, 0) << outcome.output;
  EXPECT_NE(outcome.output.find("16 workers (4 nodes of 4)"), std::string::npos) << outcome.output;
  EXPECT_NE(outcome.output.find("balance two-level"), std::string::npos) << outcome.output;
  EXPECT_NE(outcome.output.find("between nodes: messages = "), std::string::npos) << outcome.output;
  EXPECT_NE(outcome.output.find("solutions = 92"), std::string::npos) << outcome.output;
}

}  // namespace
