#include "apps/sat/plan/sat_plan.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <limits>
#include <new>
#include <stdexcept>

#include "apps/sat/cdcl/left_to_exit.hpp"
#include "apps/sat/cnf/model_check.hpp"
#include "apps/sat/plan/agreed_choice.hpp"
#include "apps/sat/plan/sat_output.hpp"
#include "apps/sat/tuning.hpp"
#include "core/thread_priority.hpp"

namespace stacksplit::apps::sat {

const core::Registry<SolverKind>& solver_registry() {
  static const core::Registry<SolverKind> registry = [] {
    core::Registry<SolverKind> r("solver");
    r.add({"auto", "", "CaDiCaL races whatever probes choose for the other workers (--count: dpll)",
           SolverKind::kDpll});
    r.add({"dpll", "", "look-ahead DPLL", SolverKind::kDpll});
    r.add({"cnc", "", "cube-and-conquer: CaDiCaL decides the look-ahead's cubes",
           SolverKind::kCubeAndConquer});
    r.add({"portfolio", "",
           "CaDiCaL on a core of its own and one diversified CaDiCaL a worker beside it, sharing "
           "short learned clauses",
           SolverKind::kPortfolio});
    return r;
  }();
  return registry;
}

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

const core::Registry<ProofFormat>& proof_format_registry() {
  static const core::Registry<ProofFormat> registry = [] {
    core::Registry<ProofFormat> r("proof format");
    r.add({"binary", "", "binary DRAT, as SAT Competition checkers read it", ProofFormat::kBinary});
    r.add({"text", "", "DRAT as text: a lemma a line, deletions left out", ProofFormat::kText});
    return r;
  }();
  return registry;
}

namespace {

std::string input_name(const std::string& file) { return file == "-" ? "<stdin>" : file; }

nlohmann::json lookahead_json(const LookaheadOptions& lookahead) {
  nlohmann::json json = nlohmann::json::object();
#define STACKSPLIT_OPTION_TO_JSON(name, type, value, least, most, meaning) \
  json[#name] = lookahead.name;
  STACKSPLIT_SAT_LOOKAHEAD_OPTIONS(STACKSPLIT_OPTION_TO_JSON)
#undef STACKSPLIT_OPTION_TO_JSON
  return json;
}

// One digit a verdict, and one for an internal error, for every rank to agree on.
constexpr char kInternalErrorDigit = '9';

}  // namespace

SatPlan::SatPlan(const SatOptions& options, cli::CommandRun& run) : options_(options), run_(run) {}

void SatPlan::run() {
  for (;;) {
    switch (state_) {
      case State::kRead:
        read();
        state_ = State::kRace;
        break;
      case State::kRace:
        race();
        state_ = State::kProbe;
        break;
      case State::kProbe:
        probe();
        state_ = State::kAgree;
        break;
      case State::kAgree:
        agree();
        state_ = State::kSearch;
        break;
      case State::kSearch:
        search();  // and report
        state_ = State::kDone;
        break;
      case State::kReport:
      case State::kDone:
        return;
    }
  }
}

// ---- read ----

void SatPlan::read() {
  // CDCL at the leaves decides a cube but cannot count its models.
  if (options_.count && options_.solver == "cnc")
    throw CLI::ValidationError("--solver cnc",
                               "cube-and-conquer cannot count models: use --count with "
                               "--solver dpll or auto");
  if (options_.count && options_.solver == "portfolio")
    throw CLI::ValidationError("--solver portfolio",
                               "a CDCL portfolio cannot count models: use --count with "
                               "--solver dpll or auto");
  if (options_.cube_cutoff > 0 && (options_.solver == "dpll" || options_.solver == "portfolio"))
    throw CLI::ValidationError("--cube-cutoff", "only cube-and-conquer has a cutoff (--solver " +
                                                    options_.solver + " given)");
  const core::RuntimeKind runtime = run_.config().runtime;
  if (!options_.proof.empty()) {
    if (options_.count)
      throw CLI::ValidationError("--proof", "a model count has no DRAT proof: drop --count");
    if (core::spans_processes(runtime) && run_.config().workers > 1)
      throw CLI::ValidationError("--proof",
                                 "a proof needs one process: run without mpirun, with "
                                 "--workers for the threads");
  }
  run_.config().search.mode = options_.count ? core::SearchMode::kCount : core::SearchMode::kFirst;
  // The summary is ours, as c lines; the run record is still written.
  run_.use_own_summary();
  std::shared_ptr<TimeLimit> time_limit;
  if (options_.time_limit > 0) time_limit = std::make_shared<TimeLimit>(options_.time_limit);
  end_ = std::make_shared<SearchEnd>(time_limit, run_.config().interrupt);
  // Opened before the formula is read: a path that cannot be written fails at once.
  if (!options_.proof.empty())
    proof_ = std::make_shared<ProofWriter>(
        options_.proof, proof_format_registry().at(options_.proof_format).payload,
        options_.share.max_size);
  DimacsOptions read_options;
  read_options.strict = options_.strict;
  try {
    input_ = read_dimacs(options_.file, read_options);
  } catch (const std::bad_alloc&) {
    throw DimacsError(input_name(options_.file), 0, "out of memory reading the formula");
  }
  if (run_.speaks())
    for (const std::string& warning : input_.warnings)
      std::cerr << "c warning: " << warning << '\n';
  if (input_.formula.has_empty_clause()) {
    end_->board().post("the reader (an empty clause)", Verdict::kUnsatisfiable);
    if (proof_) proof_->open_stream("reader").add({});
  }
}

// ---- race ----

void SatPlan::race() {
  const core::RuntimeKind runtime = run_.config().runtime;
  // auto's race; and the portfolio's member 0, CaDiCaL's defaults in one
  // solve call (every call restarts its schedule: sliced, g250.15 was not
  // solved in 60 s that one call solves in 3 s).
  const bool races = options_.solver == "auto" || options_.solver == "portfolio";
  if (!races || options_.count || !core::runs_in_real_time(runtime)) return;
  // One race a run: under mpirun on rank 0.
  if (core::spans_processes(runtime) && !run_.speaks()) {
    race_elsewhere_ = true;
    return;
  }
  const int workers = run_.config().workers;
  if (workers == 1)
    turns_ = std::make_shared<FairShare>(
        kTurnQuantumSeconds, FairShare::SearchClock::kProcessLessCdcl, kOneWorkerSearchShare);
  race_has_core_ = !core::spans_processes(runtime) && workers >= 2;
  // Under mpirun every rank runs the same number of worker threads: this
  // rank's yield their cores to the race instead (search()).
  search_yields_to_race_ = core::spans_processes(runtime) && workers >= 2;
  race_clauses_ = std::make_shared<RaceClauses>(options_.share, input_.formula.num_variables());
  race_ = std::make_shared<CdclRace>(input_.formula, end_,
                                     proof_ ? ProofLink(proof_, "race") : ProofLink(), turns_);
  const auto start = std::chrono::steady_clock::now();
  race_->export_to(
      [clauses = race_clauses_, start](std::span<const Literal> clause) {
        clauses->offer(
            clause,
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      },
      options_.share.max_size);
  race_->start();
}

// ---- probe ----

void SatPlan::probe() {
  if (options_.solver != "auto") {
    solver_ = solver_registry().at(options_.solver).payload;
    return;
  }
  if (options_.count) return;  // DPLL: only it counts
  // Under mpirun the probes run on rank 1, beside the portfolio's first
  // member, as the threads runtime runs them on the core the race leaves:
  // rank 0 keeps its core for the race. The other ranks take the choice
  // (agree()), asleep meanwhile.
  const core::RuntimeKind runtime = run_.config().runtime;
  if (core::spans_processes(runtime) && run_.ranks() >= 2 && (race_ || race_elsewhere_))
    prober_rank_ = 1;
  const bool prober_elsewhere = prober_rank_ != 0 && run_.rank() == prober_rank_;
  // Under mpirun the head start's verdict reaches the other ranks with the
  // choice: it posts to a board of its own, which the probes watch.
  const std::shared_ptr<SearchEnd> probe_end = prober_elsewhere ? end_->with_own_board() : end_;
  // And they stop when rank 0's race decides (agree() there tells them),
  // as the threads runtime's probes do.
  if (prober_elsewhere) probe_end->stop_when_told([this] { return run_.asked_to_hurry(); });
  // Without probes the portfolio's first member needs no head start on
  // the threads runtime: it starts at once. Under mpirun it would start
  // only once MPI has (about 0.23 s here, while rank 0's race already
  // runs), so rank 1 runs its first slice meanwhile (AProVE09-17: member 1
  // decides within that slice).
  choice_ = choice_without_probes(input_.formula);
  if (choice_) {
    if (prober_elsewhere && choice_->kind == SolverKind::kPortfolio && !walker_suits(choice_))
      start_head_start(nullptr, probe_end);
    return;
  }
  if (core::spans_processes(runtime) && run_.rank() != prober_rank_) {
    choice_ = SolverChoice{};
    return;
  }
  const bool head_start = race_has_core_ || prober_elsewhere;
  DpllOptions probe_options;
  probe_options.heuristic = heuristic_registry().at(options_.heuristic).payload;
  probe_options.lookahead = options_.lookahead;
  probe_options.end = probe_end;
  const DpllSpace prototype(input_.formula, probe_options);
  ProbeOptions probes;
  probes.cdcl = !race_ && !race_elsewhere_;
  probes.end = probe_end;
  probes.proof = proof_;
  probes.turns = turns_;
  if (head_start) {
    // The portfolio's first member's first slice runs now, not after the
    // probes: it takes turns with them, in equal shares of this core (the
    // race has the other), and the probes have the core alone once it
    // ended. So a formula CaDiCaL's satisfiable configuration decides in
    // that slice waits no more than twice that for the probes, and one the
    // probes give to DPLL or cube-and-conquer loses at most that slice.
    probes.turns =
        std::make_shared<FairShare>(kTurnQuantumSeconds, FairShare::SearchClock::kMakingThread);
    start_head_start(probes.turns, probe_end);
    if (prober_elsewhere) {
      // MPI starts now, so that the probes can hear rank 0 (above), and
      // mostly waits for the other ranks: the head start runs on
      // meanwhile, and the probes make its lead up after.
      const FairShare::Aside aside(*probes.turns, FairShare::kSearch);
      run_.start_mpi();
    }
  }
  probes.one_worker = turns_ && !core::spans_processes(runtime);
  if (probes.one_worker && race_)
    probes.race_conflicts = [race = race_] { return race->conflicts(); };
  const auto start = std::chrono::steady_clock::now();
  choice_ = choose_solver(prototype, input_.formula, probes);
  probe_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (head_start_) {
    read_head_start();
    probes.turns->finished(FairShare::kSearch);
  }
}

void SatPlan::read_head_start() {
  head_start_cpu_seconds_ = head_start_->cpu_seconds();
  head_start_conflicts_ = head_start_->conflicts();
  head_start_slice_ended_ = head_start_->call_ended();
}

void SatPlan::start_head_start(std::shared_ptr<FairShare> turns, std::shared_ptr<SearchEnd> end) {
  const int member = 1;  // the race is member 0
  head_start_end_ = end;
  head_start_ = std::make_shared<CdclRace>(
      input_.formula, std::move(end),
      proof_ ? ProofLink(proof_, "portfolio member " + std::to_string(member) + ", head start")
             : ProofLink(),
      turns, portfolio_member(member, /*walker=*/false),
      "portfolio member " + std::to_string(member));
  // The member's first slice, run to its end: cut where the probes happen
  // to end and called again, CaDiCaL went elsewhere (AProVE09-17: 5 k to
  // 32 k conflicts), so where member 1 decided moved with the host's pace.
  head_start_->end_call_after(kFirstSliceConflicts);
  head_start_->start();
  head_started_ = true;
}

void SatPlan::stop_head_start() {
  if (!head_start_) return;
  head_start_->stop();
  if (std::shared_ptr<const void> engine = head_start_->engine()) leave_to_exit(engine);
  head_start_.reset();
}

// ---- agree ----

void SatPlan::agree() {
  if (choice_ && core::spans_processes(run_.config().runtime)) {
    // Every rank takes the probing rank's choice (the solvers' spaces
    // differ), and its head start's verdict, which its model comes with:
    // under mpirun rank 0 reports, and no board holds SAT without a model.
    AgreedChoice agreed;
    if (head_start_) read_head_start();
    if (run_.rank() == prober_rank_) {
      agreed = {*choice_,
                probe_seconds_,
                head_started_,
                head_start_cpu_seconds_,
                head_start_conflicts_,
                head_start_slice_ended_,
                Verdict::kUnknown,
                {}};
      if (head_start_ && head_start_end_ != end_ && head_start_end_->board().decided()) {
        agreed.head_start_verdict = head_start_end_->board().verdict();
        agreed.head_start_model = head_start_end_->board().model();
      }
    }
    std::string message = encode(agreed);
    // A rank whose race decided while it waits tells the probes to stop.
    run_.agree_with_rank(message, prober_rank_, [this] { return end_->decided(); });
    agreed = decode_agreed_choice(message);
    choice_ = agreed.choice;
    probe_seconds_ = agreed.probe_seconds;
    head_started_ = agreed.head_started;
    head_start_cpu_seconds_ = agreed.head_start_cpu_seconds;
    head_start_conflicts_ = agreed.head_start_conflicts;
    head_start_slice_ended_ = agreed.head_start_slice_ended;
    const std::string member =
        "portfolio member 1 (rank " + std::to_string(prober_rank_) + ", head start)";
    if (agreed.head_start_verdict == Verdict::kSatisfiable)
      end_->board().post(member, Verdict::kSatisfiable, agreed.head_start_model);
    else if (agreed.head_start_verdict == Verdict::kUnsatisfiable)
      end_->board().post(member, Verdict::kUnsatisfiable);
  }
  if (choice_) solver_ = choice_->kind;
  // On a formula shaped like random k-SAT member 1 is a walker instead: a
  // CaDiCaL configured from the start (its options cannot change later).
  head_start_kept_ = head_started_ && choice_ && choice_->kind == SolverKind::kPortfolio &&
                     !walker_suits(choice_) && !end_->reached();
  if (!head_start_kept_) stop_head_start();
}

// ---- search and report ----

void SatPlan::search() {
  core::RunConfig& config = run_.config();
  const int workers = config.workers;
  // Beside a race with a core of its own the search has the other workers.
  search_workers_ = race_has_core_ ? workers - 1 : workers;
  config.workers = search_workers_;
  // This thread and the worker threads it starts run at the lowest priority
  // beside the race: with T threads a rank, the race has a core and they
  // share the other T - 1 (with one, the rank's worker runs when the race
  // waits, and answers its mail).
  // Under mpirun rank 0's first worker stands aside in the tree search: it
  // hands the root's children out and expands nothing more, so the race
  // keeps that core (at nice 19 beside it the worker still took half a core
  // whenever the kernel moved the race beside rank 1's worker, and a cube it
  // held at nice 19 held the search with it). The portfolio has its own
  // watcher (PortfolioShared::root_worker_yields).
  const bool root_worker_aside = search_yields_to_race_;
  const core::YieldingThread yielding(search_yields_to_race_);
  search_yields_to_race_ = yielding.yields();
  if (!run_.quiet() && run_.speaks()) {
    std::cout << "c stacksplit sat " << options_.file << ": " << input_.formula.num_variables()
              << " variables, " << input_.formula.num_clauses() << " clauses ("
              << input_.tautologies << " tautologies dropped), heuristic " << options_.heuristic
              << ", solver " << to_string(solver_)
              << (choice_ ? " (auto: " + choice_->reason + ")" : "") << ", " << workers
              << " workers"
              << (race_has_core_           ? " (one for the race)"
                  : search_yields_to_race_ ? " (rank 0's yield to the race)"
                                           : "")
              << ", scheme " << config.scheme << ", runtime " << core::to_string(config.runtime)
              << '\n';
  }
  if (solver_ == SolverKind::kPortfolio) {
    // With one worker the race has the core to itself: CDCL is the plan.
    if (turns_) turns_->finished(FairShare::kSearch);
    const std::uint32_t members = turns_ ? 0 : static_cast<std::uint32_t>(search_workers_);
    auto shared =
        std::make_shared<PortfolioShared>(input_.formula, members, options_.share, end_, proof_);
    shared->first_member = race_ || race_elsewhere_ ? 1 : 0;
    shared->walker = walker_suits(choice_);
    shared->root_worker_yields = search_yields_to_race_;
    shared->across_processes = core::spans_processes(config.runtime);
    if (race_) {
      shared->race_clauses = race_clauses_;
      race_clauses_->keep();
    }
    if (head_start_)
      shared->head_start = [head_start = head_start_] { return head_start->hand_over(); };
    // The process exits after the search: freeing each member's CaDiCaL
    // would delay the answer (left_to_exit.hpp).
    shared->solvers_left_to_exit = true;
    // Only the member slots are work to give away: a thief given a member's
    // next slice would start that member afresh, and its donor, whose
    // CaDiCaL's state is lost with it, would take another slot (under
    // mpirun: rank 0's watcher a member at the lowest priority, and the
    // thief, at full speed, the watching).
    config.search.split.cutoff_depth = std::min<std::uint32_t>(config.search.split.cutoff_depth, 1);
    run_.show_in_progress([](const core::WorkerStatistics& total) {
      return "slices " + std::to_string(total.app_counters[0]) + ", conflicts " +
             std::to_string(total.app_counters[1]);
    });
    auto result = run_.search<PortfolioSpace>(
        options_.file, [&] { return PortfolioSpace(shared); },
        [this](const core::SearchResult<PortfolioSpace>& result) {
          conclude(result, result.solution);
          return details(result);
        });
    report(result);
    return;
  }
  DpllOptions dpll;
  dpll.heuristic = heuristic_registry().at(options_.heuristic).payload;
  dpll.lookahead = options_.lookahead;
  dpll.end = end_;
  dpll.posts_models = !options_.count;
  dpll.turns = turns_;
  dpll.proof = proof_;
  if (solver_ == SolverKind::kCubeAndConquer) {
    // With one worker cube-and-conquer is one more probe, of the probes'
    // price: on a formula it must refute, its cubes cost CDCL about the
    // race's own work, and in turns the run took twice the race's time
    // (vdw-5-178: 50 s against CaDiCaL's 27); where a cube holds a model it
    // finds it within the budget (vdw-5-177: about 0.45 s of CPU against
    // CaDiCaL's 8.7 s). Past the budget the race has the core.
    if (turns_) turns_->limit(FairShare::kSearch, kMostLookaheadProbeSeconds);
    dpll.cubes.shared = std::make_shared<CubeSolverShared>(input_.formula, end_, proof_, turns_);
    if (race_) {
      dpll.cubes.shared->race_clauses = race_clauses_;
      race_clauses_->keep();
    } else if (race_elsewhere_) {
      dpll.cubes.shared->race_clauses =
          std::make_shared<RaceClauses>(options_.share, input_.formula.num_variables());
    }
    dpll.cubes.shared->across_processes = core::spans_processes(config.runtime);
    dpll.cubes.fixed_cutoff = options_.cube_cutoff;
  }
  if (root_worker_aside) config.search.aside_worker = 0;
  const DpllSpace prototype(input_.formula, dpll);
  run_.show_in_progress([](const core::WorkerStatistics& total) {
    return "closed " + closed_percent(total) + " %, depth " + std::to_string(total.max_depth);
  });
  auto result = run_.search<DpllSpace>(
      options_.file, [&] { return prototype; },
      [this](const core::SearchResult<DpllSpace>& result) {
        conclude(result, result.solution);
        return details(result);
      });
  report(result);
}

Verdict SatPlan::conclude(const core::RunStatistics& result,
                          const std::optional<Model>& search_model) {
  if (concluded_) return verdict_;
  concluded_ = true;
  VerdictBoard& board = end_->board();
  const bool tree_search = solver_ != SolverKind::kPortfolio;
  // The search's own verdict: a model, or a tree exhausted with nothing
  // left open anywhere (every rank's cut nodes are counted here).
  if (result.solution_found && search_model) {
    board.post("the search", Verdict::kSatisfiable, *search_model);
  } else if (tree_search && !result.interrupted && !end_->time_limit_reached() &&
             result.total.app_counters[DpllSpace::kCutNodesCounter] == 0) {
    board.post(
        solver_ == SolverKind::kCubeAndConquer ? "the cube-and-conquer search" : "the DPLL search",
        Verdict::kUnsatisfiable);
  }
  if (race_) {
    race_->stop();
    if (race_->engine()) leave_to_exit(race_->engine());
  }
  stop_head_start();
  if (turns_) turns_->finished(FairShare::kSearch);
  verdict_ = board.verdict();
  if (verdict_ == Verdict::kSatisfiable) model_ = board.model();
  bool proof_complete = true;
  if (proof_) proof_complete = proof_->finish();
  if (board.disagreement()) {
    internal_error_ = "the members disagree:";
    for (const PostedVerdict& posted : board.posted())
      internal_error_ += " " + posted.member + " says " + verdict_name(posted.verdict) + ";";
    internal_error_.pop_back();
  } else if (verdict_ == Verdict::kSatisfiable) {
    // Never print a model that has not been checked against the clauses read.
    if (!is_well_formed_model(input_.formula, model_)) {
      internal_error_ = "the solver returned a malformed model";
    } else if (auto clause = first_falsified_clause(input_.formula, model_)) {
      internal_error_ = "the model falsifies clause " + std::to_string(*clause + 1);
    }
  } else if (verdict_ == Verdict::kUnsatisfiable && !proof_complete) {
    internal_error_ = "the answer is UNSAT but the proof " + proof_->path() +
                      " does not end with the empty clause";
  }
  return verdict_;
}

nlohmann::json SatPlan::details(const core::RunStatistics& result) const {
  nlohmann::json counters = nlohmann::json::object();
  for (std::size_t i = 0; i < result.app_counter_names.size(); ++i)
    if (solver_ == SolverKind::kPortfolio || i != DpllSpace::kClosedShareCounter)
      counters[std::string(result.app_counter_names[i])] = result.total.app_counters[i];
  counters["workers_counted"] = result.per_worker.size();
  nlohmann::json details = {
      {"answer", internal_error_.empty() ? verdict_name(verdict_) : "INTERNAL ERROR"},
      {"heuristic", options_.heuristic},
      {"solver", to_string(solver_)},
      {"solver_option", options_.solver},
      {"cube_cutoff", nullptr},
      {"lookahead_options", lookahead_json(options_.lookahead)},
      {solver_ == SolverKind::kPortfolio ? "portfolio_counters" : "heuristic_counters",
       std::move(counters)},
      {"share_max_size", options_.share.max_size},
      {"share_literals_per_second", options_.share.literals_per_second},
      {"time_limit_s", nullptr},
      {"time_limit_reached", end_->time_limit_reached()},
      {"variables", input_.formula.num_variables()},
      {"clauses", input_.read_clauses},
      {"tautologies", input_.tautologies},
      {"workers_searching", search_workers_},
      {"tuning", tuning_json()},
  };
  if (solver_ != SolverKind::kPortfolio)
    details["closed_fraction"] = closed_fraction_of(result.total);
  if (options_.cube_cutoff > 0) details["cube_cutoff"] = options_.cube_cutoff;
  if (options_.time_limit > 0) details["time_limit_s"] = options_.time_limit;
  if (choice_) details["auto_choice"] = auto_choice_json(*choice_, probe_seconds_);
  details["portfolio_head_start"] = nullptr;
  if (head_started_)
    details["portfolio_head_start"] = {{"cpu_s_during_probes", head_start_cpu_seconds_},
                                       {"conflicts_during_probes", head_start_conflicts_},
                                       {"first_slice_ended_during_probes", head_start_slice_ended_},
                                       {"kept", head_start_kept_}};
  details["race"] = nullptr;
  if (race_) {
    details["race"] = {{"cpu_s", race_->cpu_seconds()},
                       {"conflicts", race_->conflicts()},
                       {"verdict", verdict_name(race_->verdict())},
                       {"core_of_its_own", race_has_core_},
                       {"rank_threads_yield", search_yields_to_race_},
                       {"takes_turns", race_->takes_turns()},
                       {"search_spent_budget", turns_ && turns_->spent(FairShare::kSearch)},
                       {"waited_s", race_->waited_seconds()}};
  }
  nlohmann::json posted = nlohmann::json::array();
  for (const PostedVerdict& verdict : end_->board().posted())
    posted.push_back({{"member", verdict.member}, {"verdict", verdict_name(verdict.verdict)}});
  details["verdicts"] = std::move(posted);
  details["internal_error"] = nullptr;
  if (!internal_error_.empty()) details["internal_error"] = internal_error_;
  details["proof"] = nullptr;
  if (proof_) {
    const ProofStatistics statistics = proof_->statistics();
    details["proof"] = {{"path", proof_->path()},
                        {"format", to_string(proof_->format())},
                        {"lemmas", statistics.lemmas},
                        {"node_clauses", statistics.node_clauses},
                        {"streams", statistics.streams},
                        {"imports_waited", statistics.imports_waited},
                        {"imports_unmatched", statistics.imports_unmatched},
                        {"complete", proof_->has_empty_clause()}};
  }
  if (options_.count) {
    const std::uint64_t models = result.total.solutions;
    details["models"] = models;
    details["models_lower_bound"] = end_->time_limit_reached() || result.interrupted ||
                                    result.total.app_counters[DpllSpace::kCutNodesCounter] > 0 ||
                                    models == std::numeric_limits<std::uint64_t>::max();
  }
  return details;
}

void SatPlan::report(const core::RunResult<Model>& result) {
  conclude(result, result.solution);
  if (result.reporting && !run_.quiet()) {
    RaceSummary race;
    if (race_) {
      race.ran = true;
      race.own_core = race_has_core_;
      race.rank_threads_yield = search_yields_to_race_;
      race.takes_turns = race_->takes_turns();
      race.search_spent = turns_ && turns_->spent(FairShare::kSearch);
      race.cpu_seconds = race_->cpu_seconds();
      race.conflicts = race_->conflicts();
      race.waited_seconds = race_->waited_seconds();
      race.verdict = race_->verdict();
    }
    if (solver_ == SolverKind::kPortfolio) {
      print_portfolio_statistics(std::cout, result, choice_, probe_seconds_, race);
    } else {
      print_statistics(std::cout, result, choice_, probe_seconds_, solver_, race);
    }
    if (proof_) {
      const ProofStatistics statistics = proof_->statistics();
      std::cout << "c proof " << proof_->path() << ": " << statistics.lemmas << " lemmas ("
                << statistics.node_clauses << " of DPLL nodes) from " << statistics.streams
                << " members, " << to_string(proof_->format()) << " DRAT"
                << (proof_->has_empty_clause() ? ", ends with the empty clause" : "") << '\n';
    }
    for (const PostedVerdict& posted : end_->board().posted())
      std::cout << "c verdict: " << posted.member << " says " << verdict_name(posted.verdict)
                << '\n';
  }
  if (result.reporting && options_.count) {
    const std::uint64_t models = result.total.solutions;
    const bool saturated = models == std::numeric_limits<std::uint64_t>::max();
    const bool lower_bound = end_->time_limit_reached() || result.interrupted ||
                             result.total.app_counters[DpllSpace::kCutNodesCounter] > 0 ||
                             saturated;
    std::cout << "c models " << (lower_bound ? "at least " : "") << models
              << (end_->time_limit_reached() ? " (time limit reached)"
                  : result.interrupted       ? " (interrupted)"
                  : saturated                ? " (saturated)"
                                             : "")
              << '\n';
  }
  // Under mpirun every rank exits with rank 0's status (only rank 0 has
  // every rank's counters); an interrupted search is s UNKNOWN and exit 0,
  // as the competition asks.
  std::string agreed(1, internal_error_.empty()
                            ? static_cast<char>('0' + static_cast<int>(verdict_))
                            : kInternalErrorDigit);
  run_.agree_with_first_rank(agreed);
  if (agreed[0] == kInternalErrorDigit) {
    cli::set_exit_status(kExitInternalError);
    if (result.reporting)
      std::cerr << "stacksplit sat: internal error: " << internal_error_ << '\n';
    return;
  }
  const auto verdict = static_cast<Verdict>(agreed[0] - '0');
  cli::set_exit_status(exit_status_of(verdict));
  if (!result.reporting) return;
  print_answer(std::cout, verdict, verdict == Verdict::kSatisfiable ? &model_ : nullptr);
}

}  // namespace stacksplit::apps::sat
