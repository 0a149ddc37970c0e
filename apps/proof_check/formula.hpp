#pragma once
// A CNF formula as the proof checker holds it: its own type, apart from the
// SAT solver's, so that the checker shares no code with what it checks.
// Literals are DIMACS integers (variable v: v or -v); the clauses lie in one
// array, each followed by a 0.

#include <cstdint>
#include <initializer_list>
#include <span>
#include <vector>

namespace stacksplit::apps::proof_check {

using Literal = std::int32_t;

// Variables beyond this are refused, in the formula and in the proof (a
// checker allocates per variable; a number in a file must not exhaust memory
// on its own).
inline constexpr std::int32_t kMaxVariable = 1 << 24;

class Formula {
 public:
  explicit Formula(std::int32_t num_variables = 0) : num_variables_(num_variables) {}

  std::int32_t num_variables() const { return num_variables_; }
  std::uint64_t num_clauses() const { return num_clauses_; }
  bool has_empty_clause() const { return has_empty_clause_; }

  // Literals must lie within the variables (a programming error otherwise;
  // the reader refuses such files first).
  void add_clause(std::span<const Literal> clause) {
    for (Literal literal : clause) literals_.push_back(literal);
    literals_.push_back(0);
    ++num_clauses_;
    if (clause.empty()) has_empty_clause_ = true;
  }
  void add_clause(std::initializer_list<Literal> clause) {
    add_clause(std::span<const Literal>(clause.begin(), clause.size()));
  }

  // Calls f(std::span<const Literal>) for every clause, in order.
  template <class F>
  void for_each_clause(F&& f) const {
    std::size_t start = 0;
    for (std::size_t i = 0; i < literals_.size(); ++i) {
      if (literals_[i] != 0) continue;
      f(std::span<const Literal>(literals_.data() + start, i - start));
      start = i + 1;
    }
  }

 private:
  std::int32_t num_variables_;
  std::uint64_t num_clauses_ = 0;
  bool has_empty_clause_ = false;
  std::vector<Literal> literals_;
};

}  // namespace stacksplit::apps::proof_check
