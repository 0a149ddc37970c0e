#include "apps/sat/cnf_generator.hpp"

#include <cmath>
#include <random>
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
