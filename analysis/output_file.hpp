#pragma once
// Writing one output file of the analysis (CSV, plot data, gnuplot script,
// Extra-P input) with a printable error when the file cannot be written.

#include <filesystem>
#include <functional>
#include <ostream>

namespace stacksplit::analysis {

// Creates the parent directory if needed, lets `write` fill the file, and
// returns `path`; failure to create or write is an AnalysisError naming it.
std::filesystem::path write_output_file(const std::filesystem::path& path,
                                        const std::function<void(std::ostream&)>& write);

}  // namespace stacksplit::analysis
