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
// interrupted run: 130). run_command_line, under run_front_end and the
// instance generators' main() alike (apps/cli/generator_main.hpp), is the one
// place errors become statuses (apps/cli/exit_status.hpp).

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

// Runs `parse_and_run` (which parses `app`'s command line and runs what it
// names) and returns the exit status: its own outcome (exit_status()), or the
// status of the error it threw, told in one line "PROGRAM: error: ..." on
// standard error ("FILE:LINE: ..." for an input file's). Under mpirun only
// the first rank tells a bad command line or input.
int run_command_line(CLI::App& app, const std::string& program,
                     const std::function<void()>& parse_and_run);

}  // namespace stacksplit::cli
