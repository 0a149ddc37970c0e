#include "apps/sat/sat_command.hpp"

#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>

#include "apps/cli/search_command.hpp"
#include "apps/sat/dimacs_reader.hpp"
#include "apps/sat/dpll_space.hpp"
#include "apps/sat/model_check.hpp"
#include "core/runtime/mpi_runtime.hpp"

namespace stacksplit::apps::sat {

namespace {

constexpr int kExitSatisfiable = 10;
constexpr int kExitUnsatisfiable = 20;
constexpr std::size_t kMaxLineWidth = 80;  // SAT competition: v lines are short
constexpr std::uint32_t kQuantum = 16;

struct SatOptions {
  std::string file;
  bool count = false;
  std::string heuristic = "lookahead";
  bool strict = false;
  double time_limit = 0;  // seconds; 0: none
  cli::CommonOptions common;
};

void print_model(std::ostream& out, const DpllSpace::Solution& model) {
  std::string line = "v";
  auto emit = [&](Literal l) {
    std::string token = std::to_string(l);
    if (line.size() + 1 + token.size() > kMaxLineWidth) {
      out << line << '\n';
      line = "v";
    }
    line += ' ';
    line += token;
  };
  for (Literal l : model) emit(l);
  emit(0);
  out << line << '\n';
}

std::string seconds(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", value);
  return text;
}

template <class Result>
void print_statistics(std::ostream& out, const Result& result) {
  const core::WorkerStatistics& total = result.total;
  out << "c nodes " << total.nodes << " (dead ends " << total.dead_ends << ", leaves "
      << total.leaves << ", replayed " << total.replayed << ")\n";
  out << "c propagations " << total.node_cost << '\n';
  out << "c time " << seconds(result.seconds) << " s"
      << (result.time_kind == "virtual" ? " (virtual)" : "") << '\n';
  out << "c transfers " << total.work_sent << ", requests " << total.requests_sent << ", rejects "
      << total.rejects_sent << '\n';
  int rank = 0;
  for (const core::WorkerStatistics& worker : result.per_worker) {
    out << "c worker " << rank++ << ": nodes " << worker.nodes << ", idle "
        << seconds(worker.idle_seconds) << " s, steals " << worker.work_received << '\n';
  }
}

void run(const SatOptions& options) {
  cli::CommonOptions common = options.common;
  common.mode = options.count ? "count" : "first";
  // The summary is ours, as c lines; the run record is still written.
  common.quiet = true;
  (void)cli::make_run_setup(common);  // bad options end here, before the file is read

  DimacsOptions read_options;
  read_options.strict = options.strict;
  DimacsInput input = read_dimacs(options.file, read_options);
  // Under mpirun every rank reads the file; only rank 0 speaks, as it alone reports.
  const bool speaks = core::mpirun_rank().value_or(0) == 0;
  if (speaks)
    for (const std::string& warning : input.warnings) std::cerr << "c warning: " << warning << '\n';

  DpllOptions solver_options;
  solver_options.heuristic = parse_heuristic(options.heuristic);
  if (options.time_limit > 0)
    solver_options.time_limit = std::make_shared<TimeLimit>(options.time_limit);

  if (!options.common.quiet && speaks) {
    std::cout << "c stacksplit sat " << options.file << ": " << input.formula.num_variables()
              << " variables, " << input.formula.num_clauses() << " clauses (" << input.tautologies
              << " tautologies dropped), heuristic " << options.heuristic << ", " << common.workers
              << " workers, scheme " << common.scheme << ", runtime " << common.runtime << '\n';
  }

  const DpllSpace prototype(input.formula, solver_options);
  auto result =
      cli::run_and_report<DpllSpace>(common, "sat", options.file, [&] { return prototype; });
  if (!result.reporting) return;
  if (!options.common.quiet) print_statistics(std::cout, result);

  if (result.solution) {
    // Never print a model that has not been checked against the clauses read.
    const DpllSpace::Solution& model = *result.solution;
    if (!is_well_formed_model(input.formula, model)) {
      throw std::runtime_error("internal error: the solver returned a malformed model");
    }
    if (auto clause = first_falsified_clause(input.formula, model)) {
      throw std::runtime_error("internal error: the model falsifies clause " +
                               std::to_string(*clause + 1));
    }
  }
  const bool cut = solver_options.time_limit && solver_options.time_limit->cut();
  if (options.count) {
    // Weights saturate at 2^64 − 1: then the count is a lower bound.
    const std::uint64_t models = result.total.solutions;
    const bool saturated = models == std::numeric_limits<std::uint64_t>::max();
    std::cout << "c models " << (cut || saturated ? "at least " : "") << models
              << (cut         ? " (time limit reached)"
                  : saturated ? " (saturated)"
                              : "")
              << '\n';
  }
  if (result.solution) {
    std::cout << "s SATISFIABLE\n";
    print_model(std::cout, *result.solution);
    cli::set_exit_status(kExitSatisfiable);
  } else if (cut) {
    std::cout << "s UNKNOWN\n";
    cli::set_exit_status(0);
  } else {
    std::cout << "s UNSATISFIABLE\n";
    cli::set_exit_status(kExitUnsatisfiable);
  }
}

}  // namespace

void add_sat_command(CLI::App& app) {
  auto options = std::make_shared<SatOptions>();
  CLI::App* command =
      app.add_subcommand("sat", "decide (or count the models of) a DIMACS CNF formula with DPLL");
  command->add_option("file", options->file, "DIMACS CNF file (plain, .gz, .bz2, .xz; - for stdin)")
      ->required();
  command->add_flag("--count", options->count, "count all models instead of stopping at one");
  command->add_option("--heuristic", options->heuristic, "branching heuristic: jw or lookahead")
      ->check(CLI::IsMember({"jw", "lookahead"}))
      ->capture_default_str();
  command->add_flag("--strict", options->strict,
                    "a clause count that differs from the header is an error");
  command
      ->add_option("--time-limit", options->time_limit,
                   "seconds before giving up with s UNKNOWN (default: none)")
      ->check(CLI::PositiveNumber);
  // A DPLL node costs tens of microseconds (a look-ahead), so look at the
  // mailbox more often than the engine's default: a thief waits less.
  options->common.quantum = kQuantum;
  cli::add_common_options(*command, options->common);
  // Decide or count is --count's to say; a second way would only disagree.
  command->remove_option(command->get_option("--mode"));
  command->callback([options] { run(*options); });
}

}  // namespace stacksplit::apps::sat
