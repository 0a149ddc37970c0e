#pragma once
// `stacksplit analyze RECORDS.jsonl... [--efficiency 0.5,0.7] [--out DIR]
//  [--group-by scheme,machine,...] [--no-render]`: reads run records, prints
// the efficiency tables and isoefficiency fits, and with --out writes CSV,
// gnuplot plots and Extra-P input files into DIR.

#include <ostream>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace stacksplit::analysis {

struct AnalyzeOptions {
  std::vector<std::string> record_files;
  std::vector<double> efficiencies{0.5};  // targets for the isoefficiency curves
  std::string out_dir;                    // empty: print only
  std::vector<std::string> group_by;      // empty: every field of kSeriesFields
  bool render = true;                     // run gnuplot on the plot scripts
  std::string gnuplot = "gnuplot";
};

// Runs the analysis and prints to `out`. Bad records and unwritable output
// are AnalysisErrors, bad option values OptionErrors.
void run_analyze(const AnalyzeOptions& options, std::ostream& out);

// Registers the `analyze` subcommand on the front end.
void add_analyze_command(CLI::App& app);

}  // namespace stacksplit::analysis
