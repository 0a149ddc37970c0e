#pragma once
// The formula indexed for the solver, built once and shared read-only by every
// worker: unit clauses, binary clauses as implication lists, longer clauses
// with occurrence lists for the look-ahead. Literals are coded as 2·(v−1) + sign so that a
// literal and its complement differ in the lowest bit.
//
// Only the variables that occur in some clause are numbered: the others need
// no solver state (each only doubles the model count), and a header declaring
// millions of them must not cost memory per worker. Inside, variable v is the
// (v+1)-th occurring one; to_original and from_original translate.

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "apps/sat/cnf/cnf_formula.hpp"

namespace stacksplit::apps::sat {

using Lit = std::uint32_t;

inline Lit negate(Lit lit) { return lit ^ 1; }
inline std::uint32_t var_of(Lit lit) { return lit >> 1; }

class ClauseDatabase {
 public:
  explicit ClauseDatabase(const CnfFormula& formula);

  // Variables that occur in some clause: the solver's variables.
  std::uint32_t num_variables() const { return num_variables_; }
  std::uint32_t num_literals() const { return 2 * num_variables_; }
  // Variables the header declares that occur in no clause.
  std::uint32_t num_unused_variables() const { return num_unused_variables_; }

  // The literal in the file's numbering.
  Literal to_original(Lit lit) const {
    Literal v = original_variable_[var_of(lit)];
    return (lit & 1) ? -v : v;
  }
  // The inner literal of a file literal whose variable occurs in some clause.
  Lit from_original(Literal dimacs) const;
  bool has_empty_clause() const { return has_empty_clause_; }
  std::span<const Lit> units() const { return units_; }

  // Literals that must be true when `lit` is true, by a binary clause.
  std::span<const Lit> implied_by(Lit lit) const {
    return {implied_.data() + implied_start_[lit], implied_.data() + implied_start_[lit + 1]};
  }
  // Binary clauses as pairs, for scans over every clause.
  std::span<const Lit> binary_pairs() const { return binary_pairs_; }

  // Clauses of three literals or more.
  std::size_t num_long_clauses() const { return long_start_.size() - 1; }
  std::span<const Lit> long_clause(std::size_t index) const {
    return {long_lits_.data() + long_start_[index], long_lits_.data() + long_start_[index + 1]};
  }
  std::span<const Lit> long_literals() const { return long_lits_; }
  std::span<const std::uint32_t> long_starts() const { return long_start_; }
  // For each ternary clause containing `lit`, its two other literals, in pairs:
  // the look-ahead walks these without touching any clause.
  std::span<const Lit> ternary_partners(Lit lit) const {
    return {ternary_partners_.data() + ternary_start_[lit],
            ternary_partners_.data() + ternary_start_[lit + 1]};
  }
  // Clauses of four literals or more in which `lit` occurs (long-clause indices).
  std::span<const std::uint32_t> wide_occurrences(Lit lit) const {
    return {wide_occurrences_.data() + wide_start_[lit],
            wide_occurrences_.data() + wide_start_[lit + 1]};
  }

 private:
  std::uint32_t num_variables_ = 0;
  std::uint32_t num_unused_variables_ = 0;
  std::vector<Literal> original_variable_;  // per inner variable, increasing
  bool has_empty_clause_ = false;
  std::vector<Lit> units_;
  std::vector<std::uint32_t> implied_start_;
  std::vector<Lit> implied_;
  std::vector<Lit> binary_pairs_;
  std::vector<std::uint32_t> long_start_{0};
  std::vector<Lit> long_lits_;
  std::vector<std::uint32_t> ternary_start_;
  std::vector<Lit> ternary_partners_;
  std::vector<std::uint32_t> wide_start_;
  std::vector<std::uint32_t> wide_occurrences_;
};

}  // namespace stacksplit::apps::sat
