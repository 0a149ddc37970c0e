// `stacksplit sat FILE [--count] [--solver dpll|cnc|auto] [--cube-cutoff T]
// [--heuristic jw|lookahead] [--strict] [--time-limit S] [--lookahead-* ...]
// [common options]`. --solver picks pure look-ahead DPLL or cube-and-conquer
// (CaDiCaL decides the cubes); auto, the default, probes the formula
// (solver_choice.hpp); --count is always pure DPLL (CDCL cannot count). Answers in the SAT
// competition's form: `s SATISFIABLE` with `v` lines (the variables that occur
// in some clause: a partial model, as the competition allows) and exit status
// 10, `s UNSATISFIABLE` and 20, `s UNKNOWN` and 0 when the time limit or an
// interrupt cuts the search; statistics as `c` lines. A bad file is exit
// status 1 and one line, `FILE:LINE: what is wrong`. The run record's
// "app_details" holds the answer, the heuristic, its options, the time limit
// and, with --count, the model count; the heuristic's and cube-and-conquer's
// counters are the record's "app_counters".

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <limits>
#include <memory>
#include <new>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "apps/cli/choice_option.hpp"
#include "apps/cli/number_check.hpp"
#include "apps/cli/number_text.hpp"
#include "apps/cli/search_command.hpp"
#include "apps/sat/cdcl/left_to_exit.hpp"
#include "apps/sat/cdcl/portfolio_space.hpp"
#include "apps/sat/cnf/dimacs_reader.hpp"
#include "apps/sat/cnf/model_check.hpp"
#include "apps/sat/command/sat_output.hpp"
#include "apps/sat/dpll/dpll_space.hpp"
#include "apps/sat/plan/idle_workers_to_race.hpp"
#include "apps/sat/plan/solver_choice.hpp"

namespace stacksplit::apps::sat {

namespace {

constexpr std::uint32_t kQuantum = 16;

struct SatOptions {
  std::string file;
  bool count = false;
  std::string heuristic = "lookahead";
  bool strict = false;
  double time_limit = 0;  // seconds; 0: none
  std::string solver = "auto";
  double cube_cutoff = 0;  // 0: adaptive
  LookaheadOptions lookahead;
  ShareOptions share;
  double stagger = kDefaultStaggerSeconds;  // portfolio on threads (portfolio_space.hpp)
};

// --solver's names: what each solver is, in help, errors and `stacksplit list options`.
const core::Registry<SolverKind>& solver_registry() {
  static const core::Registry<SolverKind> registry = [] {
    core::Registry<SolverKind> r("solver");
    r.add({"auto", "", "chosen per formula by probes (--count: dpll)", SolverKind::kDpll});
    r.add({"dpll", "", "look-ahead DPLL", SolverKind::kDpll});
    r.add({"cnc", "", "cube-and-conquer: CaDiCaL decides the look-ahead's cubes",
           SolverKind::kCubeAndConquer});
    r.add({"portfolio", "", "one CaDiCaL a worker, diversified, sharing short learned clauses",
           SolverKind::kPortfolio});
    return r;
  }();
  return registry;
}

// --heuristic's names.
const core::Registry<Heuristic>& heuristic_registry() {
  static const core::Registry<Heuristic> registry = [] {
    core::Registry<Heuristic> r("heuristic");
    r.add({"lookahead", "", "look-ahead after satz, kcnfs and march (failed literals forced)",
           Heuristic::kLookahead});
    r.add({"jw", "", "Jeroslow-Wang: weights by clause length", Heuristic::kJeroslowWang});
    return r;
  }();
  return registry;
}

std::vector<cli::OptionNames> option_names() {
  return {cli::option_names("--solver", solver_registry()),
          cli::option_names("--heuristic", heuristic_registry())};
}

// --time-limit: seconds.
const CLI::Validator kPositiveSeconds = cli::finite_number("number of seconds", "SECONDS>0", false);
// --stagger: seconds, 0 for none.
const CLI::Validator kSecondsOrZero = cli::finite_number("number of seconds", "SECONDS>=0", true);

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

// --cube-cutoff: a positive, finite threshold.
const CLI::Validator kPositiveCutoff = cli::finite_number("threshold", "THRESHOLD>0", false);

// Reading and indexing allocate what the file asks for; running out of
// memory there is the file's doing, said as its other faults are.
std::string input_name(const std::string& file) { return file == "-" ? "<stdin>" : file; }

// Details of --solver auto's choice for the run record.
nlohmann::json auto_choice_json(const SolverChoice& choice, double probe_seconds) {
  return {
      {"reason", choice.reason},
      {"root_reach", choice.reach},
      {"dives", choice.estimate.dives},
      {"deep_dives", choice.estimate.deep},
      {"dives_over_budget", choice.estimate.over_budget},
      {"estimated_dpll_nodes", choice.estimate.nodes},
      {"estimated_dpll_propagations", choice.estimate.propagations},
      {"estimated_dpll_visits", choice.estimate.visits},
      {"cube_trial",
       {{"samples", choice.cubes.samples},
        {"cdcl_wins", choice.cubes.cdcl_wins},
        {"small_losses", choice.cubes.small_losses},
        {"depth", choice.cubes.depth},
        {"cdcl_conflicts", choice.cubes.cdcl_conflicts},
        {"dpll_visits", choice.cubes.dpll_visits}}},
      {"cdcl_probe_conflicts", choice.cdcl_conflicts},
      {"decided_by_probe",
       choice.whole_formula.has_value() && choice.reason != kDecidedDuringProbes},
      {"probe_seconds", probe_seconds},
  };
}

// What every solver's record says of the run: the formula's size, the time
// limit, auto's choice.
void add_run_details(nlohmann::json& details, const SatOptions& options, const DimacsInput& input,
                     const std::optional<SolverChoice>& choice, double probe_seconds,
                     bool time_limit_reached) {
  details["time_limit_s"] = nullptr;
  if (options.time_limit > 0) details["time_limit_s"] = options.time_limit;
  details["time_limit_reached"] = time_limit_reached;
  details["variables"] = input.formula.num_variables();
  details["clauses"] = input.read_clauses;
  details["tautologies"] = input.tautologies;
  if (choice) details["auto_choice"] = auto_choice_json(*choice, probe_seconds);
}

// Answers, exit status and the model's check, alike for every solver.
// `model` is the search's solution, or the race's model when the race
// decided with no node left to take it.
template <class Result>
void finish(cli::CommandRun& run, const CnfFormula& formula, const Result& result, Answer answer,
            const std::optional<DpllSpace::Solution>& model) {
  // Under mpirun every rank exits with rank 0's answer's status (only rank 0
  // has every rank's counters; another rank may not know the time limit cut
  // somewhere); an interrupted search is s UNKNOWN and exit 0, as the
  // competition asks.
  std::string agreed(1, static_cast<char>('0' + static_cast<int>(answer)));
  run.agree_with_first_rank(agreed);
  answer = static_cast<Answer>(agreed[0] - '0');
  cli::set_exit_status(exit_status_of(answer));
  if (!result.reporting) return;
  if (answer == Answer::kSatisfiable && !model)
    throw std::runtime_error("internal error: the answer is SAT but no model was kept");
  if (model) {
    // Never print a model that has not been checked against the clauses read.
    if (!is_well_formed_model(formula, *model)) {
      throw std::runtime_error("internal error: the solver returned a malformed model");
    }
    if (auto clause = first_falsified_clause(formula, *model)) {
      throw std::runtime_error("internal error: the model falsifies clause " +
                               std::to_string(*clause + 1));
    }
  }
  print_answer(std::cout, answer, model ? &*model : nullptr);
}

// The race's model over the variables that occur in some clause (a model's
// variables, as DpllSpace::Solution lists them).
DpllSpace::Solution race_model(const CnfFormula& formula, const CdclRace& race) {
  DpllSpace::Solution model;
  for (std::int32_t v : occurring_variables(formula)) model.push_back(race.value(v));
  return model;
}

// The race's CaDiCaL, used no more, is left for the process's exit to free
// (left_to_exit.hpp).
void leave_race_to_exit(const std::shared_ptr<CdclRace>& race) {
  if (race && race->solver()) leave_to_exit(race->solver());
}

// --solver portfolio (or auto's choice of it): one CaDiCaL a worker, each
// with its own options, sharing short learned clauses (portfolio_space.hpp).
void run_portfolio(const SatOptions& options, cli::CommandRun& run, const DimacsInput& input,
                   const std::optional<SolverChoice>& choice, double probe_seconds,
                   const std::shared_ptr<TimeLimit>& time_limit,
                   const std::shared_ptr<CdclRace>& race) {
  auto shared = std::make_shared<PortfolioShared>(
      input.formula, static_cast<std::uint32_t>(run.config().workers), options.share, time_limit,
      &run.config().interrupt);
  // The process exits after the search: freeing each member's CaDiCaL would
  // delay the answer (left_to_exit.hpp).
  shared->solvers_left_to_exit = true;
  // One thread a worker: member 0 can run one unsliced call beside the others.
  shared->unsliced_first_member = run.config().runtime == core::RuntimeKind::kThreads;
  if (shared->unsliced_first_member) shared->stagger_seconds = options.stagger;
  // auto's race, running since before the probes, is member 0 (on rank 0).
  if (race && race->runs_here()) {
    race->begin_search(RacePolicy::unlimited());
    shared->first_member_race = race;
  }
  shared->race_elsewhere = race && !race->runs_here();
  auto make_space = [&] { return PortfolioSpace(shared); };
  run.show_in_progress([](const core::WorkerStatistics& total) {
    return "slices " + std::to_string(total.app_counters[0]) + ", conflicts " +
           std::to_string(total.app_counters[1]);
  });
  auto cut = [&] { return time_limit && time_limit->cut(); };
  auto answer_of = [&](const core::RunStatistics& result) {
    if (result.solution_found) return Answer::kSatisfiable;
    return cut() || result.interrupted || !shared->refuted.load() ? Answer::kUnknown
                                                                  : Answer::kUnsatisfiable;
  };
  auto app_details = [&](const core::RunStatistics& result) {
    nlohmann::json counters = nlohmann::json::object();
    for (std::size_t i = 0; i < result.app_counter_names.size(); ++i)
      counters[std::string(result.app_counter_names[i])] = result.total.app_counters[i];
    nlohmann::json per_worker = nlohmann::json::array();
    for (const core::WorkerStatistics& worker : result.per_worker) {
      nlohmann::json one = nlohmann::json::object();
      for (std::size_t i = 0; i < result.app_counter_names.size(); ++i)
        one[std::string(result.app_counter_names[i])] = worker.app_counters[i];
      per_worker.push_back(std::move(one));
    }
    nlohmann::json details = {
        {"answer", answer_name(answer_of(result))},
        {"solver", "portfolio"},
        {"solver_option", options.solver},
        {"share_max_size", options.share.max_size},
        {"share_literals_per_second", options.share.literals_per_second},
        {"stagger_seconds", shared->stagger_seconds},
        {"portfolio_counters", std::move(counters)},
        {"portfolio_workers", std::move(per_worker)},
    };
    add_run_details(details, options, input, choice, probe_seconds, cut());
    return details;
  };
  auto result = run.search<PortfolioSpace>(options.file, make_space, app_details);
  if (race) race->stop();
  leave_race_to_exit(race);
  if (result.reporting && !run.quiet())
    print_portfolio_statistics(std::cout, result, choice, probe_seconds);
  finish(run, input.formula, result, answer_of(result), result.solution);
}

// --solver auto's race (cdcl_race.hpp): CaDiCaL on the whole formula, in a
// thread of rank 0's (the other ranks only hear of a refutation). On two
// workers or more it starts before the probes, with no pause until the
// search starts; with one, before the probes too, taking turns with them
// (start_now false: the caller starts it once its policy is set).
std::shared_ptr<CdclRace> start_race(const CnfFormula& formula,
                                     const std::shared_ptr<TimeLimit>& time_limit,
                                     cli::CommandRun& run, bool start_now = true) {
  std::shared_ptr<CdclCubeSolver> solver;
  if (run.speaks()) {
    // The interrupt is made when the search starts: its slot is read then.
    solver = std::make_shared<CdclCubeSolver>(
        std::make_shared<CubeSolverShared>(formula, time_limit, &run.config().interrupt));
  }
  auto race = std::make_shared<CdclRace>(std::move(solver), RacePolicy::unlimited());
  if (start_now) race->start();
  return race;
}

void run(const SatOptions& options, cli::CommandRun& run) {
  // CDCL at the leaves decides a cube but cannot count its models.
  if (options.count && options.solver == "cnc")
    throw CLI::ValidationError("--solver cnc",
                               "cube-and-conquer cannot count models: use --count with "
                               "--solver dpll or auto");
  if (options.count && options.solver == "portfolio")
    throw CLI::ValidationError("--solver portfolio",
                               "a CDCL portfolio cannot count models: use --count with "
                               "--solver dpll or auto");
  if (options.cube_cutoff > 0 && (options.solver == "dpll" || options.solver == "portfolio"))
    throw CLI::ValidationError("--cube-cutoff", "only cube-and-conquer has a cutoff (--solver " +
                                                    options.solver + " given)");
  run.config().search.mode = options.count ? core::SearchMode::kCount : core::SearchMode::kFirst;
  // The summary is ours, as c lines; the run record is still written.
  run.use_own_summary();

  DimacsOptions read_options;
  read_options.strict = options.strict;
  DpllOptions solver_options;
  solver_options.heuristic = heuristic_registry().at(options.heuristic).payload;
  solver_options.lookahead = options.lookahead;
  if (options.time_limit > 0)
    solver_options.time_limit = std::make_shared<TimeLimit>(options.time_limit);

  DimacsInput input;
  std::shared_ptr<CdclRace> race;  // auto's (cdcl_race.hpp)
  std::unique_ptr<const DpllSpace> prototype;
  SolverKind solver = SolverKind::kDpll;
  std::optional<SolverChoice> choice;  // --solver auto's, with why
  double probe_seconds = 0;            // the time its probes took, before the search
  try {
    input = read_dimacs(options.file, read_options);
    if (options.solver != "auto") solver = solver_registry().at(options.solver).payload;
    const bool probing = options.solver == "auto" && !options.count;
    const core::RuntimeKind runtime = run.config().runtime;
    const bool may_race =
        probing && (runtime == core::RuntimeKind::kThreads || runtime == core::RuntimeKind::kMpi);
    if (may_race && run.config().workers >= 2)
      race = start_race(input.formula, solver_options.time_limit, run);
    // A formula too large for look-ahead goes to the portfolio unprobed: no
    // DPLL space is built for it (auto, not --count).
    if (probing) choice = choice_without_probes(input.formula);
    if (may_race && run.config().workers == 1 && !choice) {
      // One worker: the race takes turns with the look-ahead probes, four
      // times their CPU time past a grace (look-ahead slower than CDCL costs
      // a quarter of CDCL's time: ii32d3, whose look-ahead takes 0.75 s to
      // be found too slow and CaDiCaL 0.19 s), and with the search after.
      race = start_race(input.formula, solver_options.time_limit, run, false);
      race->begin_search(RacePolicy::one_worker_probing());
      race->start();
    }
    if (choice) solver = choice->kind;
    if (solver != SolverKind::kPortfolio)
      prototype = std::make_unique<const DpllSpace>(input.formula, solver_options);
    if (probing && !choice && runtime == core::RuntimeKind::kMpi && !run.speaks()) {
      // Rank 0 probes and decides; the others take its choice below, asleep
      // meanwhile, so as not to take a core from its probes and race.
      choice = SolverChoice{};
    } else if (probing && !choice) {
      const auto probe_start = std::chrono::steady_clock::now();
      ProbeOptions probes;
      if (race && race->runs_here() && run.config().workers == 1) {
        // Taking turns with the look-ahead probes: the probes' own CDCL
        // steps stay (the race's first turn comes only after
        // kProbeTurnGrace of probing, and a formula they decide at once is
        // answered at once).
        probes.decided_elsewhere = [race] { return race->decided_here(); };
        probes.lookahead_turn = [race] { race->probe_turn(); };
      } else if (race && race->runs_here()) {
        probes.cdcl = false;
        probes.decided_elsewhere = [race] { return race->decided_here(); };
      }
      choice = choose_solver(*prototype, input.formula, solver_options.time_limit, probes);
      probe_seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - probe_start).count();
    }
    if (choice) {
      // Every rank takes rank 0's choice (the solvers' spaces differ); only
      // rank 0 probed.
      std::string agreed = std::to_string(static_cast<int>(choice->kind)) + choice->reason;
      run.agree_with_first_rank(agreed);
      choice->kind = static_cast<SolverKind>(agreed[0] - '0');
      choice->reason = agreed.substr(1);
      if (choice->reason == kDecidedDuringProbes) {
        // As when a probe decides it: cube-and-conquer whose one cube, the
        // root, the race's CaDiCaL answers (rank 0's; the others get no work).
        choice->kind = SolverKind::kCubeAndConquer;
        if (race && race->runs_here()) {
          race->stop();
          choice->whole_formula = race->verdict();
          choice->decider = race->solver();
        }
      }
      solver = choice->kind;
      if (solver != SolverKind::kPortfolio && !prototype)
        prototype = std::make_unique<const DpllSpace>(input.formula, solver_options);
    }
    if (solver == SolverKind::kCubeAndConquer) {
      // The interrupt is made when the search starts: its slot is read then.
      solver_options.cubes.shared = std::make_shared<CubeSolverShared>(
          input.formula, solver_options.time_limit, &run.config().interrupt);
      solver_options.cubes.fixed_cutoff = options.cube_cutoff;
      if (choice && choice->whole_formula) {
        solver_options.cubes.shared->whole_formula = choice->whole_formula;
        solver_options.cubes.shared->whole_formula_solver = choice->decider;
      }
      prototype = std::make_unique<const DpllSpace>(input.formula, solver_options);
    }
    if (race && run.config().workers == 1 && !choice->whole_formula &&
        solver != SolverKind::kPortfolio) {
      // One worker: the race takes turns with the search from its start.
      std::shared_ptr<CubeSolverShared> cubes = solver_options.cubes.shared;
      race->begin_search(RacePolicy::one_worker(choice->estimate.seconds), [cubes] {
        if (cubes) cubes->end.model_found();
      });
      solver_options.race = race;
      prototype = std::make_unique<const DpllSpace>(input.formula, solver_options);
    } else if (race && choice->whole_formula) {
      // Decided by a probe, or by the race during the probes (then it stays
      // for the report).
      race->stop();
      if (!race->decided_here()) race.reset();
    } else if (race && solver != SolverKind::kPortfolio) {
      std::shared_ptr<CubeSolverShared> cubes = solver_options.cubes.shared;
      // Under mpirun this process is one worker of them.
      const int workers_here = runtime == core::RuntimeKind::kMpi ? 1 : run.config().workers;
      race->begin_search(
          RacePolicy::for_search(run.config().workers, choice->estimate.seconds, probe_seconds),
          [cubes] {
            // The search is decided: the cubes' CDCL calls stop.
            if (cubes) cubes->end.model_found();
          },
          workers_here);
      run.config().observers.push_back(std::make_shared<IdleWorkersToRace>(race));
      solver_options.race = race;
      prototype = std::make_unique<const DpllSpace>(input.formula, solver_options);
    }
  } catch (const std::bad_alloc&) {
    throw DimacsError(input_name(options.file), 0, "out of memory reading the formula");
  }
  // Under mpirun every rank reads the file; only rank 0 speaks, as it alone reports.
  const bool speaks = run.speaks();
  if (speaks)
    for (const std::string& warning : input.warnings) std::cerr << "c warning: " << warning << '\n';

  if (!run.quiet() && speaks) {
    std::cout << "c stacksplit sat " << options.file << ": " << input.formula.num_variables()
              << " variables, " << input.formula.num_clauses() << " clauses (" << input.tautologies
              << " tautologies dropped), heuristic " << options.heuristic << ", solver "
              << to_string(solver) << (choice ? " (auto: " + choice->reason + ")" : "") << ", "
              << run.config().workers << " workers, scheme " << run.config().scheme << ", runtime "
              << core::to_string(run.config().runtime) << '\n';
  }

  auto cut = [&] { return solver_options.time_limit && solver_options.time_limit->cut(); };
  if (solver == SolverKind::kPortfolio) {
    run_portfolio(options, run, input, choice, probe_seconds, solver_options.time_limit, race);
    return;
  }
  auto make_space = [&] { return *prototype; };
  run.show_in_progress([](const core::WorkerStatistics& total) {
    return "closed " + closed_percent(total) + " %, depth " + std::to_string(total.max_depth);
  });
  // A node left open anywhere (the time limit on some rank) makes the
  // answer unknown: the counters are every worker's, every rank's.
  auto answer_of = [&](const core::RunStatistics& result) {
    const bool open_somewhere = result.total.app_counters[DpllSpace::kCutNodesCounter] > 0;
    return search_answer(result.solution_found,
                         race ? race->verdict() : std::optional<CubeVerdict>{},
                         cut() || result.interrupted || open_somewhere);
  };
  // Weights saturate at 2^64 − 1: then the count is a lower bound, as it is
  // when the time limit cut the search.
  auto count_is_lower_bound = [&](const core::RunStatistics& result) {
    return cut() || result.interrupted ||
           result.total.app_counters[DpllSpace::kCutNodesCounter] > 0 ||
           result.total.solutions == std::numeric_limits<std::uint64_t>::max();
  };
  auto app_details = [&](const core::RunStatistics& result) {
    // The heuristic's counters, as the record's "app_counters" holds them,
    // summed over every worker (every rank under mpirun).
    nlohmann::json counters = nlohmann::json::object();
    for (std::size_t i = 0; i < result.app_counter_names.size(); ++i)
      if (i != DpllSpace::kClosedShareCounter)
        counters[std::string(result.app_counter_names[i])] = result.total.app_counters[i];
    counters["workers_counted"] = result.per_worker.size();
    nlohmann::json details = {
        {"answer", answer_name(answer_of(result))},
        {"heuristic", options.heuristic},
        {"solver", to_string(solver)},
        {"solver_option", options.solver},
        {"cube_cutoff", nullptr},
        {"lookahead_options", lookahead_json(options.lookahead)},
        {"heuristic_counters", std::move(counters)},
        {"closed_fraction", closed_fraction_of(result.total)},
    };
    add_run_details(details, options, input, choice, probe_seconds, cut());
    if (options.cube_cutoff > 0) details["cube_cutoff"] = options.cube_cutoff;
    details["race"] = nullptr;
    if (race && race->runs_here()) {
      details["race"] = {{"cpu_s", race->cpu_seconds()},
                         {"paused_s", race->slept_seconds()},
                         {"conflicts", race->conflicts()},
                         {"decided", race->decided_here()},
                         {"predicted_work_s", race->policy().predicted_work},
                         {"takes_turns", race->policy().takes_turns},
                         {"first_turn_s", race->policy().first_turn},
                         {"search_waited_s", race->search_waited_seconds()},
                         {"on_idle_cores_s", race->on_idle_cores_seconds()}};
    }
    // In decide mode the engine's "solutions" is the weight of the model found
    // (2^free variables), not a count: only --count records "models".
    if (options.count) {
      details["models"] = result.total.solutions;
      details["models_lower_bound"] = count_is_lower_bound(result);
    }
    return details;
  };
  auto result = run.search<DpllSpace>(options.file, make_space, app_details);
  if (race) race->stop();
  leave_race_to_exit(race);
  if (result.reporting && !run.quiet())
    print_statistics(std::cout, result, choice, probe_seconds, solver, race.get());
  if (result.reporting && options.count) {
    const std::uint64_t models = result.total.solutions;
    const bool saturated = models == std::numeric_limits<std::uint64_t>::max();
    std::cout << "c models " << (count_is_lower_bound(result) ? "at least " : "") << models
              << (cut()                ? " (time limit reached)"
                  : result.interrupted ? " (interrupted)"
                  : saturated          ? " (saturated)"
                                       : "")
              << '\n';
  }
  std::optional<DpllSpace::Solution> model = result.solution;
  if (!model && race && race->runs_here() && race->verdict() == CubeVerdict::kSatisfiable)
    model = race_model(input.formula, *race);
  finish(run, input.formula, result, answer_of(result), model);
}

void add_command(CLI::App& parent, const cli::AppEntry& app) {
  auto options = std::make_shared<SatOptions>();
  // A DPLL node costs tens of microseconds (a look-ahead), so look at the
  // mailbox more often than the engine's default: a thief waits less.
  cli::SearchCommand& command = cli::add_search_command(parent, app, {.quantum = kQuantum});
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
                 "portfolio: literals of longer clauses a worker may share per second of search")
      ->check(cli::finite_range(0, 1e9))
      ->capture_default_str()
      ->group("Portfolio");
  cli.add_option("--stagger", options->stagger,
                 "portfolio on threads: seconds member 0 runs alone before the others start, "
                 "so that a formula it decides fast pays nothing for sharing the host (0: all "
                 "at once; not under mpirun)")
      ->check(kSecondsOrZero)
      ->capture_default_str()
      ->group("Portfolio");
  add_lookahead_options(cli, options->lookahead);
  // Decide or count is --count's to say; a second way would only disagree.
  cli.remove_option(cli.get_option("--mode"));
  command.on_run([options](cli::CommandRun& run) { sat::run(*options, run); });
}

}  // namespace

void register_sat_app(cli::AppRegistry& apps) {
  apps.add({"sat",
            cli::kSearchApp,
            "decide (or count the models of) a DIMACS CNF formula with DPLL",
            {&add_command, &option_names}});
}

}  // namespace stacksplit::apps::sat
