// The instance generators end their errors as every command does
// (apps/cli/generator_main.hpp, through run_command_line): a bad command line
// or option value is one line "PROGRAM: error: ..." and exit status 2, an
// output file it cannot write one line and exit status 1.

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "tests/support/subprocess.hpp"

namespace stacksplit::cli {
namespace {

using namespace std::chrono_literals;

struct Case {
  std::vector<std::string> argv;
  int status;
  std::string line;  // the whole output
};

TEST(Generators, EachErrorIsOneLineAndItsStatus) {
  const std::string unwritable = "/nonexistent/stacksplit/instance";
  const std::vector<Case> cases = {
      {{STACKSPLIT_GEN_KNAPSACK, "--class", "hard"},
       2,
       "stacksplit-gen-knapsack: error: --class: unknown knapsack instance class 'hard' (known: "
       "uncorrelated, weakly-correlated, strongly-correlated)\n"},
      {{STACKSPLIT_GEN_KNAPSACK, "--items", "-3"},
       2,
       "stacksplit-gen-knapsack: error: the number of items must be in 0..16777216\n"},
      {{STACKSPLIT_GEN_KNAPSACK, "--capacity-fraction", "2"},
       2,
       "stacksplit-gen-knapsack: error: the capacity fraction must be in [0, 1]\n"},
      {{STACKSPLIT_GEN_KNAPSACK, "-n", "3", "-o", unwritable},
       1,
       "stacksplit-gen-knapsack: error: cannot write " + unwritable + "\n"},
      {{STACKSPLIT_GEN_CNF}, 2, "stacksplit-gen-cnf: error: A subcommand is required\n"},
      {{STACKSPLIT_GEN_CNF, "random", "--variables", "2", "-k", "3"},
       2,
       "stacksplit-gen-cnf: error: random k-SAT needs 1 <= k <= variables (k = 3, variables = "
       "2)\n"},
      {{STACKSPLIT_GEN_CNF, "pigeonhole", "--holes", "3", "-o", unwritable},
       1,
       "stacksplit-gen-cnf: error: cannot write " + unwritable + "\n"},
  };
  for (const Case& c : cases) {
    const testing::ProcessOutcome outcome = testing::run_process(c.argv, 60s);
    EXPECT_EQ(outcome.exit_code, c.status) << c.line << outcome.output;
    EXPECT_EQ(outcome.output, c.line);
  }
}

TEST(Generators, HelpIsNoError) {
  for (const char* program : {STACKSPLIT_GEN_KNAPSACK, STACKSPLIT_GEN_CNF}) {
    const testing::ProcessOutcome outcome = testing::run_process({program, "--help"}, 60s);
    EXPECT_EQ(outcome.exit_code, 0) << outcome.output;
    EXPECT_NE(outcome.output.find("Usage:"), std::string::npos) << outcome.output;
  }
  // The classes and their meaning, from the registry.
  const testing::ProcessOutcome help =
      testing::run_process({STACKSPLIT_GEN_KNAPSACK, "--help"}, 60s);
  EXPECT_NE(help.output.find("strongly-correlated (profits the weight plus R/10)"),
            std::string::npos)
      << help.output;
}

}  // namespace
}  // namespace stacksplit::cli
