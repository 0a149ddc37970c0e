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
  // The same as a normal-form term when it is one of the fitted forms, so a
  // fit can be said to agree or differ; nullopt otherwise.
  std::optional<Hypothesis> form;
  std::string_view source;
};

std::span<const TheoreticalIsoefficiency> theoretical_isoefficiency_table();

// The entry for a scheme (any case; '-' reads as '_') on a machine model.
const TheoreticalIsoefficiency* find_theoretical_isoefficiency(std::string_view scheme,
                                                               std::string_view machine);

// One line for a report: the formula and its source, or why there is none.
// Empty scheme or machine means the series pools several.
std::string describe_theoretical_isoefficiency(std::string_view scheme, std::string_view machine);

}  // namespace stacksplit::analysis
