#pragma once
// Exit statuses. Errors are exceptions, and run_command_line (under
// run_front_end and the generators' run_generator, whose value every main()
// of apps/ returns) is the one place that turns them into statuses: 2 for the
// command line (std::invalid_argument, CLI11's parse errors), 1 for anything
// else (a bad input file, core::InputError or a network file's
// NetworkFileError; a run that failed its own check, RunFailure; any other
// failure). A command sets a status itself only for an outcome that is not an
// error: an answer (SAT: 10 satisfiable, 20 unsatisfiable) or an interrupted
// run (130). main() returns it when no error came.

#include <stdexcept>

namespace stacksplit::cli {

// A run that ended but failed the check it makes of its own result (a UTS tree
// whose counts are not the published ones, a loop whose output differs from
// the sequential run's, EP's verification): exit status 1, the message on one
// line.
class RunFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// An outcome that is not an error; 1 and 2 are the errors' (a programming
// error to set here: throw instead).
void set_exit_status(int status);
int exit_status();

inline constexpr int kExitInterrupted = 130;  // 128 + SIGINT, as shells report it

}  // namespace stacksplit::cli
