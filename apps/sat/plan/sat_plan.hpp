#pragma once
// One run of `stacksplit sat`, as the states of one object, in order:
//   read    the formula (a bad file is FILE:LINE and exit 1), the run's end
//           (time limit, Ctrl-C, the verdict board) and the proof file;
//   race    --solver auto or portfolio: CaDiCaL on the whole formula starts
//           at once, in a thread of its own (cdcl/cdcl_race.hpp), never
//           paused: with two workers or more it keeps a core, with one it
//           takes turns with the search in shares of CPU time (the
//           portfolio's member 0 with one worker has the core to itself);
//   probe   --solver auto: what the other workers do (plan/solver_choice.hpp);
//   agree   under mpirun, every rank takes the probing rank's choice;
//   search  the engine runs the chosen space on the workers the race leaves;
//   report  the verdict: the board's (the first member that decided), else
//           the search's own; members that disagree, an UNSAT whose proof
//           lacks the empty clause or a model that fails its check are an
//           internal error (exit 70); then the c lines, the answer, the model.

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "apps/cli/command_run.hpp"
#include "apps/sat/cdcl/cdcl_race.hpp"
#include "apps/sat/cdcl/clause_exchange.hpp"
#include "apps/sat/cdcl/portfolio_space.hpp"
#include "apps/sat/cnf/dimacs_reader.hpp"
#include "apps/sat/dpll/dpll_space.hpp"
#include "apps/sat/limits/fair_share.hpp"
#include "apps/sat/limits/search_end.hpp"
#include "apps/sat/plan/solver_choice.hpp"
#include "apps/sat/proof/proof_writer.hpp"

namespace stacksplit::apps::sat {

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
  std::string proof;  // DRAT proof file; empty: none
  std::string proof_format = "binary";
};

// --solver's and --heuristic's and --proof-format's names.
const core::Registry<SolverKind>& solver_registry();
const core::Registry<Heuristic>& heuristic_registry();
const core::Registry<ProofFormat>& proof_format_registry();

class SatPlan {
 public:
  SatPlan(const SatOptions& options, cli::CommandRun& run);
  void run();

 private:
  enum class State { kRead, kRace, kProbe, kAgree, kSearch, kReport, kDone };

  void read();
  void race();
  void probe();
  void agree();
  void search();
  // Starts the portfolio's first member's first slice before the search:
  // one call on the formula alone, to kFirstSliceConflicts, as the
  // member's own first call would be; the member goes on from it
  // (`turns`: with the probes; `end`: the run's, or one with a board of
  // its own).
  void start_head_start(std::shared_ptr<FairShare> turns, std::shared_ptr<SearchEnd> end);
  // The head start's CPU time, conflicts and whether its slice ended, for
  // the record, read while the probes end (or, under mpirun, the ranks agree).
  void read_head_start();
  // Stops the portfolio's head start, if it runs and was not taken over.
  void stop_head_start();
  void report(const core::RunResult<Model>& result);

  // After the engine: the search's own verdict posted, the race stopped,
  // the proof finished; the run's verdict. Idempotent (the record asks
  // first, on the rank that reports).
  Verdict conclude(const core::RunStatistics& result, const std::optional<Model>& search_model);
  // The run record's "app_details".
  nlohmann::json details(const core::RunStatistics& result) const;

  const SatOptions& options_;
  cli::CommandRun& run_;
  State state_ = State::kRead;
  DimacsInput input_;
  std::shared_ptr<SearchEnd> end_;
  std::shared_ptr<ProofWriter> proof_;
  std::shared_ptr<FairShare> turns_;  // one worker beside the race
  std::shared_ptr<RaceClauses> race_clauses_;
  std::shared_ptr<CdclRace> race_;  // in this process
  // Beside a race with a core of its own (or on another rank): the
  // portfolio's first member, taking turns with the probes (probe()) until
  // they choose.
  std::shared_ptr<CdclRace> head_start_;
  // Its end: the run's, or under mpirun one with a board of its own.
  std::shared_ptr<SearchEnd> head_start_end_;
  int prober_rank_ = 0;  // the rank that runs auto's probes (and the head start)
  bool head_started_ = false;
  double head_start_cpu_seconds_ = 0;       // while the probes ran
  std::uint64_t head_start_conflicts_ = 0;  // while the probes ran
  bool head_start_slice_ended_ = false;     // before the probes did
  bool head_start_kept_ = false;            // the portfolio went on with it
  bool race_elsewhere_ = false;             // on rank 0, this being another rank
  bool race_has_core_ = false;              // the search runs on the other workers
  bool search_yields_to_race_ = false;      // under mpirun: this rank's threads are nice
  SolverKind solver_ = SolverKind::kDpll;
  std::optional<SolverChoice> choice_;
  double probe_seconds_ = 0;
  int search_workers_ = 1;
  // conclude()'s.
  bool concluded_ = false;
  Verdict verdict_ = Verdict::kUnknown;
  Model model_;
  std::string internal_error_;
};

}  // namespace stacksplit::apps::sat
