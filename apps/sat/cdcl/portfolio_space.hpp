#pragma once
// A portfolio of CDCL solvers as a core::SearchSpace: every worker runs
// CaDiCaL on the whole formula, each with other options (its member), and
// they share short learned clauses through the engine's Shared messages
// (clause_exchange.hpp). The first answer ends the search: a model is a
// solution (first mode stops everyone), a refutation makes every member's
// next node a dead end, so the tree is exhausted and the answer is UNSAT.
//
// The tree: the root's children are the members, 0 … members−1; below a
// member is a chain, one node per slice of its search (a bounded number of
// conflicts, growing geometrically). The engine hands members to idle workers
// as it hands any alternatives, so with P workers and P members each worker
// runs one; the chain has one child per node, so it is never split. Between
// slices (safe points of CaDiCaL's incremental interface) a member adds the
// clauses it received. A slice is a long node: it ends the worker's quantum,
// so messages are read between slices.
//
// Member 0 is CaDiCaL with its default options. On threads it is never
// sliced: one solve call, as CaDiCaL alone runs, since every call starts
// CaDiCaL's restart and mode schedule afresh (sliced, g250.15 was not solved
// in 60 s that one call solves in 3 s); so the portfolio is never slower than
// CaDiCaL but for the other members' share of the machine. It takes no
// clauses in; those it learns reach the other members of its process through
// PortfolioShared::from_first_member, since its worker sends no message
// until the call ends. Under --solver auto member 0 is auto's race
// (cdcl_race.hpp), which started before the probes, on threads and on rank 0
// under mpirun: its worker only waits for the race's verdict, and on threads
// a member with no other to hear from runs one call too. Under mpirun a
// member is sliced when another rank's member exports clauses to it, and so
// is member 0 without the race; one with no exporter to hear from runs one
// call that ends when a message waits for its rank (core::WatchesMail), which
// is how it hears of another's answer. Slices cost the walker most: CaDiCaL
// walks at rephases, which 1 s slices rarely reach (f600: not solved in 40 s
// in 1 s slices, 1.3 s in one call). The others differ in configuration,
// initial phase and seed (see PortfolioMember).

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string_view>
#include <vector>

#include "apps/sat/cdcl/cdcl_race.hpp"
#include "apps/sat/cdcl/clause_exchange.hpp"
#include "apps/sat/cnf/cnf_formula.hpp"
#include "apps/sat/limits/search_end.hpp"
#include "core/search_space.hpp"

namespace stacksplit::apps::sat {

// The walker's walkreleff: local search as much as CDCL search. On
// satisfiable random-like formulas it finds a model long before CDCL does
// (f600, a large random 3-SAT formula: 1.3 s against 30 s for CaDiCaL's
// satisfiable configuration alone); on the rest it costs the member about
// half its search, which the default member 0 does not pay.
inline constexpr int kWalkerPerMille = 1000;

// How member `index` differs from CaDiCaL's defaults.
struct PortfolioMember {
  std::string_view configuration;  // CaDiCaL's configure(): "" (default), "sat", "unsat"
  int phase;                       // initial phase: 1 true, 0 false
  int seed;
  // CaDiCaL's walkreleff, the effort of its local search relative to the
  // search's, per mille; 0 leaves its default (20).
  int walk_per_mille = 0;
  std::string describe() const;
  static PortfolioMember of(int index);
};

// Conflicts in a member's first slice and how much each next one grows: short
// slices first, so that clauses flow early, then longer ones, since every
// solve call costs CaDiCaL a pass or two over the formula. A slice also ends
// after kMostSliceSeconds. A member alone runs one call, with no limit.
inline constexpr int kFirstSliceConflicts = 5'000;
inline constexpr double kSliceGrowth = 1.5;
inline constexpr int kMostSliceConflicts = 100'000'000;
inline constexpr double kMostSliceSeconds = 1.0;
// The longest the race's member waits for it in one node (see wait_for_race).
inline constexpr double kMostRaceWaitSeconds = 0.05;

// On threads the members other than 0 start once member 0 has run this long
// (--stagger). Every member shares the host, and CaDiCaL beside another
// CaDiCaL runs 1.20-1.22 times as long as alone here (bmc-ibm-13, qg5-13 with
// f600 on the other core): a formula member 0 decides within the head start
// pays nothing for the portfolio, and one it decides at t seconds pays about
// a fifth of t minus the head start, not of t. The cost is the head start on
// a formula another member decides first (bmc-ibm-6: the walker's 0.5 s
// becomes member 0's 0.8 s). Not under mpirun, whose ranks may not share a
// host.
inline constexpr double kDefaultStaggerSeconds = 1.0;

// What every worker's space shares within one process.
struct PortfolioShared {
  PortfolioShared(CnfFormula formula_, std::uint32_t members_, ShareOptions share_,
                  std::shared_ptr<TimeLimit> time_limit,
                  const std::shared_ptr<core::StopSignal>* interrupt = nullptr);
  const CnfFormula formula;
  const std::uint32_t members;
  const ShareOptions share;
  // The variables that occur in some clause, increasing: a model lists these.
  std::vector<std::int32_t> occurring;
  // Ends every member's CaDiCaL at once when one of this process answers.
  SearchEnd end;
  std::atomic<bool> refuted{false};
  // Member 0 runs one solve call (false: sliced like the others). Then the
  // members are handed out in the order workers start one, member 0 first,
  // not by the root's child a worker entered: the root's children are split
  // off by steals, and member 0 must not wait for one.
  bool unsliced_first_member = false;
  std::atomic<std::uint32_t> members_started{0};
  // --solver auto's race, running since before the probes, is member 0,
  // whose worker only waits for its verdict (cdcl_race.hpp): on threads, and
  // under mpirun on rank 0; the other ranks know it runs elsewhere.
  std::shared_ptr<CdclRace> first_member_race;
  bool race_elsewhere = false;
  // What the unsliced member 0 exported, as batches one after another; each
  // member of the process reads on from where it stopped. It stops growing
  // at kMostFirstMemberWords.
  static constexpr std::size_t kMostFirstMemberWords = std::size_t{1} << 24;
  std::mutex first_member_mutex;
  std::vector<std::int32_t> from_first_member;
  // The process exits after this search: a member's CaDiCaL is left to the
  // exit, not freed (left_to_exit.hpp). The command line sets it.
  bool solvers_left_to_exit = false;
  // Seconds member 0 runs before the others start (on threads; 0: at once):
  // counted from the race's start when member 0 is the race, else from here.
  double stagger_seconds = 0;
  const std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  // Seconds member 0 has run.
  double first_member_seconds() const;
};

class PortfolioSpace {
 public:
  using Choice = std::int32_t;            // at the root: a member; below: a slice number
  using Solution = std::vector<Literal>;  // as DpllSpace's: one literal per occurring variable

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

  Solution solution() const;

  bool take_shared(std::vector<std::int32_t>& words);
  void receive_shared(std::span<const std::int32_t> words);

  // Which member this worker runs (-1: none yet).
  int member() const { return member_; }

#define STACKSPLIT_SAT_PORTFOLIO_COUNTERS(X)                                  \
  X(slices, "CDCL slices run (nodes below a member)")                         \
  X(conflicts, "CDCL conflicts")                                              \
  X(answered, "1 on the worker whose member decided the formula")             \
  X(member, "the member this worker ran, plus one (0: none)")                 \
  X(cdcl_us, "microseconds in CDCL")                                          \
  X(staggered_us, "microseconds the member waited for member 0's head start") \
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
  struct Engine;  // CaDiCaL and its callbacks, at a fixed address
  void start_member(int member);
  core::Outcome run_slice();
  // Member 0 when it is the race: waits for its verdict or the search's end.
  core::Outcome wait_for_race();
  // A member other than 0 on threads, during member 0's head start: waits
  // (at most kMostRaceWaitSeconds a node) and says true.
  bool waits_for_head_start();
  bool runs_race() const { return member_ == 0 && shared_->first_member_race != nullptr; }
  void take_from_first_member();

  std::shared_ptr<PortfolioShared> shared_;
  std::unique_ptr<Engine> engine_;
  std::unique_ptr<ClauseExchange> exchange_;  // at a fixed address: the engine calls it
  int member_ = -1;
  std::uint32_t depth_ = 0;
  int next_slice_conflicts_ = kFirstSliceConflicts;
  bool decided_here_ = false;
  bool cut_ = false;  // the last slice stopped undecided and the search is over
  std::uint64_t slices_ = 0;
  std::uint64_t dropped_eliminated_ = 0;
  std::uint64_t earlier_nanoseconds_ = 0;    // CDCL time of members this worker ran before
  std::uint64_t staggered_nanoseconds_ = 0;  // waiting for member 0's head start
  std::size_t first_member_read_ = 0;        // words of from_first_member taken in
  Solution model_;                           // the member's model, once it found one
  core::MailWatch mail_waiting_;
};

static_assert(core::ReplayableSearchSpace<PortfolioSpace>);
static_assert(core::HasSolution<PortfolioSpace>);
static_assert(core::SharesKnowledge<PortfolioSpace>);
static_assert(core::HasCounters<PortfolioSpace>);
static_assert(core::WatchesMail<PortfolioSpace>);

}  // namespace stacksplit::apps::sat
