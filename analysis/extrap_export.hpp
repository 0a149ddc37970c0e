#pragma once
// Isoefficiency curves in Extra-P's text input format, so the measured W(P)
// can be modelled and viewed with Extra-P itself:
//   PARAMETER p
//   POINTS (2) (4) (8)
//   REGION rp
//   METRIC isoefficiency_W_E0.5
//   DATA 123.4
//   ...            (one DATA line per point, in POINTS order)
// One file per series and target efficiency, holding the P at which W(P)
// could be read off; a curve with no such P gets no file.

#include <filesystem>
#include <ostream>
#include <vector>

#include "analysis/analysis_result.hpp"

namespace stacksplit::analysis {

// The text of one curve; false (and nothing written) when it has no point.
bool write_extrap_text(const IsoefficiencyResult& iso, const std::string& region,
                       std::ostream& out);

// One file per curve into `directory`, named extrap_<series>_E<target>.txt;
// returns their paths.
std::vector<std::filesystem::path> write_extrap_files(const AnalysisResult& result,
                                                      const std::filesystem::path& directory);

}  // namespace stacksplit::analysis
