#include "apps/sat/cnf/cnf_generator.hpp"

#include <cmath>
#include <initializer_list>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace stacksplit::apps::sat {

namespace {

// A uniform draw in [0, bound) by rejection, identical on every platform.
std::uint64_t draw_below(std::mt19937_64& rng, std::uint64_t bound) {
  std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
  std::uint64_t x;
  do {
    x = rng();
  } while (x >= limit);
  return x % bound;
}

}  // namespace

CnfFormula random_ksat(std::int32_t variables, std::uint64_t clauses, std::int32_t k,
                       std::uint64_t seed) {
  if (k < 1 || k > variables) {
    throw std::invalid_argument("random k-SAT needs 1 <= k <= variables (k = " + std::to_string(k) +
                                ", variables = " + std::to_string(variables) + ")");
  }
  std::mt19937_64 rng(seed);
  CnfFormula formula(variables);
  std::vector<Literal> clause;
  for (std::uint64_t c = 0; c < clauses; ++c) {
    clause.clear();
    while (clause.size() < static_cast<std::size_t>(k)) {
      Literal v = static_cast<Literal>(draw_below(rng, static_cast<std::uint64_t>(variables))) + 1;
      bool repeated = false;
      for (Literal l : clause) repeated = repeated || std::abs(l) == v;
      if (repeated) continue;
      clause.push_back(draw_below(rng, 2) ? v : -v);
    }
    formula.add_clause(clause);
  }
  return formula;
}

std::uint64_t clauses_for_ratio(std::int32_t variables, double ratio) {
  return static_cast<std::uint64_t>(std::llround(ratio * variables));
}

CnfFormula pigeon_hole(std::int32_t holes) {
  if (holes < 1) throw std::invalid_argument("pigeon-hole needs at least one hole");
  const std::int32_t pigeons = holes + 1;
  // Variable p·holes + h + 1: pigeon p sits in hole h.
  auto sits = [holes](std::int32_t p, std::int32_t h) { return p * holes + h + 1; };
  CnfFormula formula(pigeons * holes);
  std::vector<Literal> clause;
  for (std::int32_t p = 0; p < pigeons; ++p) {
    clause.clear();
    for (std::int32_t h = 0; h < holes; ++h) clause.push_back(sits(p, h));
    formula.add_clause(clause);
  }
  for (std::int32_t h = 0; h < holes; ++h) {
    for (std::int32_t p = 0; p < pigeons; ++p) {
      for (std::int32_t q = p + 1; q < pigeons; ++q) {
        Literal pair[2] = {-sits(p, h), -sits(q, h)};
        formula.add_clause(pair);
      }
    }
  }
  return formula;
}

namespace {

// Clauses saying a ⊕ b ⊕ c = parity (each literal may be negative).
void add_xor(CnfFormula& formula, Literal a, Literal b, Literal c, bool parity) {
  // Forbid every assignment of the wrong parity: one clause each.
  for (int bits = 0; bits < 8; ++bits) {
    const bool x = bits & 1, y = bits & 2, z = bits & 4;
    if ((x ^ y ^ z) == parity) continue;
    Literal clause[3] = {x ? -a : a, y ? -b : b, z ? -c : c};
    formula.add_clause(clause);
  }
}

}  // namespace

CnfFormula xor_chains(std::int32_t inputs, bool satisfiable) {
  if (inputs < 2) throw std::invalid_argument("xor chains need at least 2 inputs");
  // Variables: inputs 1..n, then the up chain's n−1 partial parities, then
  // the down chain's.
  const std::int32_t n = inputs;
  CnfFormula formula(n + 2 * (n - 1));
  auto up = [n](std::int32_t i) { return n + i; };            // parity of x1..x(i+1), i ≥ 1
  auto down = [n](std::int32_t i) { return 2 * n - 1 + i; };  // parity of xn..x(n−i), i ≥ 1
  // up(1) = x1 ⊕ x2; up(i) = up(i−1) ⊕ x(i+1).
  add_xor(formula, 1, 2, up(1), false);
  for (std::int32_t i = 2; i < n; ++i) add_xor(formula, up(i - 1), i + 1, up(i), false);
  add_xor(formula, n, n - 1, down(1), false);
  for (std::int32_t i = 2; i < n; ++i) add_xor(formula, down(i - 1), n - i, down(i), false);
  // Both end in the parity of all inputs: ask them to differ, or to agree.
  const Literal differ[2] = {up(n - 1), down(n - 1)};
  const Literal differ_too[2] = {-up(n - 1), -down(n - 1)};
  const Literal agree[2] = {up(n - 1), -down(n - 1)};
  const Literal agree_too[2] = {-up(n - 1), down(n - 1)};
  formula.add_clause(satisfiable ? agree : differ);
  formula.add_clause(satisfiable ? agree_too : differ_too);
  return formula;
}

CnfFormula counter_bmc(std::int32_t bits, std::int32_t steps, std::uint64_t target) {
  if (bits < 1 || bits > 62) throw std::invalid_argument("counter bits must be in 1..62");
  if (steps < 1) throw std::invalid_argument("the unrolling needs at least 1 step");
  // Per step t: state bits s(t, i) for t = 0..steps, enable e(t) and carries
  // c(t, i) for t < steps.
  const std::int32_t per_step = 2 * bits + 1;
  auto state = [&](std::int32_t t, std::int32_t i) { return t * per_step + i + 1; };
  auto enable = [&](std::int32_t t) { return t * per_step + bits + 1; };
  auto carry = [&](std::int32_t t, std::int32_t i) { return t * per_step + bits + 2 + i; };
  CnfFormula formula(steps * per_step + bits);
  auto clause = [&formula](std::initializer_list<Literal> literals) {
    formula.add_clause(std::span<const Literal>(literals.begin(), literals.size()));
  };
  for (std::int32_t i = 0; i < bits; ++i) clause({-state(0, i)});
  for (std::int32_t t = 0; t < steps; ++t) {
    for (std::int32_t i = 0; i < bits; ++i) {
      // c(t,0) = e(t); c(t,i) = c(t,i−1) ∧ s(t,i−1).
      if (i == 0) {
        clause({-carry(t, 0), enable(t)});
        clause({carry(t, 0), -enable(t)});
      } else {
        clause({-carry(t, i), carry(t, i - 1)});
        clause({-carry(t, i), state(t, i - 1)});
        clause({carry(t, i), -carry(t, i - 1), -state(t, i - 1)});
      }
      // s(t+1,i) = s(t,i) ⊕ c(t,i).
      add_xor(formula, state(t + 1, i), state(t, i), carry(t, i), false);
    }
  }
  for (std::int32_t i = 0; i < bits; ++i)
    clause({(target >> i) & 1 ? state(steps, i) : -state(steps, i)});
  return formula;
}

CnfFormula van_der_waerden(std::int32_t k, std::int32_t n) {
  if (k < 2) throw std::invalid_argument("van der Waerden progressions need length k >= 2");
  if (n < 1) throw std::invalid_argument("van der Waerden needs n >= 1");
  CnfFormula formula(n);
  std::vector<Literal> all_true(static_cast<std::size_t>(k));
  std::vector<Literal> all_false(static_cast<std::size_t>(k));
  for (std::int32_t step = 1; static_cast<std::int64_t>(step) * (k - 1) < n; ++step) {
    for (std::int32_t first = 1; first + static_cast<std::int64_t>(step) * (k - 1) <= n; ++first) {
      for (std::int32_t i = 0; i < k; ++i) {
        const Literal x = first + i * step;
        all_true[static_cast<std::size_t>(i)] = -x;
        all_false[static_cast<std::size_t>(i)] = x;
      }
      formula.add_clause(all_true);
      formula.add_clause(all_false);
    }
  }
  return formula;
}

void write_dimacs(std::ostream& out, const CnfFormula& formula, std::string_view comment) {
  std::size_t begin = 0;
  while (begin < comment.size()) {
    std::size_t end = comment.find('\n', begin);
    if (end == std::string_view::npos) end = comment.size();
    out << "c " << comment.substr(begin, end - begin) << '\n';
    begin = end + 1;
  }
  std::size_t clauses = formula.num_clauses() + (formula.has_empty_clause() ? 1 : 0);
  out << "p cnf " << formula.num_variables() << ' ' << clauses << '\n';
  for (std::size_t c = 0; c < formula.num_clauses(); ++c) {
    for (Literal l : formula.clause(c)) out << l << ' ';
    out << "0\n";
  }
  if (formula.has_empty_clause()) out << "0\n";
}

}  // namespace stacksplit::apps::sat
