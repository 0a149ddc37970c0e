#pragma once
// Runs a command (stacksplit, or mpirun) as a child process for the tests:
// its output is captured, it can be waited for with a deadline, it can be
// given a terminal for its stderr, and whatever is left of it is killed when
// the Subprocess goes away, so a hanging job cannot outlive the test.

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace stacksplit::testing {

struct ProcessOutcome {
  bool finished = false;  // false: the deadline passed and the process was killed
  int exit_code = -1;     // when it exited
  int signal = 0;         // when a signal ended it
  std::string output;     // stdout and stderr, interleaved
  double seconds = 0;     // from its start to its end (or to the deadline)
};

// Where the child's stderr goes: the same pipe as stdout, or a pseudo-terminal
// (for what a program shows only on a terminal); both end up in the output.
enum class Stderr { kPipe, kTerminal };

class Subprocess {
 public:
  explicit Subprocess(const std::vector<std::string>& argv, Stderr stderr_to = Stderr::kPipe);
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;
  ~Subprocess();

  pid_t pid() const { return pid_; }

  // Collects output until `text` occurs in it (true) or the process ends or
  // `timeout` passes (false). The output is kept for wait().
  bool wait_for_output(const std::string& text, std::chrono::duration<double> timeout);

  // Collects output until the process ends or `timeout` (from now) passes;
  // then kills it.
  ProcessOutcome wait(std::chrono::duration<double> timeout);

 private:
  void kill_group();
  // Reads output until `deadline`, until `done()`, or until every writer has
  // closed it.
  template <class Done>
  void read_output(std::chrono::steady_clock::time_point deadline, Done done);

  pid_t pid_ = -1;
  int output_fd_ = -1;
  int terminal_fd_ = -1;  // the pseudo-terminal's master, when stderr is one
  bool reaped_ = false;
  bool output_open_ = true;
  std::string output_;  // everything read so far
  std::chrono::steady_clock::time_point start_;
};

// Runs `argv` to the end (or the deadline).
ProcessOutcome run_process(const std::vector<std::string>& argv,
                           std::chrono::duration<double> timeout);

// The processes whose parent is `parent`, with the value of environment
// variable `variable` in each (empty when unset).
struct ChildProcess {
  pid_t pid;
  std::string variable_value;
};
std::vector<ChildProcess> child_processes(pid_t parent, const std::string& variable);

}  // namespace stacksplit::testing
