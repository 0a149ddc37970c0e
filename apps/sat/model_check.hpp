#pragma once
// Checks a model against the clauses as read, independently of the solver's
// data structures: a model the front end prints has passed through here.

#include <cstddef>
#include <cstdlib>
#include <optional>
#include <span>

#include "apps/sat/cnf_formula.hpp"

namespace stacksplit::apps::sat {

// A model holds one literal per variable, in order: model[v − 1] is v or −v.
inline bool is_well_formed_model(const CnfFormula& formula, std::span<const Literal> model) {
  if (model.size() != static_cast<std::size_t>(formula.num_variables())) return false;
  for (std::size_t i = 0; i < model.size(); ++i) {
    if (static_cast<std::size_t>(std::abs(model[i])) != i + 1) return false;
  }
  return true;
}

// The index of the first clause the model leaves false, if any. The model must
// be well formed.
inline std::optional<std::size_t> first_falsified_clause(const CnfFormula& formula,
                                                         std::span<const Literal> model) {
  for (std::size_t c = 0; c < formula.num_clauses(); ++c) {
    bool satisfied = false;
    for (Literal l : formula.clause(c)) {
      if (model[static_cast<std::size_t>(std::abs(l)) - 1] == l) {
        satisfied = true;
        break;
      }
    }
    if (!satisfied) return c;
  }
  return std::nullopt;
}

inline bool satisfies(const CnfFormula& formula, std::span<const Literal> model) {
  return !formula.has_empty_clause() && is_well_formed_model(formula, model) &&
         !first_falsified_clause(formula, model);
}

}  // namespace stacksplit::apps::sat
