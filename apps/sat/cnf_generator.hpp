#pragma once
// Formulas made on purpose: uniform random k-SAT (the benchmark family of the
// Davis–Putnam experiments, hardest near 4.26 clauses per variable for k = 3)
// and the pigeon-hole principle (unsatisfiable, hard for resolution).
// The same seed gives the same formula on every platform: the generator uses
// its own integer draws, not the standard library's distributions.

#include <cstdint>
#include <ostream>
#include <string_view>

#include "apps/sat/cnf_formula.hpp"

namespace stacksplit::apps::sat {

// `clauses` clauses of `k` distinct variables each, signs at random.
// Throws std::invalid_argument if k is 0 or exceeds `variables`.
CnfFormula random_ksat(std::int32_t variables, std::uint64_t clauses, std::int32_t k,
                       std::uint64_t seed);

// round(ratio · variables) clauses.
std::uint64_t clauses_for_ratio(std::int32_t variables, double ratio);

// `holes` + 1 pigeons in `holes` holes: every pigeon in some hole, no two
// pigeons in one hole. Unsatisfiable for holes ≥ 1.
CnfFormula pigeon_hole(std::int32_t holes);

// Writes DIMACS text; `comment` lines come first, each prefixed with "c ".
void write_dimacs(std::ostream& out, const CnfFormula& formula, std::string_view comment = {});

}  // namespace stacksplit::apps::sat
