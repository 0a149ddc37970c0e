#pragma once
// The command-line front end: one subcommand per application of a registry
// (search apps at the top, loop apps under `loop`), `list` and `netchar`,
// the parse, and errors a user can cause turned into a one-line message and
// an exit status. `stacksplit` runs it over its own apps; a program built
// outside the tree runs it over a registry it fills itself:
//
//   int main(int argc, char** argv) {
//     stacksplit::cli::AppRegistry apps("application");
//     apps.add({"subsets", stacksplit::cli::kSearchApp, "count subsets", {&add_command}});
//     return stacksplit::cli::run_front_end(argc, argv, apps, {"subsets-cli", "..."});
//   }
//
// Exit status: 0 success, 1 bad input file or run failure, 2 bad command line
// (unknown app, scheme, option or value); a command may ask for its own
// outcome, never an error (SAT: 10 satisfiable, 20 unsatisfiable; an
// interrupted run: 130). This is the one place errors become statuses
// (apps/cli/exit_status.hpp).

#include <CLI/CLI.hpp>
#include <functional>
#include <string>

#include "apps/cli/app_registry.hpp"

namespace stacksplit::cli {

struct FrontEnd {
  std::string program = "stacksplit";  // in help and in "PROGRAM: error: ..."
  std::string description;
  // Commands of the program's own, added after the apps'.
  std::function<void(CLI::App&)> add_commands;
};

// Parses the command line, runs the command it names and returns the
// process's exit status. `apps` must outlive the call.
int run_front_end(int argc, char** argv, const AppRegistry& apps, const FrontEnd& front_end);

}  // namespace stacksplit::cli
