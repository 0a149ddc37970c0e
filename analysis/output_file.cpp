#include "analysis/output_file.hpp"

#include <fstream>
#include <system_error>

#include "analysis/analysis_error.hpp"

namespace stacksplit::analysis {

std::filesystem::path write_output_file(const std::filesystem::path& path,
                                        const std::function<void(std::ostream&)>& write) {
  std::error_code error;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), error);
  if (error) {
    throw AnalysisError(path.parent_path().string() +
                        ": cannot create the directory: " + error.message());
  }
  std::ofstream out(path);
  if (!out) throw AnalysisError(path.string() + ": cannot open for writing");
  write(out);
  out.flush();
  if (!out) throw AnalysisError(path.string() + ": write failed");
  return path;
}

}  // namespace stacksplit::analysis
