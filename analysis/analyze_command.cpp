#include "analysis/analyze_command.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <memory>

#include "analysis/analysis_error.hpp"
#include "analysis/analysis_result.hpp"
#include "analysis/csv_export.hpp"
#include "analysis/extrap_export.hpp"
#include "analysis/plot_writer.hpp"
#include "analysis/report_printer.hpp"
#include "analysis/run_record_reader.hpp"
#include "analysis/series_grouping.hpp"
#include "analysis/text_table.hpp"

namespace stacksplit::analysis {
namespace {

std::vector<double> checked_targets(std::vector<double> targets) {
  if (targets.empty()) throw OptionError("--efficiency: give at least one target efficiency");
  for (double e : targets) {
    if (!(e > 0 && e < 1)) {
      throw OptionError("--efficiency: a target efficiency lies strictly between 0 and 1, got " +
                        format_number(e));
    }
  }
  std::sort(targets.begin(), targets.end());
  targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
  return targets;
}

void list_files(const std::string& what, const std::vector<std::filesystem::path>& files,
                std::ostream& out) {
  if (files.empty()) return;
  out << "  " << what << ":";
  for (const auto& file : files) out << " " << file.filename().string();
  out << "\n";
}

}  // namespace

void run_analyze(const AnalyzeOptions& options, std::ostream& out) {
  if (options.record_files.empty()) throw OptionError("analyze: give at least one record file");
  const std::vector<double> targets = checked_targets(options.efficiencies);
  const Grouping grouping =
      options.group_by.empty() ? Grouping::by_all_fields() : Grouping::from_names(options.group_by);

  std::vector<RunRecord> records;
  for (const std::string& file : options.record_files) {
    std::vector<RunRecord> more = read_run_records_file(file);
    records.insert(records.end(), more.begin(), more.end());
  }
  if (records.empty()) throw AnalysisError("analyze: the record files hold no run record");

  const AnalysisResult result = analyze_records(records, grouping, targets);
  print_report(result, out);
  if (options.out_dir.empty()) {
    out << "\n(--out DIR writes CSV, plots and Extra-P input files)\n";
    return;
  }

  const std::filesystem::path dir(options.out_dir);
  out << "\nWrote into " << dir.string() << ":\n";
  list_files("CSV", write_csv_files(result, dir), out);
  const PlotOutput plots = write_plots(result, dir, {options.render, options.gnuplot});
  list_files("gnuplot scripts", plots.scripts, out);
  list_files("images", plots.images, out);
  list_files("Extra-P input", write_extrap_files(result, dir), out);
  for (const std::string& note : plots.notes) out << "  note: " << note << "\n";
}

void add_analyze_command(CLI::App& app) {
  auto options = std::make_shared<AnalyzeOptions>();
  CLI::App* command = app.add_subcommand(
      "analyze", "efficiency tables and isoefficiency fits from run records (JSON Lines)");
  command->add_option("records", options->record_files, "run record files (.jsonl)")->required();
  command
      ->add_option("--efficiency,-e", options->efficiencies,
                   "target efficiencies for the isoefficiency curves, comma-separated")
      ->delimiter(',')
      ->capture_default_str();
  command->add_option("--out,-o", options->out_dir,
                      "write CSV, gnuplot plots (PNG, SVG) and Extra-P input files here");
  std::string fields;
  for (const SeriesFieldInfo& info : kSeriesFields) {
    fields += "\n  " + std::string(info.name) + ": " + std::string(info.meaning);
  }
  command
      ->add_option("--group-by,-g", options->group_by,
                   "record fields that tell series apart, comma-separated (default: all but "
                   "machine_nodes and workers_per_node):" +
                       fields)
      ->delimiter(',');
  auto no_render = std::make_shared<bool>(false);
  command->add_flag("--no-render", *no_render, "write the gnuplot scripts without running gnuplot");
  command->callback([options, no_render] {
    options->render = !*no_render;
    run_analyze(*options, std::cout);
  });
}

}  // namespace stacksplit::analysis
