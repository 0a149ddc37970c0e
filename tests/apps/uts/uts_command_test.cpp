#include <gtest/gtest.h>

#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "apps/cli/search_command.hpp"
#include "apps/registered_apps.hpp"

namespace stacksplit::apps::uts {
namespace {

// Runs `stacksplit <arguments>` in this process with only the uts command
// registered; returns what it printed on standard output.
std::string run(const std::string& arguments) {
  CLI::App app{"test", "stacksplit"};
  app.require_subcommand(1);
  const cli::AppEntry& uts = registered_apps().at("uts");
  uts.payload.add(app, uts);
  std::ostringstream out;
  std::streambuf* saved = std::cout.rdbuf(out.rdbuf());
  try {
    app.parse(arguments, false);
  } catch (...) {
    std::cout.rdbuf(saved);
    throw;
  }
  std::cout.rdbuf(saved);
  return out.str();
}

std::string error_of(const std::string& arguments) {
  try {
    run(arguments);
  } catch (const std::exception& error) {  // a run's error, or the parser's (an unknown --tree)
    return error.what();
  }
  return "";
}

TEST(UtsCommand, CountsASampleTreeByName) {
  EXPECT_EQ(run("uts --tree T1 --workers 2 --quiet"),
            "Tree size = 4130071, tree depth = 10, num leaves = 3305118\n");
  EXPECT_EQ(cli::exit_status(), 0);
}

TEST(UtsCommand, TakesTheBenchmarksOwnFlagsQIncluded) {
  EXPECT_EQ(run("uts -t 0 -b 2000 -q 0.124875 -m 8 -r 42 --workers 2 --quiet"),
            "Tree size = 4112897, tree depth = 1572, num leaves = 3599034\n");
}

TEST(UtsCommand, FlagsApplyOverTheSampleTree) {
  const std::string smaller = run("uts --tree T1 -d 6 --workers 2 --runtime step --quiet");
  EXPECT_EQ(smaller.rfind("Tree size = ", 0), 0u) << smaller;
  EXPECT_NE(smaller.find("tree depth = 6,"), std::string::npos) << smaller;
}

TEST(UtsCommand, DescribesTheTreeAndTheRunUnlessQuiet) {
  const std::string output = run("uts --tree T5 -d 8 --workers 1");
  EXPECT_NE(output.find("Geometric"), std::string::npos) << output;
  EXPECT_NE(output.find("nodes = "), std::string::npos) << output;
  EXPECT_NE(output.find("Tree size = "), std::string::npos) << output;
}

TEST(UtsCommand, BadInputIsAOneLineError) {
  EXPECT_NE(error_of("uts --tree T9").find("unknown UTS tree 'T9'"), std::string::npos);
  EXPECT_NE(error_of("uts -q 2").find("-q 2"), std::string::npos);
  EXPECT_NE(error_of("uts -t 5").find("-t 5"), std::string::npos);
}

}  // namespace
}  // namespace stacksplit::apps::uts
