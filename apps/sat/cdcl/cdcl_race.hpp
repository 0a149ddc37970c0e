#pragma once
// CaDiCaL on the whole formula, racing the look-ahead search that --solver
// auto chose (DPLL or cube-and-conquer; with one worker it takes turns with
// the search, see below): the probes decide how the workers spend their
// time, but a formula they misjudge (a structured one whose look-ahead tree
// the dives think small) is still decided at CDCL's pace. The first definite
// answer ends the search: a model becomes the solution of the next node a
// worker enters, a refutation makes that node and every later one a dead
// end, so the tree drains and the answer is UNSAT.
//
// The race runs in a thread of its own, one solve call from start to end:
// every call starts CaDiCaL's restart and mode schedule afresh, so slices of
// a few milliseconds between nodes cost it most of its pace (qg1-08: 0.07 s
// of CDCL in one call, 0.4 s in 20 ms slices). Its share of the machine is
// kept by its terminate callback, which sleeps while the race's CPU time is
// over its budget. During the probes it has a core of its own, and when they
// took 0.1 s or more (kLeastProbesForHeadStart) it keeps it for as long again
// once the search starts: a head start, whose cost to the search is bounded
// by the probes' own time, and a race that was about to decide when the
// probes ended still does (qg1-08, probes of 0.2-0.3 s: 4.0-5.4 s in 5 of 12
// runs without it, 0.37-0.61 s in 12 of 12 with it). Shorter probes are
// those of look-ahead's own formulas (random 3-SAT at n = 250: 20-40 ms),
// whose searches of 0.2 s lost 9 % to a head start. Then it trusts the
// dives, in the search's own work (the CPU seconds its workers spent, on
// every process): paused while the search has done less than the work they
// predicted (W, their time for one worker), kRaceEarlyShare of one core
// while it does the next W, and all the scheduler gives after that (a search
// that needed twice its prediction was misjudged). Work, not wall time: a
// search on P workers takes longer than W / P by its parallel overhead and
// by whatever else the host runs, and neither is a misjudged tree (hole9 at
// two workers, W / P = 0.49 s, took 0.77 s, the race waking at 0.49 s and
// taking a quarter of the machine). So where the prediction holds (random
// k-SAT, pigeon-hole) the search keeps every core: a share from the start
// cost random 3-SAT a fifth of its speedup from one worker to two (1.87 to
// 1.40 at n = 250).
//
// A core the search leaves idle is the race's whatever its budget: while a
// worker of this process has no work (cube-and-conquer with fewer cubes than
// workers, a thief waiting for a long cube to be decided), the race runs,
// and the CPU time it spends so is not charged to its budget
// (add_idle_workers, told by IdleWorkersToRace). qg3-09 at two workers:
// four cubes, one worker idle for 0.9 s of the search's 1.1 s while the race,
// W = 12.7 s away, slept.
//
// It starts before the probes, on a core of its own, so that they never delay
// CDCL on the whole formula; they stop when it decides (the formula is then
// answered at the root), and when they choose the portfolio it is the
// portfolio's member 0 (PortfolioShared::first_member_race).
//
// One race a process: under mpirun it runs on rank 0, and a refutation
// reaches the other ranks as a Shared message (DpllSpace::take_shared). Not
// on the simulator or the step runtime (one thread, the simulator's virtual
// time).
//
// With one worker the race takes turns on the one core the run may use
// (RacePolicy::one_worker), so the two threads never run at once. During
// auto's look-ahead probes (the reach and the dives) it is owed as much CPU
// time as kProbeTurnRate times they spent beyond kProbeTurnGrace
// (probe_turn): look-ahead slower than CDCL on the formula costs no more
// than a quarter of CDCL's time and the grace (ii32d3: dives found too slow
// after 0.75 s, CaDiCaL 0.19 s). At the search's first node it has a first
// turn of kFirstTurnShare of W (at most kMostFirstTurnSeconds), owed at
// kFirstTurnRate of the search's work: a formula the dives predict right
// but CDCL decides in a fraction of DPLL's time (4blocksb: W 1.8 s, DPLL
// 2.4 s, CaDiCaL 0.014 s) is then decided once the search has done ten
// times CDCL's time (and kTurnSeconds / kFirstTurnRate at least), and one
// that only DPLL decides pays at most kFirstTurnRate of its time and
// kFirstTurnShare of its predicted time, nothing when its search is shorter
// than 0.5 s. Then it is paused while the search has done less
// than 2 W (a search that needed twice its prediction was misjudged; within
// that, random 3-SAT's and pigeon-hole's predictions keep their one worker
// to themselves); after that, whenever it is owed kTurnSeconds of CPU time
// (the search's work beyond 2 W less its own), the search waits in its next
// node (CdclRace::wait_while_owed) while the race runs that long. So a
// formula the dives misjudge costs one worker about 2 W plus twice CDCL's
// time. A turn shorter than kTurnSeconds is not taken: probes under 50 ms
// and a W under 1 s give it none.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "apps/sat/cdcl/cdcl_cube_solver.hpp"

namespace stacksplit::apps::sat {

inline constexpr double kRaceEarlyShare = 0.5;
// With one worker, the least CPU time the race is owed before the search
// waits for it: turns long beside a hand-over (a condition variable's
// wake-up each way).
inline constexpr double kTurnSeconds = 0.05;
// Probes at least this long earn the race a head start as long as they took.
inline constexpr double kLeastProbesForHeadStart = 0.1;
// With one worker, the race's first turn: this share of W, at most so long,
// owed at kFirstTurnRate of the search's work (W overestimates many a
// search: random 3-SAT at n = 250, W 1.4 s for a search of 0.18 s, 19.8 s
// for a model found in 2 ms).
inline constexpr double kFirstTurnShare = 0.05;
inline constexpr double kMostFirstTurnSeconds = 1.0;
inline constexpr double kFirstTurnRate = 0.1;
// With one worker, during auto's look-ahead probes: the race is owed this
// many times their CPU time beyond kProbeTurnGrace, so look-ahead slower
// than CDCL costs a quarter of CDCL's time and the grace at most, and
// probes shorter than the grace and a turn (random 3-SAT's, 5-70 ms at
// n = 250) none.
inline constexpr double kProbeTurnRate = 4;
inline constexpr double kProbeTurnGrace = 0.05;

struct RacePolicy {
  // Seconds the race ran before the search started (beside the probes and
  // the runtime's start, MPI's under mpirun, with a core of its own; taking
  // turns with the probes, its CPU time): its budget counts them as spent in
  // full.
  double before_search = 0;
  double probes = 0;  // seconds the probes took, of before_search
  // The search's work the dives predicted (CPU seconds over every worker): W.
  double predicted_work = 0;
  int workers = 1;  // the search's, over every process
  double early_share = kRaceEarlyShare;
  bool never_pauses = false;  // RacePolicy::unlimited: never over budget
  bool takes_turns = false;   // RacePolicy::one_worker: runs only when the search waits
  double first_turn = 0;      // taking turns: CPU seconds owed at kFirstTurnRate
  bool probing = false;       // RacePolicy::one_worker_probing: turns with the probes
  // The policy for `workers` workers and a search the dives predicted to
  // take `predicted_seconds` on one worker, after probes of `probe_seconds`.
  static RacePolicy for_search(int workers, double predicted_seconds, double probe_seconds = 0);
  // No pause: the race is CaDiCaL as it runs alone (the portfolio's member 0).
  static RacePolicy unlimited();
  // One worker: the race takes turns with the search, a first turn of
  // kFirstTurnShare of W (W: `predicted_seconds`) owed at kFirstTurnRate of
  // the search's work, then as much CPU time as the search's beyond 2 W.
  static RacePolicy one_worker(double predicted_seconds);
  // One worker, during the look-ahead probes: turns, kProbeTurnRate times
  // their CPU time beyond kProbeTurnGrace.
  static RacePolicy one_worker_probing();
  // CPU seconds the race may have spent `since_start` seconds after it
  // started, once the search has done `search_work` CPU seconds of work.
  double budget(double since_start, double search_work) const;
  // The share of a core it has then (1 beside the probes, for its head start
  // and once the search needed 2 W; 0 while paused).
  double share(double since_start, double search_work) const;
  // Seconds of search during which it keeps its core: as long as the probes
  // took, when that is at least kLeastProbesForHeadStart. The probes', not
  // before_search: MPI's start (0.3 s here) is no sign of a formula
  // look-ahead finds hard, and gave every run under mpirun a head start.
  double head_start() const { return probes >= kLeastProbesForHeadStart ? probes : 0; }
};

class CdclRace {
 public:
  using Clock = std::chrono::steady_clock;

  // `solver` runs the race (null: this process only hears of it, under
  // mpirun).
  CdclRace(std::shared_ptr<CdclCubeSolver> solver, RacePolicy policy);
  CdclRace(const CdclRace&) = delete;
  CdclRace& operator=(const CdclRace&) = delete;
  ~CdclRace();  // stops and joins the race

  // Starts the race's thread (once; nothing without a solver).
  void start();
  // The search starts now: from here on `policy` (its before_search is set
  // here). `on_decided` is called in the race's thread when it decides the
  // formula (to stop the cubes' CDCL calls); at once if it already has. The
  // search's work is this process's CPU time from here, the race's own
  // excepted, times `workers` over `workers_here` (the workers this process
  // runs: one a rank under mpirun; 0: all of them).
  void begin_search(RacePolicy policy, std::function<void()> on_decided = {}, int workers_here = 0);
  // Seconds since start().
  double elapsed() const;
  // Ends it: the search is over. Waits for the thread.
  void stop();
  // The search's side of taking turns (RacePolicy::one_worker), called by the
  // one worker between nodes: when the race is owed kTurnSeconds or more,
  // waits while it runs them (or until it decides or ends). Otherwise, and
  // under any other policy, returns at once.
  void wait_while_owed();
  // auto's look-ahead probes with one worker, between two of their steps
  // (ProbeOptions::lookahead_turn, every look-ahead candidate):
  // wait_while_owed on every 64th call.
  void probe_turn();
  // One of this process's workers ran out of work (+1) or got some (-1).
  // While one has none, the race runs whatever its budget, uncharged; not
  // when it takes turns (one worker: idle means the search is over).
  void add_idle_workers(int change) { idle_workers_.fetch_add(change, std::memory_order_relaxed); }
  int idle_workers() const { return idle_workers_.load(std::memory_order_relaxed); }
  // The race's CPU seconds on cores the search left idle, of cpu_seconds().
  double on_idle_cores_seconds() const {
    return 1e-9 * static_cast<double>(idle_core_nanoseconds_.load(std::memory_order_relaxed));
  }
  // Seconds the search waited so in all.
  double search_waited_seconds() const {
    return 1e-9 * static_cast<double>(search_waited_nanoseconds_.load());
  }

  // The race's verdict once it decided the formula (kSatisfiable or
  // kUnsatisfiable; a refutation heard from another rank counts).
  std::optional<CubeVerdict> verdict() const;
  void refuted_elsewhere() { refuted_elsewhere_.store(true, std::memory_order_release); }
  // True once, on the rank that refuted the formula: its one announcement.
  bool take_refutation_to_announce() {
    return verdict_.load(std::memory_order_acquire) == kRefuted &&
           !announced_.exchange(true, std::memory_order_acq_rel);
  }
  // After kSatisfiable: CaDiCaL's value of variable `var` (1-based).
  Literal value(std::int32_t var) const { return solver_->value(var); }

  bool runs_here() const { return solver_ != nullptr; }
  // Its CaDiCaL, to read the model from once the race decided and stopped.
  std::shared_ptr<const CdclCubeSolver> solver() const { return solver_; }
  bool decided_here() const { return verdict_.load(std::memory_order_acquire) != kUndecided; }
  RacePolicy policy() const;
  double cpu_seconds() const { return 1e-9 * static_cast<double>(cpu_nanoseconds_.load()); }
  double slept_seconds() const { return 1e-9 * static_cast<double>(slept_nanoseconds_.load()); }
  // As of the race's last look at its budget (read from other threads while
  // CaDiCaL counts on in the race's).
  std::uint64_t conflicts() const { return conflicts_.load(std::memory_order_relaxed); }

  // The race's terminate callback: whether to stop, after sleeping while the
  // race is over its budget (called by CaDiCaL in the race's thread).
  bool pause_or_stop();

 private:
  static constexpr int kSearchTurn = 0;
  static constexpr int kRaceTurn = 1;
  static constexpr int kUndecided = 0;
  static constexpr int kSatisfied = 1;
  static constexpr int kRefuted = 2;
  void run();

  std::shared_ptr<CdclCubeSolver> solver_;
  mutable std::mutex mutex_;  // guards policy_ and on_decided_
  RacePolicy policy_;
  std::function<void()> on_decided_;
  std::thread thread_;
  Clock::time_point start_;
  std::atomic<bool> stop_{false};
  std::atomic<int> verdict_{kUndecided};
  std::atomic<bool> refuted_elsewhere_{false};
  std::atomic<bool> announced_{false};
  std::atomic<std::int64_t> cpu_nanoseconds_{0};  // the race thread's CPU clock
  std::atomic<std::uint64_t> conflicts_{0};
  std::atomic<std::int64_t> slept_nanoseconds_{0};
  // Taking turns: whose turn it is (under turn_mutex_, told by
  // turn_changed_, as are the race's end and stop), whether the policy takes
  // turns, and whether the race's solve call has returned.
  std::mutex turn_mutex_;
  std::condition_variable turn_changed_;
  int turn_ = kSearchTurn;
  std::atomic<bool> takes_turns_{false};
  std::atomic<bool> finished_{false};
  std::atomic<std::int64_t> search_waited_nanoseconds_{0};
  // Set by begin_search, under mutex_: the clocks the search's work counts from.
  std::int64_t process_cpu_at_search_ = 0;
  std::int64_t race_cpu_at_search_ = 0;
  double work_per_process_second_ = 1;  // workers over workers here
  bool searching_ = false;
  std::uint64_t polls_ = 0;        // race thread only
  std::uint32_t probe_steps_ = 0;  // the probing thread only
  std::atomic<int> idle_workers_{0};
  // Race thread only: its CPU clock at its last look at the budget, and
  // whether a core was lent to it then (the CPU time since is uncharged).
  std::int64_t cpu_at_last_look_ = 0;
  bool lent_at_last_look_ = false;
  std::atomic<std::int64_t> idle_core_nanoseconds_{0};
};

}  // namespace stacksplit::apps::sat
