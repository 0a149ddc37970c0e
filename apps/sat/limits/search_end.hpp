#pragma once
// Why a long CDCL call inside one node should give up: the search has ended
// elsewhere. The engine learns of a model found by another worker, of Ctrl-C
// and of the end of the search only between quanta; a cube handed to CaDiCaL
// can take seconds, so the solvers of one process share this flag and
// CaDiCaL's terminate callback polls it (with the time limit and the
// interrupt) while it searches.
//
// Across MPI ranks it is not shared: there a rank's CDCL call sees another
// rank's model only when its cube is done (the time limit and Ctrl-C still
// reach it at once).

#include <atomic>
#include <memory>

#include "apps/sat/limits/time_limit.hpp"
#include "core/stop_signal.hpp"

namespace stacksplit::apps::sat {

class SearchEnd {
 public:
  // `interrupt` is where the run keeps its Ctrl-C signal: the front end makes
  // the signal when the search starts, after the solvers are made, so the
  // slot is read when polled, not when given. Either may be null.
  SearchEnd(std::shared_ptr<TimeLimit> time_limit,
            const std::shared_ptr<core::StopSignal>* interrupt = nullptr)
      : time_limit_(std::move(time_limit)), interrupt_(interrupt) {}

  void model_found() { model_found_.store(true, std::memory_order_relaxed); }

  // Polled by CaDiCaL every few hundred conflicts or decisions: cheap loads,
  // the clock only when there is a time limit.
  bool reached() const {
    if (model_found_.load(std::memory_order_relaxed)) return true;
    if (interrupt_ != nullptr && *interrupt_ && (*interrupt_)->raised()) return true;
    return time_limit_ && time_limit_->expired();
  }

 private:
  std::atomic<bool> model_found_{false};
  std::shared_ptr<TimeLimit> time_limit_;
  const std::shared_ptr<core::StopSignal>* interrupt_;
};

}  // namespace stacksplit::apps::sat
