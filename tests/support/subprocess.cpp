#include "tests/support/subprocess.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace stacksplit::testing {

Subprocess::Subprocess(const std::vector<std::string>& argv, Stderr stderr_to) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) throw std::runtime_error("pipe failed");
  int terminal = -1;
  if (stderr_to == Stderr::kTerminal &&
      openpty(&terminal_fd_, &terminal, nullptr, nullptr, nullptr) != 0)
    throw std::runtime_error("openpty failed");
  std::vector<char*> args;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  start_ = std::chrono::steady_clock::now();
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    setpgid(0, 0);  // its own group, so that the whole job can be killed
    dup2(pipe_fds[1], STDOUT_FILENO);
    dup2(terminal >= 0 ? terminal : pipe_fds[1], STDERR_FILENO);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    if (terminal >= 0) {
      close(terminal);
      close(terminal_fd_);
    }
    execvp(args[0], args.data());
    _exit(127);
  }
  setpgid(pid_, pid_);
  close(pipe_fds[1]);
  if (terminal >= 0) close(terminal);
  output_fd_ = pipe_fds[0];
}

Subprocess::~Subprocess() {
  if (!reaped_) {
    kill_group();
    waitpid(pid_, nullptr, 0);
  }
  if (output_fd_ >= 0) close(output_fd_);
  if (terminal_fd_ >= 0) close(terminal_fd_);
}

void Subprocess::kill_group() {
  // mpirun takes its ranks down on SIGTERM; SIGKILL is for whatever stays
  // (the ranks are mpirun's children, each in a process group of its own).
  const std::vector<ChildProcess> children = child_processes(pid_, "");
  kill(-pid_, SIGTERM);
  for (int i = 0; i < 20; ++i) {
    if (waitpid(pid_, nullptr, WNOHANG) != 0) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  kill(-pid_, SIGKILL);
  for (const ChildProcess& child : children) kill(child.pid, SIGKILL);
}

template <class Done>
void Subprocess::read_output(std::chrono::steady_clock::time_point deadline, Done done) {
  while (output_open_ && !done()) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    pollfd fds[2] = {{output_fd_, POLLIN, 0}, {terminal_fd_, POLLIN, 0}};
    const int ready = poll(fds, terminal_fd_ >= 0 ? 2 : 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) break;
    char chunk[4096];
    if (terminal_fd_ >= 0 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
      const ssize_t got = read(terminal_fd_, chunk, sizeof chunk);
      if (got > 0) {
        output_.append(chunk, static_cast<std::size_t>(got));
      } else {  // EIO once the child has closed the terminal
        close(terminal_fd_);
        terminal_fd_ = -1;
      }
    }
    if ((fds[0].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
    const ssize_t got = read(output_fd_, chunk, sizeof chunk);
    if (got <= 0) {
      output_open_ = false;  // every writer (mpirun and its ranks) is gone
    } else {
      output_.append(chunk, static_cast<std::size_t>(got));
    }
  }
}

bool Subprocess::wait_for_output(const std::string& text, std::chrono::duration<double> timeout) {
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(timeout);
  read_output(deadline, [&] { return output_.find(text) != std::string::npos; });
  return output_.find(text) != std::string::npos;
}

ProcessOutcome Subprocess::wait(std::chrono::duration<double> timeout) {
  ProcessOutcome outcome;
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(timeout);
  read_output(deadline, [] { return false; });
  outcome.output = output_;
  int status = 0;
  pid_t done = 0;
  while ((done = waitpid(pid_, &status, WNOHANG)) == 0 &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  outcome.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  if (done == pid_) {
    reaped_ = true;
    outcome.finished = true;
    if (WIFEXITED(status)) outcome.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) outcome.signal = WTERMSIG(status);
    kill(-pid_, SIGKILL);  // nothing of the job may outlive it
    return outcome;
  }
  kill_group();
  waitpid(pid_, nullptr, 0);
  reaped_ = true;
  return outcome;
}

ProcessOutcome run_process(const std::vector<std::string>& argv,
                           std::chrono::duration<double> timeout) {
  Subprocess process(argv);
  return process.wait(timeout);
}

std::vector<ChildProcess> child_processes(pid_t parent, const std::string& variable) {
  std::vector<ChildProcess> children;
  DIR* proc = opendir("/proc");
  if (proc == nullptr) return children;
  while (dirent* entry = readdir(proc)) {
    char* end = nullptr;
    const long pid = std::strtol(entry->d_name, &end, 10);
    if (*end != '\0' || pid <= 0) continue;
    std::ifstream stat("/proc/" + std::string(entry->d_name) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) continue;
    // pid (comm) state ppid ...: comm may hold spaces, so read after the last ')'.
    const auto close_paren = line.rfind(')');
    if (close_paren == std::string::npos) continue;
    std::istringstream fields(line.substr(close_paren + 1));
    std::string state;
    long ppid = 0;
    fields >> state >> ppid;
    if (ppid != parent) continue;
    ChildProcess child{static_cast<pid_t>(pid), {}};
    std::ifstream environ("/proc/" + std::string(entry->d_name) + "/environ", std::ios::binary);
    std::string assignment;
    while (std::getline(environ, assignment, '\0'))
      if (assignment.rfind(variable + "=", 0) == 0)
        child.variable_value = assignment.substr(variable.size() + 1);
    children.push_back(child);
  }
  closedir(proc);
  return children;
}

}  // namespace stacksplit::testing
