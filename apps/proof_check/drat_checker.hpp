#pragma once
// Forward DRAT checking: the clause database and the two checks a lemma must
// pass, written apart from the SAT solver (its propagator, clause database
// and reader are not used, so a fault there cannot hide one here).
//
// A lemma is accepted if it is RUP (asserting the negation of each of its
// literals and propagating units over every clause so far ends in a
// conflict), or else RAT on its first literal p: for every clause D that
// contains -p, the lemma together with D without -p is RUP or a tautology
// (Wetzler, Heule, Hunt, "DRAT-trim: Efficient Checking and Trimming Using
// Expressive Clausal Proofs", SAT 2014). Unit propagation uses two watched
// literals per clause; the units of the formula and the lemmas and what they
// imply are kept assigned between checks (the top level), so a check only
// propagates what its own assumptions start.
//
// Deletions are honoured, except of a clause that is unit under the top-level
// assignment (every literal false but one, which is true): drat-trim ignores
// deleting the clause that made a unit, and these include every such clause,
// whatever order propagation took. Keeping a clause is always sound (each
// step still keeps the clauses satisfiable if they were), and it keeps the
// top-level assignment valid without ever undoing it.
//
// Once propagation at the top level ends in a conflict, the clauses are
// unsatisfiable; every later lemma, the empty clause included, is RUP.

#include <cstdint>
#include <span>
#include <vector>

#include "apps/proof_check/formula.hpp"

namespace stacksplit::apps::proof_check {

class DratChecker {
 public:
  enum class Verdict { kRup, kRat, kTautology, kFailed };
  enum class Deletion { kDeleted, kIgnoredUnit, kMissing, kTautology };

  // Deleted clauses are swept from memory once they take more room than the
  // live ones, and at least this many words (a literal is a word).
  static constexpr std::uint64_t kMinGarbage = 1 << 20;

  explicit DratChecker(std::int32_t num_variables, std::uint64_t min_garbage = kMinGarbage);

  // A clause of the formula: duplicate literals merged, a tautology dropped.
  void add_formula_clause(std::span<const Literal> clause);

  // Checks `lemma` against the clauses so far and adds it unless it failed.
  // Its variables may go beyond the formula's (up to kMaxVariable).
  Verdict add_lemma(std::span<const Literal> lemma);

  // Deletes one copy of `clause` (its literals in any order, duplicates
  // merged), unless it is unit at the top level or missing.
  Deletion delete_clause(std::span<const Literal> clause);

  // Unit propagation over the clauses has ended in a conflict.
  bool inconsistent() const { return inconsistent_; }

  // Literals propagated, at the top level and in the checks.
  std::uint64_t propagations() const { return propagations_; }
  // Sweeps of deleted clauses out of memory.
  std::uint64_t collections() const { return collections_; }

 private:
  // A literal as 2·variable + (1 if negative): its negation is code ^ 1.
  using Code = std::uint32_t;
  // A clause's offset in arena_: [size | kDeletedBit, hash, literals...].
  using ClauseRef = std::uint32_t;
  static constexpr std::uint32_t kDeletedBit = 1u << 31;
  static constexpr std::uint32_t kHeader = 2;

  struct Watch {
    ClauseRef clause;
    Code blocker;  // another literal of the clause: if true, the clause need not be visited
  };

  void grow_to(std::int32_t variable);
  // Codes of `clause` in normalized_ (first occurrences, in order); false for
  // a tautology.
  bool normalize(std::span<const Literal> clause);
  static std::uint32_t hash_of(std::span<const Code> codes);

  std::uint32_t size_of(ClauseRef ref) const { return arena_[ref] & ~kDeletedBit; }
  bool deleted(ClauseRef ref) const { return (arena_[ref] & kDeletedBit) != 0; }
  Code* literals_of(ClauseRef ref) { return arena_.data() + ref + kHeader; }

  ClauseRef store(std::span<const Code> codes);
  // Watches a stored clause at the top level, assigning and propagating what
  // it makes unit.
  void attach(ClauseRef ref);
  void add_checked(std::span<const Code> codes);

  void assign(Code literal) {
    values_[literal] = 1;
    values_[literal ^ 1] = -1;
    trail_.push_back(literal);
  }
  void backtrack(std::size_t level);
  // Unit propagation from the literals not yet propagated; false on a conflict.
  bool propagate();
  // Asserts the negation of `codes` and propagates; true on a conflict. The
  // assignment stays for the caller to undo.
  bool refutes_negation(std::span<const Code> codes);
  // RAT on codes[0], with the negation of `codes` asserted and propagated.
  bool resolvents_refuted(std::span<const Code> codes);
  void build_occurrences();

  // The clause equal to normalized_ as a set, if stored and not deleted.
  bool find(std::uint32_t hash, ClauseRef& found);
  void index(ClauseRef ref);
  void unindex(ClauseRef ref);
  void rehash(std::size_t buckets);
  bool unit_at_top_level(ClauseRef ref);
  // Copies the live clauses to a fresh arena and rebuilds what refers to them.
  void collect_garbage();

  std::int32_t num_variables_ = 0;
  std::vector<Code> arena_;
  std::vector<std::int8_t> values_;                  // by code: 1 true, -1 false, 0 unassigned
  std::vector<Code> trail_;                          // assigned literals, top level first
  std::size_t propagated_ = 0;                       // trail_[0, propagated_) are propagated
  std::vector<std::vector<Watch>> watches_;          // by code: the clauses watching it
  std::vector<std::vector<ClauseRef>> occurrences_;  // by code, once a RAT check needs them
  bool occurrences_built_ = false;
  std::vector<std::vector<ClauseRef>> buckets_;  // clauses by hash, to find a deleted one
  std::size_t indexed_ = 0;
  std::vector<std::uint8_t> marks_;  // by code, zero between calls
  std::vector<Code> normalized_;
  std::uint64_t min_garbage_;
  std::uint64_t live_words_ = 0;
  std::uint64_t dead_words_ = 0;
  bool inconsistent_ = false;
  std::uint64_t propagations_ = 0;
  std::uint64_t collections_ = 0;
};

}  // namespace stacksplit::apps::proof_check
