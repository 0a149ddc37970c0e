#include "apps/cli/interrupt_handler.hpp"

#include <unistd.h>

#include <atomic>
#include <csignal>

namespace stacksplit::cli {

namespace {

// What the handler may touch: a lock-free atomic and write(2).
std::atomic<core::StopSignal*> active_signal{nullptr};
std::atomic<int> signals_seen{0};
std::atomic<bool> announcing{true};

struct sigaction previous_int;
struct sigaction previous_term;

extern "C" void on_interrupt(int /*signal*/) {
  if (signals_seen.fetch_add(1) >= 1) {
    static const char kMessage[] = "\nstacksplit: interrupted again, exiting\n";
    if (announcing.load()) (void)!write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
    _exit(130);
  }
  static const char kMessage[] =
      "\nstacksplit: interrupted; stopping the workers (again to exit at once)\n";
  if (announcing.load()) (void)!write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  if (core::StopSignal* signal = active_signal.load()) signal->raise();
}

}  // namespace

InterruptHandler::InterruptHandler(std::shared_ptr<core::StopSignal> signal, bool announce)
    : signal_(std::move(signal)) {
  signals_seen.store(0);
  announcing.store(announce);
  active_signal.store(signal_.get());
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, &previous_int);
  sigaction(SIGTERM, &action, &previous_term);
}

InterruptHandler::~InterruptHandler() {
  sigaction(SIGINT, &previous_int, nullptr);
  sigaction(SIGTERM, &previous_term, nullptr);
  active_signal.store(nullptr);
}

}  // namespace stacksplit::cli
