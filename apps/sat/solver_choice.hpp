#pragma once
// --solver auto: pure look-ahead DPLL or cube-and-conquer, chosen per formula
// by a probe of the look-ahead tree's first step. Look-ahead DPLL wins where
// a decision implies little and the look-ahead's choice matters (uniform
// random k-SAT: a decision and its failed literals fix a few per cent of the
// variables); CDCL wins where decisions set off long implication chains
// (circuits, bounded model checking), which it learns from and DPLL walks
// again and again, and where what DPLL cannot see without learning is cheap
// for CDCL (parity chains: nothing propagates, yet CDCL refutes them in a few
// hundred conflicts).
//
// Two probes, cheapest first: the look-ahead enters both children of the root
// and measures the larger share of the free variables one of them fixes; if
// that is small, CaDiCaL gets the whole formula for a couple of thousand conflicts.
// Either one saying "CDCL" picks cube-and-conquer; random 3-SAT near the
// threshold passes both (CDCL needs tens of thousands of conflicts there) at
// the cost of one look-ahead node and some ten milliseconds.

#include <cstdint>
#include <string_view>

#include "apps/sat/dpll_space.hpp"

namespace stacksplit::apps::sat {

enum class SolverKind : std::uint8_t { kDpll, kCubeAndConquer };

std::string_view to_string(SolverKind kind);

// A share of the free variables fixed by one root child at or above which
// `auto` picks cube-and-conquer.
inline constexpr double kChainReach = 0.2;

// The larger share of the root's free variables one child of the root
// fixes (0 when the root is closed); `space` is a pure DPLL space, moved.
double root_implication_reach(DpllSpace space);

// Conflicts CaDiCaL is given to decide the whole formula in the second probe.
inline constexpr int kProbeConflicts = 2000;

// Whether CaDiCaL decides `formula` within kProbeConflicts conflicts.
bool cdcl_decides_quickly(const CnfFormula& formula);

// `space` is a pure DPLL space over `formula`.
SolverKind choose_solver(const DpllSpace& space, const CnfFormula& formula);

}  // namespace stacksplit::apps::sat
