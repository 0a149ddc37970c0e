#pragma once
// A portfolio of CDCL solvers as a core::SearchSpace: every worker runs
// CaDiCaL on the whole formula, each with other settings (its member), and
// they share short learned clauses through the engine's Shared messages
// (clause_exchange.hpp). The first answer ends the search: it is posted to
// the run's board (cnf/verdict.hpp), which stops every other member's call.
//
// The tree: the root's children are the members; below a member is a chain,
// one node per slice of its search (a number of conflicts, growing
// geometrically). The engine hands members to idle workers as it hands any
// alternatives, so with P workers and P members each worker runs one; the
// chain has one child per node, so it is never split. Between slices (safe
// points of CaDiCaL's incremental interface) a member adds the clauses it
// received. A slice is a long node: it ends the worker's quantum, so
// messages are read between slices. A member with no one to hear from runs
// one call, CaDiCaL as it runs alone: every call starts CaDiCaL's restart
// and mode schedule afresh.
//
// Beside the race (cdcl_race.hpp: CaDiCaL's defaults on a core of its own)
// the race is member 0 and the workers run members 1, 2, ...; what the race
// learns reaches the members of its process through PortfolioShared (it
// takes nothing in: one solve call). Without it (the step and sim
// runtimes, the other ranks under mpirun) the workers' members start at 0.

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string_view>
#include <vector>

#include "apps/sat/cdcl/cdcl_engine.hpp"
#include "apps/sat/cdcl/clause_exchange.hpp"
#include "apps/sat/cdcl/left_to_exit.hpp"
#include "apps/sat/cdcl/race_clauses.hpp"
#include "apps/sat/cnf/cnf_formula.hpp"
#include "apps/sat/limits/search_end.hpp"
#include "apps/sat/tuning.hpp"
#include "core/search_space.hpp"

namespace stacksplit::apps::sat {

// The walker's walkreleff: local search as much as CDCL search. On
// satisfiable random-like formulas it finds a model long before CDCL does
// (f600, a large random 3-SAT formula: 1.3 s against 30 s for CaDiCaL's
// satisfiable configuration alone).

// Member `index`'s settings: 0 CaDiCaL's defaults (the race, when there is
// one); 1 its satisfiable-leaning configuration (stable mode, target
// phases), the usual partner of the default in two-solver portfolios, made
// a walker on random-like formulas (`walker`); 2 the other initial phase; 3
// its unsatisfiable-leaning configuration; then seeds with alternating
// phases. The walker pays on random formulas and costs elsewhere: on the
// tuning set and SATLIB, CaDiCaL's `sat` configuration alone took 88 s in
// all, the walker 48 s, but on the structured formulas among them the
// walker lost to it (2bitadd_10 2.9 s against 1.5, qg5-13 2.0 against
// 0.9, q_query_3_l38 1.0 against 0.5).
CdclSettings portfolio_member(int index, bool walker = true);

// Conflicts in a member's first slice and how much each next one grows:
// short slices first, so that clauses flow early, then longer ones, since
// every solve call costs CaDiCaL a pass or two over the formula and starts
// its schedule afresh.

// What every worker's space shares within one process.
struct PortfolioShared {
  PortfolioShared(CnfFormula formula_, std::uint32_t workers_, ShareOptions share_,
                  std::shared_ptr<SearchEnd> end_, std::shared_ptr<ProofWriter> proof_ = nullptr);
  const CnfFormula formula;
  const std::uint32_t workers;  // members run by workers, over every process
  const ShareOptions share;
  const std::shared_ptr<SearchEnd> end;
  const std::shared_ptr<ProofWriter> proof;  // null: none
  // The race is member 0 (first_member 1), in the process that runs it and
  // in the others under mpirun; the workers' members follow.
  int first_member = 0;
  // Under mpirun the workers of the race's rank yield their cores to it
  // (plan/sat_plan.hpp), and the one that expands the root runs no member:
  // it takes the last slot, which is none, and watches. So it hands the
  // members out (a worker answers requests only between two nodes, and
  // building a CaDiCaL took it a second and more at the lowest priority:
  // AProVE09-24's answer, found by rank 1's head start, waited for it), and
  // passes the race's verdict on at once and its clauses as they fall due
  // (forward_race_clauses; before the watcher passed them on, AProVE09-15's
  // member on rank 1 kept 32 of the race's clauses where on threads it kept
  // 411). As
  // the threads runtime gives the race a worker's place, the members are
  // one fewer than the workers; that worker's member would have had about
  // 1.5 % of a core beside the race.
  bool root_worker_yields = false;
  // The members run in several processes (mpirun): the race's clauses go on
  // to the other processes (forward_race_clauses).
  bool across_processes = false;
  // The process exits after this search: a member's CaDiCaL is left to the
  // exit, not freed (left_to_exit.hpp). The command line sets it.
  bool solvers_left_to_exit = false;

  // Member 1 is a walker (portfolio_member): unless auto's probes found a
  // formula that does not look random.
  bool walker = true;
  // What the race learned, when it runs in this process (see RaceClauses).
  std::shared_ptr<RaceClauses> race_clauses;
  // Under mpirun: appends to `words` what the race learned since the last
  // batch to the other processes. A member there reads them between its
  // slices, as a member of the race's process takes them from memory: they
  // are not urgent mail, so they end no slice.
  bool forward_race_clauses(std::vector<std::int32_t>& words);
  // Member first_member's CaDiCaL, whose first slice ran before the
  // portfolio started (cdcl_race.hpp, plan/sat_plan.hpp): the worker that
  // runs that member waits for that slice to end and goes on with the
  // second. Null: none. The first member a worker of this process starts
  // takes it, or ends it when it is another (under mpirun member
  // first_member went to another rank): it would take a core from this
  // process's members.
  std::function<std::shared_ptr<CdclEngine>()> head_start;
  std::shared_ptr<CdclEngine> take_head_start(int member) {
    std::lock_guard<std::mutex> lock(head_start_mutex);
    if (!head_start) return nullptr;
    std::shared_ptr<CdclEngine> engine = head_start();
    head_start = nullptr;
    if (member == first_member) return engine;
    if (engine && solvers_left_to_exit) leave_to_exit(std::move(engine));
    return nullptr;
  }
  std::mutex head_start_mutex;
  // Whether the members hear from anyone (the race, or other members).
  bool members_hear_others() const { return race_clauses != nullptr || workers > 1; }
};

class PortfolioSpace {
 public:
  using Choice = std::int32_t;  // at the root: a worker's member slot; below: a slice number
  using Solution = Model;

  explicit PortfolioSpace(std::shared_ptr<PortfolioShared> shared);
  PortfolioSpace(const PortfolioSpace& other);
  PortfolioSpace& operator=(const PortfolioSpace& other);
  PortfolioSpace(PortfolioSpace&&) noexcept;
  PortfolioSpace& operator=(PortfolioSpace&&) noexcept;
  ~PortfolioSpace();

  core::Outcome reset();
  void choices(core::ChoiceSink<Choice>& out);
  core::Outcome descend(const Choice& choice);
  // A node on a received path, which the donor found open: the member is
  // started, a slice is not run again (the chain's nodes are only its count).
  core::Outcome replay_descend(const Choice& choice);
  void ascend();
  bool node_was_long() const { return depth_ > 0; }

  Solution solution() const { return engine_->model(); }

  bool take_shared(std::vector<std::int32_t>& words);
  void receive_shared(std::span<const std::int32_t> words);
  // What take_shared gave last was a verdict: it ends the others' slices.
  bool shared_is_urgent() const { return exchange_->last_batch_was_verdict(); }

  // Which member this worker runs (-1: none yet).
  int member() const { return member_; }

#define STACKSPLIT_SAT_PORTFOLIO_COUNTERS(X)                      \
  X(slices, "CDCL slices run (nodes below a member)")             \
  X(conflicts, "CDCL conflicts")                                  \
  X(answered, "1 on the worker whose member decided the formula") \
  X(member, "the member this worker ran, plus one (0: none)")     \
  X(cdcl_us, "microseconds in CDCL")                              \
  X(dropped_eliminated, "received clauses not added: over a variable this member eliminated")
  static constexpr std::array kCounters = {
#define STACKSPLIT_COUNTER_INFO(name, meaning) core::CounterInfo{#name, meaning},
      STACKSPLIT_SAT_PORTFOLIO_COUNTERS(STACKSPLIT_COUNTER_INFO)
          STACKSPLIT_SAT_SHARE_COUNTERS(STACKSPLIT_COUNTER_INFO)
#undef STACKSPLIT_COUNTER_INFO
  };
  void read_counters(std::span<std::uint64_t> values) const;
  // The engine's look at this worker's mailbox (core/search_space.hpp).
  void watch_mail(core::MailWatch mail_waiting) { mail_waiting_ = std::move(mail_waiting); }

 private:
  void start_member(int slot);
  core::Outcome run_slice();
  // Each slice kSliceGrowth times the last, up to kMostSliceConflicts.
  void grow_next_slice();
  void take_clauses_in();

  std::shared_ptr<PortfolioShared> shared_;
  std::shared_ptr<CdclEngine> engine_;
  std::unique_ptr<ClauseExchange> exchange_;  // at a fixed address: the engine calls it
  int member_ = -1;
  std::uint32_t depth_ = 0;
  int next_slice_conflicts_ = kFirstSliceConflicts;
  bool sliced_ = false;
  bool decided_here_ = false;
  bool cut_ = false;  // the last slice stopped undecided and the search is over
  // The member's CaDiCaL has not been called yet, or its first call runs
  // now: that call sees the formula alone and runs whole (run_slice()).
  bool first_call_ = false;
  std::uint64_t slices_ = 0;
  std::uint64_t dropped_eliminated_ = 0;
  std::uint64_t nanoseconds_ = 0;  // in CDCL, every member this worker ran
  std::vector<bool> eliminated_;   // by variable, as of the last slice
  std::size_t race_read_ = 0;      // words of the race's exports taken in
  std::chrono::steady_clock::time_point member_start_;
  std::uint32_t polls_ = 0;
  core::MailWatch mail_waiting_;
};

static_assert(core::ReplayableSearchSpace<PortfolioSpace>);
static_assert(core::HasSolution<PortfolioSpace>);
static_assert(core::SharesKnowledge<PortfolioSpace>);
static_assert(core::HasCounters<PortfolioSpace>);
static_assert(core::WatchesMail<PortfolioSpace>);

}  // namespace stacksplit::apps::sat
