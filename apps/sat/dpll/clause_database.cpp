#include "apps/sat/dpll/clause_database.hpp"

#include <algorithm>
#include <cassert>
#include <cstdlib>

namespace stacksplit::apps::sat {

namespace {

// Turns per-literal counts into the starts of a compressed row layout.
std::vector<std::uint32_t> starts_from_counts(const std::vector<std::uint32_t>& counts) {
  std::vector<std::uint32_t> starts(counts.size() + 1, 0);
  for (std::size_t i = 0; i < counts.size(); ++i) starts[i + 1] = starts[i] + counts[i];
  return starts;
}

}  // namespace

Lit ClauseDatabase::from_original(Literal dimacs) const {
  const Literal v = std::abs(dimacs);
  auto at = std::lower_bound(original_variable_.begin(), original_variable_.end(), v);
  assert(at != original_variable_.end() && *at == v);
  const auto inner = static_cast<Lit>(at - original_variable_.begin());
  return 2 * inner + (dimacs < 0 ? 1 : 0);
}

ClauseDatabase::ClauseDatabase(const CnfFormula& formula)
    : has_empty_clause_(formula.has_empty_clause()) {
  // The occurring variables, numbered in increasing order. A table indexed
  // by the declared variables costs what the header says, so it is used only
  // when the header declares no more than a few times the literals; a header
  // declaring millions more sorts the literals' variables instead, O(L log L)
  // and a binary search a literal (qg1-08's 149,000 clauses: 53 ms of the
  // 178 ms before the first probe; the table takes a few).
  const std::size_t declared = static_cast<std::size_t>(formula.num_variables());
  std::vector<std::uint32_t> inner_of;  // per declared variable; kAbsent: occurs nowhere
  constexpr std::uint32_t kAbsent = 0xffffffffU;
  if (declared <= 4 * formula.num_literals() + 1024) {
    inner_of.assign(declared + 1, kAbsent);
    for (std::size_t c = 0; c < formula.num_clauses(); ++c)
      for (Literal l : formula.clause(c)) inner_of[static_cast<std::size_t>(std::abs(l))] = 0;
    for (std::size_t v = 1; v <= declared; ++v) {
      if (inner_of[v] == kAbsent) continue;
      inner_of[v] = static_cast<std::uint32_t>(original_variable_.size());
      original_variable_.push_back(static_cast<Literal>(v));
    }
  } else {
    original_variable_.reserve(formula.num_literals());
    for (std::size_t c = 0; c < formula.num_clauses(); ++c)
      for (Literal l : formula.clause(c)) original_variable_.push_back(std::abs(l));
    std::sort(original_variable_.begin(), original_variable_.end());
    original_variable_.erase(std::unique(original_variable_.begin(), original_variable_.end()),
                             original_variable_.end());
  }
  original_variable_.shrink_to_fit();
  num_variables_ = static_cast<std::uint32_t>(original_variable_.size());
  num_unused_variables_ = static_cast<std::uint32_t>(formula.num_variables()) - num_variables_;
  auto inner = [&](Literal l) -> Lit {
    if (inner_of.empty()) return from_original(l);
    return 2 * inner_of[static_cast<std::size_t>(std::abs(l))] + (l < 0 ? 1 : 0);
  };

  const std::uint32_t literals = 2 * num_variables_;
  std::vector<std::uint32_t> implied_count(literals, 0);
  std::vector<std::uint32_t> ternary_count(literals, 0);
  std::vector<std::uint32_t> wide_count(literals, 0);
  for (std::size_t c = 0; c < formula.num_clauses(); ++c) {
    auto clause = formula.clause(c);
    if (clause.size() == 1) {
      units_.push_back(inner(clause[0]));
    } else if (clause.size() == 2) {
      Lit a = inner(clause[0]);
      Lit b = inner(clause[1]);
      binary_pairs_.push_back(a);
      binary_pairs_.push_back(b);
      ++implied_count[negate(a)];
      ++implied_count[negate(b)];
    } else {
      for (Literal l : clause) {
        const Lit lit = inner(l);
        long_lits_.push_back(lit);
        ++(clause.size() == 3 ? ternary_count : wide_count)[lit];
      }
      long_start_.push_back(static_cast<std::uint32_t>(long_lits_.size()));
    }
  }

  implied_start_ = starts_from_counts(implied_count);
  implied_.resize(implied_start_.back());
  std::vector<std::uint32_t> fill(implied_start_.begin(), implied_start_.end() - 1);
  for (std::size_t i = 0; i < binary_pairs_.size(); i += 2) {
    Lit a = binary_pairs_[i];
    Lit b = binary_pairs_[i + 1];
    implied_[fill[negate(a)]++] = b;  // ¬a → b
    implied_[fill[negate(b)]++] = a;  // ¬b → a
  }

  ternary_start_ = starts_from_counts(ternary_count);
  for (std::uint32_t& start : ternary_start_) start *= 2;  // two partners per clause
  ternary_partners_.resize(ternary_start_.back());
  wide_start_ = starts_from_counts(wide_count);
  wide_occurrences_.resize(wide_start_.back());
  std::vector<std::uint32_t> ternary_fill(ternary_start_.begin(), ternary_start_.end() - 1);
  fill.assign(wide_start_.begin(), wide_start_.end() - 1);
  for (std::uint32_t c = 0; c + 1 < long_start_.size(); ++c) {
    const Lit* clause = long_lits_.data() + long_start_[c];
    const std::uint32_t size = long_start_[c + 1] - long_start_[c];
    if (size == 3) {
      for (std::uint32_t i = 0; i < 3; ++i) {
        ternary_partners_[ternary_fill[clause[i]]++] = clause[(i + 1) % 3];
        ternary_partners_[ternary_fill[clause[i]]++] = clause[(i + 2) % 3];
      }
    } else {
      for (std::uint32_t i = 0; i < size; ++i) wide_occurrences_[fill[clause[i]]++] = c;
    }
  }
}

}  // namespace stacksplit::apps::sat
