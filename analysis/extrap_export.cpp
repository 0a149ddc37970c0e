#include "analysis/extrap_export.hpp"

#include <cctype>
#include <sstream>

#include "analysis/output_file.hpp"

namespace stacksplit::analysis {
namespace {

// Extra-P splits its lines at whitespace, and the name also becomes a file
// name: keep letters, digits, '.', '-' and '_'.
std::string identifier(const std::string& text) {
  std::string result;
  for (char c : text) {
    bool keep = std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_';
    result += keep ? c : '_';
  }
  return result.empty() ? "series" : result;
}

std::string number(double value) {
  std::ostringstream out;
  out.precision(15);
  out << value;
  return out.str();
}

}  // namespace

bool write_extrap_text(const IsoefficiencyResult& iso, const std::string& region,
                       std::ostream& out) {
  std::vector<const IsoPoint*> points;
  for (const IsoPoint& p : iso.curve.points) {
    if (p.estimate.problem_size) points.push_back(&p);
  }
  if (points.empty()) return false;
  out << "PARAMETER p\nPOINTS";
  for (const IsoPoint* p : points) out << " (" << p->workers << ")";
  out << "\nREGION " << identifier(region) << "\nMETRIC isoefficiency_W_E"
      << number(iso.curve.target_efficiency) << "\n";
  for (const IsoPoint* p : points) out << "DATA " << number(*p->estimate.problem_size) << "\n";
  return true;
}

std::vector<std::filesystem::path> write_extrap_files(const AnalysisResult& result,
                                                      const std::filesystem::path& directory) {
  std::vector<std::filesystem::path> files;
  for (const IsoefficiencyResult& iso : result.isoefficiency) {
    std::ostringstream text;
    const std::string region = result.label(iso.curve.series);
    if (!write_extrap_text(iso, region, text)) continue;
    auto path = directory / ("extrap_" + identifier(region) + "_E" +
                             number(iso.curve.target_efficiency) + ".txt");
    files.push_back(write_output_file(path, [&](std::ostream& out) { out << text.str(); }));
  }
  return files;
}

}  // namespace stacksplit::analysis
