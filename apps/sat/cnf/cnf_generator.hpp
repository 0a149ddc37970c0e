#pragma once
// Formulas made on purpose: uniform random k-SAT (the benchmark family of the
// Davis–Putnam experiments, hardest near 4.26 clauses per variable for k = 3),
// the pigeon-hole principle (unsatisfiable, hard for resolution), and two
// structured families where look-ahead DPLL without learning is weak: XOR
// chains in the style of Dubois's gensat instances and a bounded-model-checking
// unrolling of a counter.
// The same seed gives the same formula on every platform: the generator uses
// its own integer draws, not the standard library's distributions.

#include <cstdint>
#include <ostream>
#include <string_view>

#include "apps/sat/cnf/cnf_formula.hpp"

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

// Dubois-style parity chains: two chains of three-variable XORs compute the
// parity of `inputs` variables, one from the first input up, the other from
// the last down, and the two results must differ (unsatisfiable) or agree
// (satisfiable). Each XOR is four clauses of three literals: nothing
// propagates until two of its variables are set, and DPLL without learning
// refutes the chain again under every decision. inputs ≥ 2.
CnfFormula xor_chains(std::int32_t inputs, bool satisfiable);

// Bounded model checking of a `bits`-bit counter, unrolled `steps` steps: it
// starts at 0 and at each step either adds one (an enable input, free) or
// stays; the property asks it to hold `target` after the last step. The
// carry chain makes each enable decision imply a whole next state.
// Satisfiable iff target ≤ steps (and target < 2^bits). bits in 1..62.
CnfFormula counter_bmc(std::int32_t bits, std::int32_t steps, std::uint64_t target);

// Van der Waerden numbers W(2, k): colour 1..n in two colours (a variable
// true or false) so that no arithmetic progression of length k is one colour:
// for every progression, one clause says "not all true" and one "not all
// false". Satisfiable iff n < W(2, k) (W(2,3) = 9, W(2,4) = 35, W(2,5) = 178).
// k ≥ 2, n ≥ 1.
CnfFormula van_der_waerden(std::int32_t k, std::int32_t n);

// Writes DIMACS text; `comment` lines come first, each prefixed with "c ".
void write_dimacs(std::ostream& out, const CnfFormula& formula, std::string_view comment = {});

}  // namespace stacksplit::apps::sat
