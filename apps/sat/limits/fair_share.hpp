#pragma once
// With one worker, CDCL on the whole formula and the search auto chose
// (its probes, then DPLL or cube-and-conquer) take turns on the one core,
// in shares of CPU time: the search side gets `search_share` s (r) for
// each second of the CDCL side's, and a side more than one quantum ahead
// of its share waits until the other has caught up (or finished, or the
// run ended). So when CDCL decides the formula, having used T seconds, the
// search has used at most r T and a quantum, and when the search decides it
// having used T, CDCL has used at most T / r and a quantum: a run takes at
// most (1 + r) times CDCL's time or (1 + 1/r) times the search's, and a
// quantum, whatever the formula (r = 1: twice the faster side's). A side
// may stand aside for a while (the search does, for the race to have the
// CDCL probe's conflicts, plan/solver_choice.hpp): the other's lead is then
// what it did meanwhile, added to the bound. A side may also be given a
// budget (limit()): past it, it stands aside for good, and the other has
// the core until it finishes or the run ends, so that such a run takes at
// most the other side's time plus the budget. Each side calls yield() often
// from whatever thread does its work (CaDiCaL's terminate callback; a DPLL
// node; a look-ahead probe step).
//
// The CDCL side's time is its thread's CPU clock, which it reports as it
// yields; the search side's is the process's CPU time since the turns began
// less that (with one worker, the search's threads and the race are the
// process), or, beside a race that has a core of its own, the CPU clock of
// the one thread that made the turns (auto's probes, taking turns with the
// portfolio's first member: plan/sat_plan.hpp).

#include <time.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <limits>
#include <mutex>

#include "apps/sat/tuning.hpp"

namespace stacksplit::apps::sat {

class FairShare {
 public:
  enum Side : int { kCdcl = 0, kSearch = 1 };
  // What the search side's time is.
  enum class SearchClock { kProcessLessCdcl, kMakingThread };

  // Made before the CDCL side's thread starts: the search side's time counts
  // from here (what the process did before is neither side's).
  // `search_share`: the search side's CPU time for each second of the CDCL
  // side's (1: equal shares).
  explicit FairShare(double quantum_seconds = kTurnQuantumSeconds,
                     SearchClock search_clock = SearchClock::kProcessLessCdcl,
                     double search_share = 1.0)
      : quantum_(static_cast<std::int64_t>(quantum_seconds * 1e9)),
        weight_{1.0, search_share},
        search_clock_(search_clock == SearchClock::kMakingThread ? CLOCK_THREAD_CPUTIME_ID
                                                                 : CLOCK_PROCESS_CPUTIME_ID),
        search_at_start_(nanoseconds_of(search_clock_)) {}

  // Called by `side` often. Returns at once while the side is within a
  // quantum of the other; else hands the turn over and waits until the other
  // hands it back (a quantum ahead in its turn), finishes, or `stop` says
  // the run is over (looked at every few milliseconds).
  void yield(Side side, const std::function<bool()>& stop = {}) {
    const std::int64_t own = cpu_of(side);
    if (finished_[other(side)].load(std::memory_order_acquire)) return;
    if (own > limit_[side].load(std::memory_order_relaxed)) {
      spent_[side].store(true, std::memory_order_relaxed);
      stand_aside(
          side, [] { return false; }, stop);
      return;
    }
    if (aside_[other(side)].load(std::memory_order_acquire)) return;
    if (static_cast<double>(own) / weight_[side] <=
        static_cast<double>(used_[other(side)].load(std::memory_order_relaxed)) /
                weight_[other(side)] +
            static_cast<double>(quantum_))
      return;
    const auto before = std::chrono::steady_clock::now();
    std::unique_lock<std::mutex> lock(mutex_);
    turn_ = other(side);
    changed_.notify_all();
    while (turn_ != side && !finished_[other(side)].load(std::memory_order_relaxed)) {
      if (stop && stop()) break;
      changed_.wait_for(lock, std::chrono::milliseconds(5));
    }
    waited_[side] += std::chrono::steady_clock::now() - before;
  }

  // `side` lets the other run on past its quantum, without turns, until
  // `enough` says so (or the other finishes, or `stop` says the run is
  // over; each looked at every millisecond). The other's lead is then what
  // it did meanwhile, and `side` makes it up in the turns that follow: the
  // bound above holds with that lead added.
  void stand_aside(Side side, const std::function<bool()>& enough,
                   const std::function<bool()>& stop = {}) {
    const auto before = std::chrono::steady_clock::now();
    aside_[side].store(true, std::memory_order_release);
    std::unique_lock<std::mutex> lock(mutex_);
    turn_ = other(side);
    changed_.notify_all();
    while (!finished_[other(side)].load(std::memory_order_relaxed) && !enough() &&
           !(stop && stop()))
      changed_.wait_for(lock, std::chrono::milliseconds(1));
    aside_[side].store(false, std::memory_order_release);
    waited_[side] += std::chrono::steady_clock::now() - before;
  }

  // While one lives, its side lets the other run on without turns, as in
  // stand_aside, while the side's thread does something else (under
  // mpirun the probing rank starts MPI, mostly a wait for the other ranks:
  // plan/sat_plan.cpp); the side makes the other's lead up afterwards.
  class Aside {
   public:
    Aside(FairShare& turns, Side side) : turns_(turns), side_(side) {
      turns_.aside_[side_].store(true, std::memory_order_release);
      {
        std::lock_guard<std::mutex> lock(turns_.mutex_);
        turns_.turn_ = other(side_);
      }
      turns_.changed_.notify_all();
    }
    ~Aside() { turns_.aside_[side_].store(false, std::memory_order_release); }
    Aside(const Aside&) = delete;
    Aside& operator=(const Aside&) = delete;

   private:
    FairShare& turns_;
    const Side side_;
  };

  // From now on `side` may use `seconds` more CPU time: once it has, its
  // next yield() stands aside until the other side finishes or the yield's
  // `stop` says the run is over, and never takes a turn again.
  void limit(Side side, double seconds) {
    limit_[side].store(cpu_of(side) + static_cast<std::int64_t>(seconds * 1e9),
                       std::memory_order_relaxed);
  }
  // Whether `side` has used up its limit().
  bool spent(Side side) const { return spent_[side].load(std::memory_order_relaxed); }

  // `side` has nothing more to do: the other never waits for it again.
  void finished(Side side) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      finished_[side].store(true, std::memory_order_release);
      turn_ = other(side);
    }
    changed_.notify_all();
  }

  // CPU seconds a side has used, as of its last yield.
  double used_seconds(Side side) const {
    return 1e-9 * static_cast<double>(used_[side].load(std::memory_order_relaxed));
  }
  // Seconds a side waited for its turn (read once both are done).
  double waited_seconds(Side side) const {
    std::lock_guard<std::mutex> lock(mutex_);
    return std::chrono::duration<double>(waited_[side]).count();
  }

 private:
  static Side other(Side side) { return side == kCdcl ? kSearch : kCdcl; }
  static std::int64_t nanoseconds_of(clockid_t clock) {
    timespec now{};
    clock_gettime(clock, &now);
    return static_cast<std::int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
  }
  std::int64_t cpu_of(Side side) {
    const std::int64_t cpu = side == kCdcl ? nanoseconds_of(CLOCK_THREAD_CPUTIME_ID)
                                           : nanoseconds_of(search_clock_) - search_at_start_ -
                                                 (search_clock_ == CLOCK_PROCESS_CPUTIME_ID
                                                      ? used_[kCdcl].load(std::memory_order_relaxed)
                                                      : 0);
    used_[side].store(cpu, std::memory_order_relaxed);
    return cpu;
  }

  const std::int64_t quantum_;
  const double weight_[2];  // a side's CPU time over this is what the turns even out
  const clockid_t search_clock_;
  const std::int64_t search_at_start_;
  std::atomic<std::int64_t> used_[2] = {0, 0};
  std::atomic<bool> finished_[2] = {false, false};
  std::atomic<bool> aside_[2] = {false, false};
  std::atomic<std::int64_t> limit_[2] = {std::numeric_limits<std::int64_t>::max(),
                                         std::numeric_limits<std::int64_t>::max()};
  std::atomic<bool> spent_[2] = {false, false};
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  Side turn_ = kCdcl;
  std::chrono::steady_clock::duration waited_[2] = {};
};

}  // namespace stacksplit::apps::sat
