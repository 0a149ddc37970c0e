#include "apps/sat/sat_command.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <memory>
#include <new>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

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
  LookaheadOptions lookahead;
  cli::CommonOptions common;
};

// --time-limit: a positive, finite number of seconds. The message quotes what
// was given (shortened), never a range bound of 300 digits.
const CLI::Validator kPositiveSeconds(
    [](std::string& text) -> std::string {
      char* end = nullptr;
      const double value = std::strtod(text.c_str(), &end);
      if (!text.empty() && *end == '\0' && std::isfinite(value) && value > 0) return {};
      const std::string shown = text.size() > 24 ? text.substr(0, 24) + "..." : text;
      return "expected a positive number of seconds, got '" + shown + "'";
    },
    "SECONDS>0");

// Every --lookahead-* option, from the table in branching_heuristic.hpp.
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

nlohmann::json lookahead_json(const LookaheadOptions& lookahead) {
  nlohmann::json json = nlohmann::json::object();
#define STACKSPLIT_OPTION_TO_JSON(name, type, value, least, most, meaning) \
  json[#name] = lookahead.name;
  STACKSPLIT_SAT_LOOKAHEAD_OPTIONS(STACKSPLIT_OPTION_TO_JSON)
#undef STACKSPLIT_OPTION_TO_JSON
  return json;
}

// The heuristic's counters summed over the workers whose sinks are here
// (under mpirun, rank 0 sees only its own).
struct HeuristicTotals {
  HeuristicStatistics sum;
  std::size_t workers = 0;
};

HeuristicTotals sum_heuristic(const std::vector<std::shared_ptr<HeuristicStatistics>>& sinks) {
  HeuristicTotals totals;
  const HeuristicStatistics zero;
  for (const auto& sink : sinks) totals.sum.add_difference(*sink, zero);
  totals.workers = sinks.size();
  return totals;
}

enum class Answer { kSatisfiable, kUnsatisfiable, kUnknown };

const char* answer_name(Answer answer) {
  switch (answer) {
    case Answer::kSatisfiable:
      return "SAT";
    case Answer::kUnsatisfiable:
      return "UNSAT";
    case Answer::kUnknown:
      break;
  }
  return "UNKNOWN";
}

int exit_status_of(Answer answer) {
  switch (answer) {
    case Answer::kSatisfiable:
      return kExitSatisfiable;
    case Answer::kUnsatisfiable:
      return kExitUnsatisfiable;
    case Answer::kUnknown:
      break;
  }
  return 0;
}

// The model as the solver has it: the variables that occur in some clause. The
// SAT Competition's output rules allow such partial assignments; the others
// occur in no clause, so either value will do.
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
void print_statistics(std::ostream& out, const Result& result, const HeuristicTotals& heuristic) {
  const core::WorkerStatistics& total = result.total;
  out << "c nodes " << total.nodes << " (dead ends " << total.dead_ends << ", leaves "
      << total.leaves << ", replayed " << total.replayed << ")\n";
  out << "c propagations " << total.node_cost << '\n';
  const std::string counted = heuristic.workers == result.per_worker.size()
                                  ? ""
                                  : " (" + std::to_string(heuristic.workers) + " of " +
                                        std::to_string(result.per_worker.size()) + " workers)";
  auto print_counter = [&](std::string name, std::uint64_t value) {
    for (char& c : name)
      if (c == '_') c = ' ';
    out << "c " << name << ' ' << value << counted << '\n';
  };
#define STACKSPLIT_PRINT_COUNTER(name, meaning) print_counter(#name, heuristic.sum.name);
  STACKSPLIT_SAT_HEURISTIC_COUNTERS(STACKSPLIT_PRINT_COUNTER)
#undef STACKSPLIT_PRINT_COUNTER
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

// Reading and indexing allocate what the file asks for; running out of
// memory there is the file's doing, said as its other faults are.
std::string input_name(const std::string& file) { return file == "-" ? "<stdin>" : file; }

void run(const SatOptions& options) {
  cli::CommonOptions common = options.common;
  common.mode = options.count ? "count" : "first";
  // The summary is ours, as c lines; the run record is still written.
  common.quiet = true;
  (void)cli::make_run_setup(common);  // bad options end here, before the file is read

  DimacsOptions read_options;
  read_options.strict = options.strict;
  DpllOptions solver_options;
  solver_options.heuristic = parse_heuristic(options.heuristic);
  solver_options.lookahead = options.lookahead;
  if (options.time_limit > 0)
    solver_options.time_limit = std::make_shared<TimeLimit>(options.time_limit);

  DimacsInput input;
  std::unique_ptr<const DpllSpace> prototype;
  try {
    input = read_dimacs(options.file, read_options);
    prototype = std::make_unique<const DpllSpace>(input.formula, solver_options);
  } catch (const std::bad_alloc&) {
    throw DimacsError(input_name(options.file), 0, "out of memory reading the formula");
  }
  // Under mpirun every rank reads the file; only rank 0 speaks, as it alone reports.
  const bool speaks = core::mpirun_rank().value_or(0) == 0;
  if (speaks)
    for (const std::string& warning : input.warnings) std::cerr << "c warning: " << warning << '\n';

  if (!options.common.quiet && speaks) {
    std::cout << "c stacksplit sat " << options.file << ": " << input.formula.num_variables()
              << " variables, " << input.formula.num_clauses() << " clauses (" << input.tautologies
              << " tautologies dropped), heuristic " << options.heuristic << ", " << common.workers
              << " workers, scheme " << common.scheme << ", runtime " << common.runtime << '\n';
  }

  // One sink per worker built here (per rank under mpirun): the engine owns
  // the spaces, so their heuristics report into these.
  std::vector<std::shared_ptr<HeuristicStatistics>> sinks;
  auto make_space = [&] {
    DpllSpace space = *prototype;
    space.count_heuristic_into(sinks.emplace_back(std::make_shared<HeuristicStatistics>()));
    return space;
  };
  auto cut = [&] { return solver_options.time_limit && solver_options.time_limit->cut(); };
  auto answer_of = [&](const auto& result) {
    if (result.solution_found) return Answer::kSatisfiable;
    return cut() ? Answer::kUnknown : Answer::kUnsatisfiable;
  };
  // Weights saturate at 2^64 − 1: then the count is a lower bound, as it is
  // when the time limit cut the search.
  auto count_is_lower_bound = [&](const auto& result) {
    return cut() || result.total.solutions == std::numeric_limits<std::uint64_t>::max();
  };
  auto app_details = [&](const auto& result) {
    const HeuristicTotals heuristic = sum_heuristic(sinks);
    nlohmann::json counters = nlohmann::json::object();
#define STACKSPLIT_COUNTER_TO_JSON(name, meaning) counters[#name] = heuristic.sum.name;
    STACKSPLIT_SAT_HEURISTIC_COUNTERS(STACKSPLIT_COUNTER_TO_JSON)
#undef STACKSPLIT_COUNTER_TO_JSON
    counters["workers_counted"] = heuristic.workers;
    nlohmann::json details = {
        {"answer", answer_name(answer_of(result))},
        {"heuristic", options.heuristic},
        {"lookahead_options", lookahead_json(options.lookahead)},
        {"heuristic_counters", std::move(counters)},
        {"time_limit_s", nullptr},
        {"time_limit_reached", cut()},
        {"variables", input.formula.num_variables()},
        {"clauses", input.read_clauses},
        {"tautologies", input.tautologies},
    };
    if (options.time_limit > 0) details["time_limit_s"] = options.time_limit;
    // In decide mode the engine's "solutions" is the weight of the model found
    // (2^free variables), not a count: only --count records "models".
    if (options.count) {
      details["models"] = result.total.solutions;
      details["models_lower_bound"] = count_is_lower_bound(result);
    }
    return details;
  };
  auto result =
      cli::run_and_report<DpllSpace>(common, "sat", options.file, make_space, app_details);
  if (!result.reporting) {
    // Under mpirun every rank exits with the answer's status, as rank 0 does.
    cli::set_exit_status(exit_status_of(answer_of(result)));
    return;
  }
  if (!options.common.quiet) print_statistics(std::cout, result, sum_heuristic(sinks));

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
  if (options.count) {
    const std::uint64_t models = result.total.solutions;
    const bool saturated = models == std::numeric_limits<std::uint64_t>::max();
    std::cout << "c models " << (count_is_lower_bound(result) ? "at least " : "") << models
              << (cut()       ? " (time limit reached)"
                  : saturated ? " (saturated)"
                              : "")
              << '\n';
  }
  const Answer answer = answer_of(result);
  switch (answer) {
    case Answer::kSatisfiable:
      std::cout << "s SATISFIABLE\n";
      print_model(std::cout, *result.solution);
      break;
    case Answer::kUnknown:
      std::cout << "s UNKNOWN\n";
      break;
    case Answer::kUnsatisfiable:
      std::cout << "s UNSATISFIABLE\n";
      break;
  }
  cli::set_exit_status(exit_status_of(answer));
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
      ->check(kPositiveSeconds);
  // A DPLL node costs tens of microseconds (a look-ahead), so look at the
  // mailbox more often than the engine's default: a thief waits less.
  options->common.quantum = kQuantum;
  add_lookahead_options(*command, options->lookahead);
  cli::add_common_options(*command, options->common);
  // Decide or count is --count's to say; a second way would only disagree.
  command->remove_option(command->get_option("--mode"));
  command->callback([options] { run(*options); });
}

}  // namespace stacksplit::apps::sat
