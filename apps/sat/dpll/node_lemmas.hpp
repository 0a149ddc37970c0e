#pragma once
// The lemmas a DPLL node's look-ahead derives, for the run's DRAT proof
// (proof/proof_writer.hpp). At a node reached by decisions D every literal
// the look-ahead forces is a lemma (¬D ∨ forced literals' reasons): a failed
// literal x gives (¬D ∨ ¬x); a literal y implied by both x and ¬x gives
// (¬D ∨ ¬x ∨ y), (¬D ∨ x ∨ y) and then (¬D ∨ y). Each is RUP when written:
// assigning D and propagating, with the lemmas before, reproduces the node's
// assignment, and the look-ahead's own propagation then conflicts. The
// node's refutation itself, ¬D, is the proof writer's (a refuted node).

#include <initializer_list>
#include <span>
#include <vector>

#include "apps/sat/dpll/clause_database.hpp"
#include "apps/sat/proof/proof_writer.hpp"

namespace stacksplit::apps::sat {

class NodeLemmas {
 public:
  explicit NodeLemmas(ProofLink proof) : proof_(std::move(proof)) {}

  // The node reached by `decisions` (DIMACS literals, from the root).
  void begin_node(std::span<const Literal> decisions) {
    clause_.clear();
    for (Literal l : decisions) clause_.push_back(-l);
    prefix_ = clause_.size();
  }
  // A lemma: the node's negated decisions and `literals`.
  void add(const ClauseDatabase& db, std::initializer_list<Lit> literals) {
    clause_.resize(prefix_);
    for (Lit l : literals) clause_.push_back(db.to_original(l));
    proof_.stream().add(clause_);
  }
  ProofLink& proof() { return proof_; }

 private:
  ProofLink proof_;
  std::vector<Literal> clause_;
  std::size_t prefix_ = 0;
};

}  // namespace stacksplit::apps::sat
