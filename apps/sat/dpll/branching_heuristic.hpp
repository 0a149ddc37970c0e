#pragma once
// How DPLL completes a node and picks its branching variable. The decision
// depends only on the node's assignment (no learned clauses, no activities
// carried across branches), so the tree is the same whoever explores it.
//
// - jw: two-sided Jeroslow–Wang on the clauses not yet satisfied: a clause of
//   s free literals weighs 2^−s; pick the variable of largest total weight,
//   its heavier literal first. Cheap; no failed-literal detection.
// - lookahead (after satz, kcnfs and march): preselect the variables that occur
//   most in short clauses, assign each literal of each in turn and propagate.
//   A literal whose propagation fails is a failed literal: its complement is
//   forced at the node. A literal implied by both x and ¬x is forced too. Of the
//   rest, pick the variable maximising diff(x)·diff(¬x), diff being the number
//   of clauses the look-ahead turns into new binary clauses.

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "apps/sat/dpll/clause_database.hpp"
#include "apps/sat/dpll/node_lemmas.hpp"
#include "apps/sat/dpll/propagator.hpp"

namespace stacksplit::apps::sat {

enum class Heuristic : std::uint8_t { kJeroslowWang, kLookahead };

std::string_view to_string(Heuristic heuristic);
// Throws std::invalid_argument with a message fit to print.
Heuristic parse_heuristic(std::string_view name);

// The look-ahead's tunables, each once: X(name, type, default, least, most,
// meaning). The CLI's --lookahead-* options and the run record come from here.
#define STACKSPLIT_SAT_LOOKAHEAD_OPTIONS(X)                                                       \
  X(min_candidates, std::uint32_t, 10, 1, 1u << 24, "variables looked ahead at least, if free")   \
  X(candidate_percent, std::uint32_t, 10, 0, 100, "percent of the free variables looked ahead")   \
  X(max_rounds, std::uint32_t, 4, 1, 1000,                                                        \
    "look-ahead passes at a node while failed literals appear")                                   \
  X(necessary_assignments, bool, true, false, true, "force literals implied by both x and not x") \
  X(fewer_reductions_first, bool, true, false, true,                                              \
    "try first the literal that shrinks fewer clauses")

struct LookaheadOptions {
#define STACKSPLIT_DECLARE_OPTION(name, type, value, least, most, meaning) type name = value;
  STACKSPLIT_SAT_LOOKAHEAD_OPTIONS(STACKSPLIT_DECLARE_OPTION)
#undef STACKSPLIT_DECLARE_OPTION
};

// What a node turned out to be once the heuristic has completed it.
enum class NodeStatus : std::uint8_t {
  kConflict,   // a look-ahead proved both literals of a variable fail
  kSatisfied,  // every clause has a true literal (free variables may remain)
  kBranch,     // branch on `first`, then on its complement
};

struct Branch {
  NodeStatus status = NodeStatus::kConflict;
  Lit first = 0;
};

// The heuristic's counters, each once: X(name, meaning). Printed as c lines
// and recorded from here.
#define STACKSPLIT_SAT_HEURISTIC_COUNTERS(X)                      \
  X(lookaheads, "literals assigned and propagated tentatively")   \
  X(failed_literals, "complements forced by a failed look-ahead") \
  X(necessary_assignments, "literals forced because x and not x imply them")

// Statistics of one worker's heuristic, plain counters.
struct HeuristicStatistics {
#define STACKSPLIT_DECLARE_COUNTER(name, meaning) std::uint64_t name = 0;
  STACKSPLIT_SAT_HEURISTIC_COUNTERS(STACKSPLIT_DECLARE_COUNTER)
#undef STACKSPLIT_DECLARE_COUNTER
};

class BranchingHeuristic {
 public:
  BranchingHeuristic(Heuristic kind, const LookaheadOptions& options, std::uint32_t num_variables);

  // Completes the node the propagator stands on (its queue propagated without
  // conflict): may assign forced literals, then says how to branch. Every
  // literal it forces goes to `lemmas` (begun for the node; null: no proof).
  Branch decide(Propagator& propagator, NodeLemmas* lemmas = nullptr);

  Heuristic kind() const { return kind_; }
  const HeuristicStatistics& statistics() const { return statistics_; }

  // Once `interrupt` says so, the look-ahead stops looking: it branches on
  // the best literal seen so far, or on a free candidate (--solver auto's
  // probes, which the race ends when it decides the formula).
  void interrupt_when(std::function<bool()> interrupt) { interrupt_ = std::move(interrupt); }

 private:
  // Sums, per free literal, the weight of each unsatisfied clause it occurs in
  // by its number of free literals; returns how many clauses are unsatisfied.
  std::size_t weigh_clauses(const Propagator& propagator, const double* size_weight);
  bool any_unsatisfied(const Propagator& propagator) const;
  Branch jeroslow_wang(Propagator& propagator);
  Branch lookahead(Propagator& propagator, NodeLemmas* lemmas);
  void preselect(const Propagator& propagator);
  // Assigns `lit` tentatively and returns the weight of the new binary clauses,
  // or a negative number if propagation fails. Undoes before returning.
  double look(Propagator& propagator, Lit lit, bool collect_implied);
  // Assigns a literal at the node; false on conflict.
  bool force(Propagator& propagator, Lit lit);

  Heuristic kind_;
  std::function<bool()> interrupt_;
  LookaheadOptions options_;
  HeuristicStatistics statistics_;
  // Scratch, sized once.
  std::vector<double> weight_;             // per literal
  std::vector<double> rank_;               // per variable, for preselection
  std::vector<std::uint32_t> candidates_;  // variables
  std::vector<std::uint64_t> stamp_;       // per literal: which look-ahead implied it
  std::uint64_t stamp_now_ = 0;
  std::vector<Lit> necessary_;
};

}  // namespace stacksplit::apps::sat
