#include "analysis/theoretical_isoefficiency.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

#include "analysis/text_table.hpp"

namespace stacksplit::analysis {
namespace {

// Kumar, Grama & Rao, "Scalable load balancing techniques for parallel
// computers", JPDC 22(1):60-79, 1994 (KGR94). Their isoefficiency analysis
// bounds the load-balancing overhead by V(P)·log W work requests, V(P) being
// the requests until every processor has been asked once, times the cost of a
// request on the architecture.
//
// Read in the text (the technical-report version by Kumar & Grama under the
// same title), section "Effect of quality of splitting function on
// scalability": on the hypercube, random polling needs W = O((1/α)·P·log³P)
// (its eq. 4) and nearest neighbour W = Θ(P^log2(1+1/α)) (its eq. 5), where α
// is the least fraction of the work a split leaves on either side. Some
// summaries cite O(P log^2 P) for random polling on the hypercube; the entry
// follows the text.
//
// The other entries are KGR94's values as commonly cited; the summary table
// of the paper itself could not be re-read when this file was written, so they
// should be checked against it. Left out ("not given") until someone does:
// ARR on the hypercube (cited both as O(P^2 log P) and as O(P^2 log^2 P)),
// ARR and RP on a network of workstations, SB, and every sender-initiated
// scheme (SL, ML, random allocation). A search of the public text available to
// this project (2026-11-22) found the paper's abstract (CiteSeerX
// 10.1.1.42.9026) and the textbook's description of GRR-M (Grama, Gupta,
// Karypis & Kumar, Introduction to Parallel Computing, ch. 11) but neither
// table, so nothing here could be checked against it or added from it.
//
// RP's O(P log^3 P) charges a request log P hops; with cut-through routing
// (the Ncube/2), where a message costs about the same at any distance, the
// same count of requests, V(P)·log W = O(P log P)·log W, gives P log^2 P.
// That is a derivation, not a citation, so it is not an entry; a fit is
// judged against the cited P log^3 P, which P log^2 P lies within.
//
// Every form here is an upper bound (O), so a fit is judged within it or
// growing faster, never "equal"; NN's Theta depends on alpha and gets none.
constexpr std::string_view kRead = "KGR94, section on the quality of splitting";
constexpr std::string_view kCited = "KGR94, as commonly cited";

constexpr std::array kTable = {
    TheoreticalIsoefficiency{"rp", Architecture::kHypercube, "O(P log^3 P) (times 1/alpha)",
                             Hypothesis{{1, 1}, 3}, kRead},
    TheoreticalIsoefficiency{"nn", Architecture::kHypercube,
                             "Theta(P^log2(1+1/alpha)), exponential-like in 1/alpha", std::nullopt,
                             kRead},
    TheoreticalIsoefficiency{"grr", Architecture::kHypercube, "O(P^2 log P)", Hypothesis{{2, 1}, 1},
                             kCited},
    TheoreticalIsoefficiency{"grr_m", Architecture::kHypercube, "O(P log^2 P)",
                             Hypothesis{{1, 1}, 2}, kCited},
    TheoreticalIsoefficiency{"rp", Architecture::kMesh, "O(P^1.5 log^2 P)", Hypothesis{{3, 2}, 2},
                             kCited},
    TheoreticalIsoefficiency{"grr", Architecture::kWorkstationNetwork, "O(P^2 log P)",
                             Hypothesis{{2, 1}, 1}, kCited},
};

std::string normalized_scheme(std::string_view scheme) {
  std::string result;
  for (char c : scheme) {
    result += c == '-' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return result;
}

}  // namespace

BoundVerdict judge_against_bound(const Hypothesis& fitted, const Hypothesis& bound) {
  // Exponents of P compared exactly as fractions: a/b < c/d iff a·d < c·b.
  const long fitted_a = static_cast<long>(fitted.a.numerator) * bound.a.denominator;
  const long bound_a = static_cast<long>(bound.a.numerator) * fitted.a.denominator;
  if (fitted_a != bound_a) {
    return fitted_a < bound_a ? BoundVerdict::kWithinBound : BoundVerdict::kFasterThanBound;
  }
  return fitted.b <= bound.b ? BoundVerdict::kWithinBound : BoundVerdict::kFasterThanBound;
}

std::string describe_verdict(BoundVerdict verdict, const Hypothesis& fitted,
                             const Hypothesis& bound, double smallest_p, double largest_p) {
  std::string text;
  if (verdict == BoundVerdict::kFasterThanBound) {
    text = "grows faster than the bound: the fitted " + fitted.to_string() + " outgrows " +
           bound.to_string();
  } else if (fitted == bound) {
    text = "within the bound: the fitted form is the bound's own, " + bound.to_string();
  } else {
    text = "within the bound: the fitted " + fitted.to_string() + " grows more slowly than " +
           bound.to_string();
  }
  if (fitted == bound || !(smallest_p > 1) || !(largest_p > smallest_p)) return text;
  auto growth = [&](const Hypothesis& h) {
    const double ratio = h.term(largest_p) / h.term(smallest_p);
    // Whole numbers read better than 3.28e+04 for the large ratios.
    return (ratio < 100 ? format_number(ratio, 3) : std::to_string(std::llround(ratio))) + "x";
  };
  return text + " (P = " + format_number(smallest_p) + " to " + format_number(largest_p) + ": " +
         growth(fitted) + " against " + growth(bound) + ")";
}

std::string_view architecture_name(Architecture architecture) {
  switch (architecture) {
    case Architecture::kHypercube:
      return "hypercube";
    case Architecture::kMesh:
      return "mesh";
    case Architecture::kWorkstationNetwork:
      return "network of workstations";
  }
  return "?";
}

std::optional<Architecture> architecture_of_machine(std::string_view machine) {
  if (machine == "ncube2" || machine == "hypercube") return Architecture::kHypercube;
  if (machine == "mesh") return Architecture::kMesh;
  if (machine == "now") return Architecture::kWorkstationNetwork;
  return std::nullopt;
}

std::span<const TheoreticalIsoefficiency> theoretical_isoefficiency_table() { return kTable; }

const TheoreticalIsoefficiency* find_theoretical_isoefficiency(std::string_view scheme,
                                                               std::string_view machine) {
  auto architecture = architecture_of_machine(machine);
  if (!architecture) return nullptr;
  std::string name = normalized_scheme(scheme);
  auto it = std::find_if(kTable.begin(), kTable.end(), [&](const TheoreticalIsoefficiency& e) {
    return e.scheme == name && e.architecture == *architecture;
  });
  return it == kTable.end() ? nullptr : &*it;
}

std::string describe_theoretical_isoefficiency(std::string_view scheme, std::string_view machine) {
  if (scheme.empty()) return "n/a: the series pools several schemes";
  if (machine.empty()) return "n/a: the series pools several machines";
  auto architecture = architecture_of_machine(machine);
  if (!architecture) return "not given for machine \"" + std::string(machine) + "\"";
  const TheoreticalIsoefficiency* entry = find_theoretical_isoefficiency(scheme, machine);
  if (entry == nullptr) {
    return "not given for " + std::string(scheme) + " on a " +
           std::string(architecture_name(*architecture));
  }
  return std::string(entry->formula) + " on a " + std::string(architecture_name(*architecture)) +
         " [" + std::string(entry->source) + "]";
}

}  // namespace stacksplit::analysis
