// run_front_end, through run_command_line, the one place errors become exit statuses
// (apps/cli/exit_status.hpp): each kind of error a command can throw gives its
// status and one line, and a command's own outcome (an answer) passes through.

#include "apps/cli/front_end.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "apps/cli/app_registry.hpp"
#include "apps/cli/exit_status.hpp"
#include "core/input_error.hpp"
#include "schemes/loop/cost_model/network_model_file.hpp"

namespace stacksplit::cli {
namespace {

// What the one command of the test's program does when it runs.
std::function<void()> command_body;

void add_command(CLI::App& parent, const AppEntry& entry) {
  parent.add_subcommand(entry.name, entry.summary)->callback([] { command_body(); });
}

struct Outcome {
  int status;
  std::string errors;
};

Outcome run_with(std::function<void()> body) {
  command_body = std::move(body);
  set_exit_status(0);
  AppRegistry apps("application");
  apps.add({"act", kSearchApp, "does what the test says", {&add_command}});
  std::vector<std::string> words = {"program", "act"};
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  std::ostringstream errors;
  std::streambuf* saved = std::cerr.rdbuf(errors.rdbuf());
  const int status = run_front_end(static_cast<int>(argv.size()), argv.data(), apps,
                                   {"program", "a test's program", {}});
  std::cerr.rdbuf(saved);
  return {status, errors.str()};
}

TEST(FrontEnd, AnAnswerIsTheCommandsOwnStatus) {
  const Outcome outcome = run_with([] { set_exit_status(10); });
  EXPECT_EQ(outcome.status, 10);
  EXPECT_EQ(outcome.errors, "");
}

TEST(FrontEnd, EachErrorGivesItsStatusAndOneLine) {
  struct Case {
    std::function<void()> body;
    int status;
    std::string line;
  };
  const std::vector<Case> cases = {
      {[] { throw std::invalid_argument("--n must be at least 1"); }, 2,
       "program: error: --n must be at least 1\n"},
      {[] { throw core::InputError("f.cnf", 3, "bad literal"); }, 1, "f.cnf:3: bad literal\n"},
      {[] { throw schemes::loop::cost_model::NetworkFileError("n.json: not valid JSON"); }, 1,
       "program: error: n.json: not valid JSON\n"},
      {[] { throw RunFailure("the parallel result differs from the sequential one"); }, 1,
       "program: error: the parallel result differs from the sequential one\n"},
      {[] { throw std::runtime_error("out of memory"); }, 1, "program: error: out of memory\n"},
  };
  for (const Case& c : cases) {
    const Outcome outcome = run_with(c.body);
    EXPECT_EQ(outcome.status, c.status) << c.line;
    EXPECT_EQ(outcome.errors, c.line);
  }
}

}  // namespace
}  // namespace stacksplit::cli
