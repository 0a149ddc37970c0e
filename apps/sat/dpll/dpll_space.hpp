#pragma once
// Davis–Putnam–Logemann–Loveland search as a core::SearchSpace. A choice is a
// DIMACS literal; `descend` assigns it at a new level, propagates, and lets the
// branching heuristic complete the node (failed literals are forced there), so
// the outcome of a node and its branching variable are known on entry. `ascend`
// undoes the level. Work handed to another worker is a guiding path: the
// decisions from the root, replayed by `descend`.
//
// Copies share the clause database; each owns its trail and watch lists, so
// copying a solver at the root costs one pass over the formula.
//
// With cube options it does cube-and-conquer (cube_and_conquer.hpp): a
// branching node past the cutoff is a cube, decided on entry by the worker's
// CaDiCaL under the guiding path's decisions, so it is refuted (a dead end) or
// satisfied (a solution) like a node the look-ahead closed. The open
// alternatives above it stay on the engine's stack, to be given away.
//
// Beside the race (cdcl/cdcl_race.hpp, --solver auto) it knows only the
// run's end (limits/search_end.hpp): once another member decides the
// formula, every node entered is cut (open, childless), as after the time
// limit, so the tree drains at once and the run's answer is the board's.
// With one worker it takes turns with the race (limits/fair_share.hpp),
// yielding at its nodes. With a proof it writes the lemmas its look-ahead
// derives and the clause of every node it refutes (dpll/node_lemmas.hpp).

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "apps/sat/cnf/cnf_formula.hpp"
#include "apps/sat/dpll/branching_heuristic.hpp"
#include "apps/sat/dpll/clause_database.hpp"
#include "apps/sat/dpll/cube_and_conquer.hpp"
#include "apps/sat/dpll/node_lemmas.hpp"
#include "apps/sat/dpll/propagator.hpp"
#include "apps/sat/limits/fair_share.hpp"
#include "apps/sat/limits/search_end.hpp"
#include "core/search_space.hpp"

namespace stacksplit::apps::sat {

struct DpllOptions {
  Heuristic heuristic = Heuristic::kLookahead;
  LookaheadOptions lookahead;
  // If set, nodes entered once it is reached (the time limit, Ctrl-C,
  // another member's verdict) are cut: open, but childless.
  std::shared_ptr<SearchEnd> end;
  // Deciding (not counting): a model found is posted to end's board.
  bool posts_models = false;
  // Cube-and-conquer: set to hand the cubes to CDCL; unset, pure DPLL.
  CubeOptions cubes;
  // One worker beside the race: the two take turns; null: no turns.
  std::shared_ptr<FairShare> turns;
  // The run's proof; null: none.
  std::shared_ptr<ProofWriter> proof;
};

class DpllSpace {
 public:
  using Choice = Literal;
  // A model: one DIMACS literal per variable that occurs in some clause, in
  // increasing order of variable; those left free by a satisfying node are set
  // false. Variables that occur nowhere are left out: either value will do
  // (a partial model, as the SAT competition allows).
  using Solution = std::vector<Literal>;

  explicit DpllSpace(const CnfFormula& formula, const DpllOptions& options = {});
  DpllSpace(std::shared_ptr<const ClauseDatabase> database, const DpllOptions& options);

  core::Outcome reset();
  void choices(core::ChoiceSink<Choice>& out);
  core::Outcome descend(const Choice& literal);
  // A node on a received path: as descend, but never a cube (see .cpp).
  core::Outcome replay_descend(const Choice& literal);
  void ascend();

  // 2^(free variables, those that occur nowhere included) at a satisfying
  // node, saturated at 2^64 − 1.
  std::uint64_t solution_weight() const;
  Solution solution() const;
  // Propagations done by the last reset or descend, look-aheads included; a
  // cube's CDCL time is added as the propagations it is worth (see
  // CubeAndConquer::as_propagations), so that the simulator charges it.
  std::uint64_t node_cost() const { return node_cost_; }
  // The last node was a cube decided by CDCL: the engine ends the quantum.
  bool node_was_long() const { return node_was_cube_; }

  // Under mpirun, a verdict a member of this process posted (the race's on
  // rank 0, a cube's) reaches the other ranks, and in cube-and-conquer so do
  // the race's learned clauses, for their cube solvers. The words: the
  // verdict (kUnknown: none), then clause records (clause_exchange.hpp).
  bool take_shared(std::vector<std::int32_t>& words);
  void receive_shared(std::span<const std::int32_t> words);

  // See BranchingHeuristic::interrupt_when (auto's probes).
  void interrupt_lookahead_when(std::function<bool()> interrupt) {
    heuristic_.interrupt_when(std::move(interrupt));
  }

  std::uint32_t num_variables() const { return propagator_.num_variables(); }
  std::uint32_t depth() const { return static_cast<std::uint32_t>(levels_.size() - 1); }
  std::uint64_t propagations() const { return propagator_.propagations(); }
  std::uint64_t visits() const { return propagator_.visits(); }
  // The current node's cube: the guiding path's decisions, the first literal
  // of each level, in DIMACS spelling. What the look-ahead forced besides
  // follows from them and the formula.
  void current_cube(std::vector<Literal>& cube) const;
  std::uint32_t num_assigned() const {
    return static_cast<std::uint32_t>(propagator_.num_assigned());
  }
  const CubeAndConquer* cube_and_conquer() const { return cubes_ ? &*cubes_ : nullptr; }

  // The share of the tree of decisions closed (refuted or satisfied) is
  // counted in units of 2^-kClosedShareBits of the whole tree: summed over
  // the workers it reaches 2^kClosedShareBits when the search is complete.
  static constexpr std::size_t kClosedShareBits = 62;
  static constexpr double closed_fraction(std::uint64_t share) {
    return static_cast<double>(share) / static_cast<double>(std::uint64_t{1} << kClosedShareBits);
  }

  // The heuristic's counters, cube-and-conquer's and the closed share,
  // reduced by the engine with its own statistics; the closed share comes last.
  static constexpr std::array kCounters = {
#define STACKSPLIT_COUNTER_INFO(name, meaning) core::CounterInfo{#name, meaning},
      STACKSPLIT_SAT_HEURISTIC_COUNTERS(STACKSPLIT_COUNTER_INFO)
          STACKSPLIT_SAT_CUBE_COUNTERS(STACKSPLIT_COUNTER_INFO)
#undef STACKSPLIT_COUNTER_INFO
              core::CounterInfo{"cut_nodes",
                                "nodes left open: the time limit, Ctrl-C, another member's "
                                "verdict (the search's own UNSAT needs none on any worker)"},
      core::CounterInfo{"closed_share", "closed part of the tree, in 2^-62 of the whole"},
  };
  static constexpr std::size_t kCutNodesCounter = kCounters.size() - 2;
  static constexpr std::size_t kClosedShareCounter = kCounters.size() - 1;
  void read_counters(std::span<std::uint64_t> values) const {
    const HeuristicStatistics& statistics = heuristic_.statistics();
    std::size_t i = 0;
#define STACKSPLIT_READ_COUNTER(name, meaning) values[i++] = statistics.name;
    STACKSPLIT_SAT_HEURISTIC_COUNTERS(STACKSPLIT_READ_COUNTER)
    CubeStatistics cube_statistics = cubes_ ? cubes_->statistics() : CubeStatistics{};
    cube_statistics.lookahead_refuted = lookahead_refuted_;
#define STACKSPLIT_READ_CUBE_COUNTER(name, meaning) values[i++] = cube_statistics.name;
    STACKSPLIT_SAT_CUBE_COUNTERS(STACKSPLIT_READ_CUBE_COUNTER)
#undef STACKSPLIT_READ_CUBE_COUNTER
#undef STACKSPLIT_READ_COUNTER
    values[kCutNodesCounter] = cut_nodes_;
    values[kClosedShareCounter] = closed_share_;
  }

 private:
  // Completes the node after its literals are propagated.
  core::Outcome enter(bool propagated, std::uint64_t propagations_before);

  struct Level {
    std::size_t trail_start;
    NodeStatus status;
    Lit first;  // branching literal when status is kBranch
    bool cut;   // entered once the search ended (or its cube's CDCL stopped): open, no choices
    bool model_from_cdcl = false;  // satisfied by CDCL: the model is CaDiCaL's
  };

  // A node entered once the search ended: open, but childless.
  core::Outcome enter_cut(std::size_t trail_start);
  // Cube-and-conquer's part of entering a branching node past the cutoff:
  // CDCL decides it. Returns the CDCL time in nanoseconds.
  std::uint64_t conquer(Level& level);
  // The node's own verdict, for the board and the proof.
  void post_model();
  void refuted_here();

  Propagator propagator_;
  std::shared_ptr<SearchEnd> end_;
  bool posts_models_ = false;
  BranchingHeuristic heuristic_;
  std::vector<Level> levels_;  // levels_[0] is the root
  std::uint64_t node_cost_ = 0;
  std::uint64_t closed_share_ = 0;  // see kClosedShareBits
  std::uint64_t lookahead_refuted_ = 0;
  std::uint64_t cut_nodes_ = 0;          // see kCutNodesCounter
  std::optional<CubeAndConquer> cubes_;  // set: cube-and-conquer
  std::shared_ptr<FairShare> turns_;     // set: one worker beside the race
  std::optional<NodeLemmas> lemmas_;     // set: a proof is written
  bool replaying_ = false;               // inside replay_descend
  bool node_was_cube_ = false;           // see node_was_long
  std::vector<Literal> cube_;            // the cube being decided; reserved once
};

static_assert(core::ReplayableSearchSpace<DpllSpace>);
static_assert(core::HasSolution<DpllSpace>);
static_assert(core::HasCounters<DpllSpace>);
static_assert(core::SharesKnowledge<DpllSpace>);

}  // namespace stacksplit::apps::sat
