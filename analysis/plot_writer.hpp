#pragma once
// Plots of the analysis as gnuplot scripts with their data, rendered to PNG
// and SVG when gnuplot is there:
//   speedup.gp        speedup vs P, one curve per series (its problem measured
//                     at the most P), with the ideal S = P;
//   efficiency.gp     efficiency vs W, one curve per series and P;
//   isoefficiency.gp  W(P) per series and target E, points with their fits.
// Without gnuplot the scripts and data are still written, and the notes say
// that no image was made, so a user can render them elsewhere.

#include <filesystem>
#include <string>
#include <vector>

#include "analysis/analysis_result.hpp"

namespace stacksplit::analysis {

struct PlotOptions {
  bool render = true;               // run gnuplot on the scripts
  std::string gnuplot = "gnuplot";  // the program, found on PATH
};

struct PlotOutput {
  std::vector<std::filesystem::path> scripts;
  std::vector<std::filesystem::path> data;
  std::vector<std::filesystem::path> images;  // only those gnuplot made
  std::vector<std::string> notes;             // what was skipped and why
};

PlotOutput write_plots(const AnalysisResult& result, const std::filesystem::path& directory,
                       const PlotOptions& options);

}  // namespace stacksplit::analysis
