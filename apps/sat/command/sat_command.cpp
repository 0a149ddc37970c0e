// `stacksplit sat FILE [--count] [--solver auto|dpll|cnc|portfolio]
// [--proof FILE [--proof-format binary|text]] [--cube-cutoff T]
// [--heuristic jw|lookahead] [--strict] [--time-limit S] [--lookahead-* ...]
// [--share-*] [common options]`: the options and the command; the run
// itself is plan/sat_plan.hpp's. Answers in the SAT competition's form:
// `s SATISFIABLE` with `v` lines (the variables that occur in some clause: a
// partial model, as the competition allows) and exit status 10, `s
// UNSATISFIABLE` and 20, `s UNKNOWN` and 0 when the time limit or an
// interrupt cuts the search, 70 for an answer that cannot be trusted
// (members that disagree); statistics as `c` lines. A bad file is exit
// status 1 and one line, `FILE:LINE: what is wrong`.

#include <sstream>
#include <string>
#include <type_traits>

#include "apps/cli/choice_option.hpp"
#include "apps/cli/number_check.hpp"
#include "apps/cli/search_command.hpp"
#include "apps/sat/plan/sat_plan.hpp"
#include "apps/sat/tuning.hpp"

namespace stacksplit::apps::sat {

namespace {

std::vector<cli::OptionNames> option_names() {
  return {cli::option_names("--solver", solver_registry()),
          cli::option_names("--heuristic", heuristic_registry()),
          cli::option_names("--proof-format", proof_format_registry())};
}

// --time-limit: seconds.
const CLI::Validator kPositiveSeconds = cli::finite_number("number of seconds", "SECONDS>0", false);
// --cube-cutoff: a positive, finite threshold.
const CLI::Validator kPositiveCutoff = cli::finite_number("threshold", "THRESHOLD>0", false);

// Every --lookahead-* option, from the table in dpll/branching_heuristic.hpp.
void add_lookahead_options(CLI::App& command, LookaheadOptions& lookahead) {
  auto add = [&command]<class T>(std::string name, T& value, T least, T most,
                                 const std::string& meaning) {
    for (char& c : name)
      if (c == '_') c = '-';
    CLI::Option* option =
        command.add_option("--lookahead-" + name, value, meaning)->capture_default_str();
    if constexpr (std::is_same_v<T, bool>) {
      option->default_str(value ? "true" : "false");
    } else {
      option->check(CLI::Range(least, most));
    }
    option->group("Look-ahead heuristic");
  };
#define STACKSPLIT_ADD_OPTION(name, type, value, least, most, meaning) \
  add(#name, lookahead.name, type{least}, type{most}, meaning);
  STACKSPLIT_SAT_LOOKAHEAD_OPTIONS(STACKSPLIT_ADD_OPTION)
#undef STACKSPLIT_ADD_OPTION
}

// The tuning table (tuning.hpp), for --help.
std::string tuning_text() {
  std::ostringstream out;
  out << "Tuning constants (tuning.hpp; none decides whether CDCL on the whole formula runs):\n";
  for (const TuningConstant& constant : kTuning)
    out << "  " << constant.name << " = " << constant.value << " " << constant.unit << ": "
        << constant.why << " [" << constant.measured_on << "]\n";
  return out.str();
}

void add_command(CLI::App& parent, const cli::AppEntry& app) {
  auto options = std::make_shared<SatOptions>();
  cli::SearchCommand& command = cli::add_search_command(parent, app, {.quantum = kSatQuantum});
  CLI::App& cli = command.cli();
  cli.add_option("file", options->file, "DIMACS CNF file (plain, .gz, .bz2, .xz; - for stdin)")
      ->required();
  cli.add_flag("--count", options->count, "count all models instead of stopping at one");
  cli::add_choice_option(cli, "--heuristic", options->heuristic, heuristic_registry(),
                         "branching heuristic")
      ->capture_default_str();
  cli.add_flag("--strict", options->strict,
               "a clause count that differs from the header is an error");
  cli.add_option("--time-limit", options->time_limit,
                 "seconds before giving up with s UNKNOWN (default: none)")
      ->check(kPositiveSeconds);
  cli::add_choice_option(cli, "--solver", options->solver, solver_registry(), "solver")
      ->capture_default_str();
  cli.add_option("--proof", options->proof,
                 "write a DRAT proof of an UNSAT answer to this file (check it with "
                 "stacksplit check-proof)");
  cli::add_choice_option(cli, "--proof-format", options->proof_format, proof_format_registry(),
                         "the proof's format")
      ->capture_default_str();
  cli.add_option("--cube-cutoff", options->cube_cutoff,
                 "cube-and-conquer: a node is a cube once decisions x assigned variables "
                 "exceeds this (default: adaptive)")
      ->check(kPositiveCutoff);
  cli.add_option("--share-max-size", options->share.max_size,
                 "portfolio: longest learned clause shared (units and binaries always)")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str()
      ->group("Portfolio");
  cli.add_option("--share-budget", options->share.literals_per_second,
                 "portfolio: literals of longer clauses a member may share per second of search")
      ->check(cli::finite_range(0, 1e9))
      ->capture_default_str()
      ->group("Portfolio");
  add_lookahead_options(cli, options->lookahead);
  cli.footer(tuning_text());
  // Decide or count is --count's to say; a second way would only disagree.
  cli.remove_option(cli.get_option("--mode"));
  command.on_run([options](cli::CommandRun& run) { SatPlan(*options, run).run(); });
}

}  // namespace

void register_sat_app(cli::AppRegistry& apps) {
  apps.add({"sat",
            cli::kSearchApp,
            "decide (or count the models of) a DIMACS CNF formula: CDCL, DPLL, cube-and-conquer",
            {&add_command, &option_names}});
}

}  // namespace stacksplit::apps::sat
