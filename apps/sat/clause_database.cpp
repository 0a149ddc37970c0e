#include "apps/sat/clause_database.hpp"

namespace stacksplit::apps::sat {

namespace {

// Turns per-literal counts into the starts of a compressed row layout.
std::vector<std::uint32_t> starts_from_counts(const std::vector<std::uint32_t>& counts) {
  std::vector<std::uint32_t> starts(counts.size() + 1, 0);
  for (std::size_t i = 0; i < counts.size(); ++i) starts[i + 1] = starts[i] + counts[i];
  return starts;
}

}  // namespace

ClauseDatabase::ClauseDatabase(const CnfFormula& formula)
    : num_variables_(static_cast<std::uint32_t>(formula.num_variables())),
      has_empty_clause_(formula.has_empty_clause()) {
  const std::uint32_t literals = 2 * num_variables_;
  std::vector<std::uint32_t> implied_count(literals, 0);
  std::vector<std::uint32_t> occurrence_count(literals, 0);
  for (std::size_t c = 0; c < formula.num_clauses(); ++c) {
    auto clause = formula.clause(c);
    if (clause.size() == 1) {
      units_.push_back(to_lit(clause[0]));
    } else if (clause.size() == 2) {
      Lit a = to_lit(clause[0]);
      Lit b = to_lit(clause[1]);
      binary_pairs_.push_back(a);
      binary_pairs_.push_back(b);
      ++implied_count[negate(a)];
      ++implied_count[negate(b)];
    } else {
      for (Literal l : clause) {
        long_lits_.push_back(to_lit(l));
        ++occurrence_count[to_lit(l)];
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

  occurrence_start_ = starts_from_counts(occurrence_count);
  occurrences_.resize(occurrence_start_.back());
  fill.assign(occurrence_start_.begin(), occurrence_start_.end() - 1);
  for (std::uint32_t c = 0; c + 1 < long_start_.size(); ++c) {
    for (std::uint32_t i = long_start_[c]; i < long_start_[c + 1]; ++i) {
      occurrences_[fill[long_lits_[i]]++] = c;
    }
  }
}

}  // namespace stacksplit::apps::sat
