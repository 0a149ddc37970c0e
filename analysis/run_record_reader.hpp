#pragma once
// Reads run records, one JSON object a line (JSON Lines), and refuses any
// record the analysis could misread. Every error is an AnalysisError whose
// message starts with `SOURCE:LINE:` and says what is wrong with which field.

#include <filesystem>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/run_record.hpp"

namespace stacksplit::analysis {

// One line of a record file; `source` and `line` only label messages.
RunRecord parse_run_record(std::string_view text, const std::string& source, int line);

// Every record of a stream; blank lines are skipped.
std::vector<RunRecord> read_run_records(std::istream& in, const std::string& source);

// Every record of a file; a file that cannot be opened is an AnalysisError.
std::vector<RunRecord> read_run_records_file(const std::filesystem::path& path);

}  // namespace stacksplit::analysis
