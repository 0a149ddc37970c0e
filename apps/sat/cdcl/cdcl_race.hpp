#pragma once
// The race: CaDiCaL with its default options on the whole formula, in a
// thread of its own, from before auto's probes to the end of the run. A
// parallel solver that holds a sequential one must never be much slower
// than it, so the race is never paused:
//   - with two workers or more it keeps one core of the run for the whole
//     run (the search runs on the others): a run takes at most CaDiCaL's
//     time, give or take what sharing the host costs it;
//   - with one worker it takes turns with the search, which gets
//     kOneWorkerSearchShare (0.9) s of CPU time for each of its own
//     (limits/fair_share.hpp): a run takes at most 1.9 times the race's time
//     or 2.1 times the search's, and a turn.
// Probes and plans decide only what the other workers do. The race posts
// its verdict to the run's board (cnf/verdict.hpp), which stops every other
// solver, and stops when another member decides first. Its short learned
// clauses can go to the portfolio's members of its process (export_to).
//
// One race a run: under mpirun it runs on rank 0, beside rank 0's workers.
//
// The same class runs the portfolio's first member's first slice from the
// first millisecond, beside a race with a core of its own: it takes turns
// with auto's probes on the other core, and the portfolio takes its CaDiCaL
// over once that slice ended (hand_over()) if the probes choose the
// portfolio. Under mpirun, where no probes are needed, it runs that slice on
// rank 1 while MPI starts (plan/sat_plan.cpp).

#include <time.h>

#include <atomic>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <thread>

#include "apps/sat/cdcl/cdcl_engine.hpp"
#include "apps/sat/cnf/cnf_formula.hpp"
#include "apps/sat/limits/fair_share.hpp"
#include "apps/sat/limits/search_end.hpp"

namespace stacksplit::apps::sat {

class CdclRace {
 public:
  // `turns` null: the race has a core of its own. `settings` are CaDiCaL's
  // (its defaults for the race); `name` is who posts its verdict.
  CdclRace(const CnfFormula& formula, std::shared_ptr<SearchEnd> end, ProofLink proof = {},
           std::shared_ptr<FairShare> turns = nullptr, CdclSettings settings = {},
           std::string name = "race");
  CdclRace(const CdclRace&) = delete;
  CdclRace& operator=(const CdclRace&) = delete;
  ~CdclRace();  // stops and joins the race

  // Before start(): its learned clauses of at most `longest` literals go to
  // `sink`, in the race's thread.
  void export_to(std::function<void(std::span<const Literal>)> sink, std::uint32_t longest);
  // Before start(): its one solve call gives up after `conflicts` (a
  // member's first slice), and hand_over() waits for that call to end
  // rather than cutting it short. Unset: the call runs until stopped.
  void end_call_after(int conflicts) { call_conflicts_ = conflicts; }
  bool ends_its_call() const { return call_conflicts_ >= 0; }
  // Starts the race's thread (once).
  void start();
  // Ends it (the run is over) and waits for the thread.
  void stop();
  // Ends its solve call (or, after end_call_after(), waits for it to end)
  // and gives its CaDiCaL, with all it learned, to whoever goes on with it
  // (once; null after the first call, or if it was never started). Its
  // verdict, if it decided, is posted.
  std::shared_ptr<CdclEngine> hand_over();

  // Its own verdict, once it decided (kUnknown until then, and if it did not).
  Verdict verdict() const { return verdict_.load(std::memory_order_acquire); }
  // Whether its solve call has returned (decided, at its limit, or stopped).
  bool call_ended() const { return call_ended_.load(std::memory_order_acquire); }
  // After kSatisfiable: its model (copied in its thread before it said so).
  const Model& model() const { return engine_->model(); }
  // Its thread's CPU time so far: read off the thread's clock while it
  // runs, stored when its call ends.
  double cpu_seconds() const;
  std::uint64_t conflicts() const {
    const CdclEngine* engine = live_engine_.load(std::memory_order_acquire);
    return engine ? engine->conflicts_seen() : 0;
  }
  bool takes_turns() const { return turns_ != nullptr; }
  double waited_seconds() const { return turns_ ? turns_->waited_seconds(FairShare::kCdcl) : 0; }
  // After stop(): the race's CaDiCaL, to leave to the process's exit
  // (cdcl/left_to_exit.hpp).
  std::shared_ptr<const void> engine() const { return engine_; }

 private:
  void run();
  bool should_stop();

  const CnfFormula& formula_;
  std::shared_ptr<SearchEnd> end_;
  ProofLink proof_;
  std::shared_ptr<FairShare> turns_;
  const CdclSettings settings_;
  const std::string name_;
  std::function<void(std::span<const Literal>)> export_;
  std::uint32_t longest_export_ = 0;
  int call_conflicts_ = -1;             // no limit
  std::shared_ptr<CdclEngine> engine_;  // made in the race's thread
  std::atomic<const CdclEngine*> live_engine_{nullptr};
  std::thread thread_;
  std::atomic<bool> stop_{false};
  std::atomic<Verdict> verdict_{Verdict::kUnknown};
  std::atomic<std::int64_t> cpu_nanoseconds_{0};
  std::atomic<bool> running_{false};  // its thread is in run(), cpu_clock_ set
  std::atomic<bool> call_ended_{false};
  std::atomic<clockid_t> cpu_clock_{CLOCK_THREAD_CPUTIME_ID};
  std::uint32_t polls_ = 0;  // race thread only
};

}  // namespace stacksplit::apps::sat
