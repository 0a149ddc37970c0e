#pragma once
// Checks a model against the clauses as read, independently of the solver's
// data structures: a model the front end prints has passed through here.
//
// A model is a list of literals in increasing order of variable, at most one
// per variable, each within the header's variables. It may be partial (the
// SAT competition allows it): a variable it leaves out may take either value,
// so a clause is satisfied only by a literal the model holds.

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <optional>
#include <span>

#include "apps/sat/cnf/cnf_formula.hpp"

namespace stacksplit::apps::sat {

inline bool is_well_formed_model(const CnfFormula& formula, std::span<const Literal> model) {
  Literal previous = 0;
  for (Literal l : model) {
    const Literal v = std::abs(l);
    if (v <= previous || v > formula.num_variables()) return false;
    previous = v;
  }
  return true;
}

// Whether a well-formed model holds the literal `l`.
inline bool holds(std::span<const Literal> model, Literal l) {
  auto at = std::lower_bound(model.begin(), model.end(), std::abs(l),
                             [](Literal m, Literal v) { return std::abs(m) < v; });
  return at != model.end() && *at == l;
}

// The index of the first clause the model does not satisfy, if any. The model
// must be well formed.
inline std::optional<std::size_t> first_falsified_clause(const CnfFormula& formula,
                                                         std::span<const Literal> model) {
  for (std::size_t c = 0; c < formula.num_clauses(); ++c) {
    auto clause = formula.clause(c);
    if (std::none_of(clause.begin(), clause.end(), [&](Literal l) { return holds(model, l); }))
      return c;
  }
  return std::nullopt;
}

inline bool satisfies(const CnfFormula& formula, std::span<const Literal> model) {
  return !formula.has_empty_clause() && is_well_formed_model(formula, model) &&
         !first_falsified_clause(formula, model);
}

}  // namespace stacksplit::apps::sat
