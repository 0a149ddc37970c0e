#pragma once
// The analysis as CSV, for spreadsheets and scripts: efficiency.csv (one row
// per configuration), isoefficiency.csv (one row per series, target and P) and
// isoefficiency_models.csv (the chosen model per series and target). Every
// file starts with the grouped fields, so rows can be filtered without parsing
// labels, then the series' label and its legend key in the plots; a value that
// is not computable is an empty field. Numbers are the shortest text that
// reads back as the same double; times are in seconds (wall or virtual, as
// the time_kind column says), sizes in nodes.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/analysis_result.hpp"

namespace stacksplit::analysis {

// Quoted as RFC 4180 asks when it holds a comma, a quote or a line break.
std::string csv_field(std::string_view text);

// Writes the three files into `directory` (created if needed) and returns
// their paths; a file that cannot be written is an AnalysisError.
std::vector<std::filesystem::path> write_csv_files(const AnalysisResult& result,
                                                   const std::filesystem::path& directory);

}  // namespace stacksplit::analysis
