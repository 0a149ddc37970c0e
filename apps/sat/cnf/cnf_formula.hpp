#pragma once
// A formula in conjunctive normal form as the DIMACS reader leaves it: clauses
// of DIMACS literals (v or -v, 1 <= v <= num_variables), each clause free of
// duplicate literals and never a tautology. It is immutable once read and
// shared by every worker's solver.

#include <cassert>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace stacksplit::apps::sat {

using Literal = std::int32_t;  // DIMACS spelling: v or -v

class CnfFormula {
 public:
  CnfFormula() = default;
  explicit CnfFormula(std::int32_t num_variables) : num_variables_(num_variables) {}

  std::int32_t num_variables() const { return num_variables_; }
  std::size_t num_clauses() const { return starts_.size() - 1; }
  std::size_t num_literals() const { return literals_.size(); }

  std::span<const Literal> clause(std::size_t index) const {
    assert(index + 1 < starts_.size());
    return {literals_.data() + starts_[index], literals_.data() + starts_[index + 1]};
  }

  // An empty clause is not stored: it only makes the formula unsatisfiable.
  bool has_empty_clause() const { return has_empty_clause_; }
  void add_empty_clause() { has_empty_clause_ = true; }

  // Adds a clause whose literals are in range, distinct and not complementary.
  void add_clause(std::span<const Literal> clause) {
    assert(!clause.empty());
    literals_.insert(literals_.end(), clause.begin(), clause.end());
    starts_.push_back(literals_.size());
  }

 private:
  std::int32_t num_variables_ = 0;
  std::vector<Literal> literals_;
  std::vector<std::size_t> starts_{0};
  bool has_empty_clause_ = false;
};

// The variables that occur in some clause, in increasing order: those a model
// lists (the others may take either value).
inline std::vector<std::int32_t> occurring_variables(const CnfFormula& formula) {
  std::vector<bool> occurs(static_cast<std::size_t>(formula.num_variables()) + 1, false);
  for (std::size_t c = 0; c < formula.num_clauses(); ++c)
    for (Literal l : formula.clause(c)) occurs[static_cast<std::size_t>(l < 0 ? -l : l)] = true;
  std::vector<std::int32_t> variables;
  for (std::int32_t v = 1; v <= formula.num_variables(); ++v)
    if (occurs[static_cast<std::size_t>(v)]) variables.push_back(v);
  return variables;
}

}  // namespace stacksplit::apps::sat
