#pragma once
// Why every solver of a run should stop: some member decided the formula
// (the run's verdict board, cnf/verdict.hpp), the time limit ran out, or the
// user pressed Ctrl-C. The engine learns of these only between quanta, and a
// CDCL call inside one node (a cube, a portfolio slice, the race) can take
// seconds, so every solver of a process polls this object: DPLL before it
// enters a node, CaDiCaL in its terminate callback.
//
// Across MPI ranks a verdict travels as a Shared message (take_announcement
// on the deciding rank, heard on the others).

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "apps/sat/cnf/verdict.hpp"
#include "apps/sat/limits/time_limit.hpp"
#include "core/stop_signal.hpp"

namespace stacksplit::apps::sat {

class SearchEnd {
 public:
  // `interrupt` is the run's Ctrl-C signal (the command line makes it once,
  // before any solver starts). Any may be null.
  SearchEnd(std::shared_ptr<TimeLimit> time_limit,
            std::shared_ptr<core::StopSignal> interrupt = nullptr,
            std::shared_ptr<VerdictBoard> board = std::make_shared<VerdictBoard>())
      : time_limit_(std::move(time_limit)),
        interrupt_(std::move(interrupt)),
        board_(std::move(board)) {}

  // Cheap loads; the clock only when there is a time limit.
  bool reached() const { return decided() || cut_short() || told_now(); }
  // A member of this process decided, or one of another rank (heard).
  bool decided() const {
    return (board_ && board_->decided()) || heard_.load(std::memory_order_acquire);
  }
  // The time limit or an interrupt: the answer, if none was found, is unknown.
  bool cut_short() const {
    if (interrupt_ && interrupt_->raised()) return true;
    return time_limit_ && time_limit_->expired();
  }
  // Whether the time limit cut some search, without looking at the clock.
  bool time_limit_reached() const { return time_limit_ && time_limit_->cut(); }

  // The same time limit and Ctrl-C with a board of its own: for a solver
  // whose verdict reaches the run's board another way (under mpirun the
  // probing rank's head start, whose model travels with the choice:
  // plan/sat_plan.hpp).
  std::shared_ptr<SearchEnd> with_own_board() const {
    return std::make_shared<SearchEnd>(time_limit_, interrupt_);
  }

  // A question only the calling thread may ask, looked at in reached() on
  // that thread, at most every millisecond: whether another rank's member
  // decided (under mpirun the probing rank asks whether a rank asked it to
  // hurry, plan/sat_plan.hpp: MPI is called from the thread that started
  // it). A yes stops this process's solvers, as heard() does. Set before
  // any other thread uses this object.
  void stop_when_told(std::function<bool()> told) {
    told_ = std::move(told);
    told_thread_ = std::this_thread::get_id();
  }

  VerdictBoard& board() const { return *board_; }
  const std::shared_ptr<TimeLimit>& time_limit() const { return time_limit_; }

  // Under mpirun: the verdict a member of this process decided, once, for
  // the other ranks; nothing for a verdict heard from them.
  std::optional<Verdict> take_announcement() {
    if (!board_ || !board_->decided() || heard_.load(std::memory_order_acquire)) return {};
    if (announced_.exchange(true, std::memory_order_acq_rel)) return {};
    return board_->verdict();
  }
  // Another rank's member decided (or, for a refutation shared between
  // members, another member of this process): this process's solvers stop.
  // A refutation is posted to this process's board; a model is not (its
  // rank has it, and the engine gathers it to rank 0 with the search's
  // solution), so that no board holds SAT without its model.
  void heard(Verdict verdict) {
    if (verdict == Verdict::kUnknown) return;
    if (!heard_.exchange(true, std::memory_order_acq_rel) && verdict == Verdict::kUnsatisfiable &&
        !board_->decided())
      board_->post("a member of another rank", verdict);
  }

 private:
  bool told_now() const {
    if (!told_ || std::this_thread::get_id() != told_thread_) return false;
    const auto now = std::chrono::steady_clock::now();
    if (now < next_look_) return false;
    next_look_ = now + std::chrono::milliseconds(1);
    if (!told_()) return false;
    heard_.store(true, std::memory_order_release);
    return true;
  }

  std::shared_ptr<TimeLimit> time_limit_;
  std::shared_ptr<core::StopSignal> interrupt_;
  std::shared_ptr<VerdictBoard> board_;
  std::atomic<bool> announced_{false};
  mutable std::atomic<bool> heard_{false};  // told_now() sets it too
  std::function<bool()> told_;
  std::thread::id told_thread_;
  mutable std::chrono::steady_clock::time_point next_look_;
};

}  // namespace stacksplit::apps::sat
