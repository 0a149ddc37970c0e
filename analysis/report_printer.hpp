#pragma once
// The text report of `stacksplit analyze`: per series, a table of speedup,
// efficiency and overhead by problem and P; then per series and target
// efficiency, W(P), the chosen model with its fit quality, and the
// literature's isoefficiency beside it.

#include <ostream>

#include "analysis/analysis_result.hpp"

namespace stacksplit::analysis {

void print_report(const AnalysisResult& result, std::ostream& out);

}  // namespace stacksplit::analysis
