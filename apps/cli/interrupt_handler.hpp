#pragma once
// Ctrl-C during a run, as MiniSat and CaDiCaL treat it: the first SIGINT (or
// SIGTERM) raises the run's stop signal, so every worker stops cleanly and the
// command still prints what was done; a second one ends the process at once
// with status 130.

#include <memory>

#include "core/stop_signal.hpp"

namespace stacksplit::cli {

// Installs the handlers for its lifetime (one run); the previous ones come back after.
class InterruptHandler {
 public:
  // `announce`: say on stderr what happens (only the rank that prints does).
  InterruptHandler(std::shared_ptr<core::StopSignal> signal, bool announce);
  ~InterruptHandler();
  InterruptHandler(const InterruptHandler&) = delete;
  InterruptHandler& operator=(const InterruptHandler&) = delete;

 private:
  std::shared_ptr<core::StopSignal> signal_;
};

}  // namespace stacksplit::cli
