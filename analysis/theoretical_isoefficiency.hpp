#pragma once
// What the literature predicts for the isoefficiency of a scheme on a machine,
// to print beside a fitted W(P). Only values with a source are listed; for
// anything else the answer is "not given", never a guess.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "analysis/model_fit.hpp"

namespace stacksplit::analysis {

enum class Architecture { kHypercube, kMesh, kWorkstationNetwork };

std::string_view architecture_name(Architecture architecture);

// The architecture a run record's machine model stands for; nullopt for
// "none" (real threads or MPI ranks) and for models the literature does not
// cover.
std::optional<Architecture> architecture_of_machine(std::string_view machine);

struct TheoreticalIsoefficiency {
  std::string_view scheme;  // as in run records, e.g. "grr_m"
  Architecture architecture;
  std::string_view formula;  // as printed, e.g. "O(P^2 log P)"
  // The O() upper bound as P^a·log2(P)^b, so a fitted W(P) can be judged
  // within it or growing faster; it need not be one of the fitted forms
  // (log^3 P is not). Nullopt when the formula is no such bound (NN's
  // exponent depends on the split fraction alpha, which records do not give).
  std::optional<Hypothesis> bound;
  std::string_view source;
};

std::span<const TheoreticalIsoefficiency> theoretical_isoefficiency_table();

// The entry for a scheme (any case; '-' reads as '_') on a machine model.
const TheoreticalIsoefficiency* find_theoretical_isoefficiency(std::string_view scheme,
                                                               std::string_view machine);

// A fitted W(P) against an O() bound: the fitted term grows no faster (its
// exponent of P is smaller, or equal with no larger power of log P), or it
// grows faster. An upper bound cannot be contradicted by slower growth, so
// "within" is all a fit below the bound can say.
enum class BoundVerdict { kWithinBound, kFasterThanBound };

BoundVerdict judge_against_bound(const Hypothesis& fitted, const Hypothesis& bound);

// The verdict in words, naming both forms, and how much each grows over the
// fitted P, since the verdict is asymptotic and a form that outgrows the
// bound in the end may still grow less over the measured range:
// "within the bound: the fitted P^(7/4)*log2(P)^2 grows more slowly than
// P^2*log2(P) (P = 16 to 256: 197x against 512x)".
std::string describe_verdict(BoundVerdict verdict, const Hypothesis& fitted,
                             const Hypothesis& bound, double smallest_p, double largest_p);

// One line for a report: the formula and its source, or why there is none.
// Empty scheme or machine means the series pools several.
std::string describe_theoretical_isoefficiency(std::string_view scheme, std::string_view machine);

}  // namespace stacksplit::analysis
