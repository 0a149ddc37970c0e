#pragma once
// What `stacksplit sat` prints, in the SAT Competition's form: the answer
// (`s` line) and its exit status, the model (`v` lines), and the statistics
// (`c` lines, per worker too).

#include <optional>
#include <ostream>
#include <string>

#include "apps/sat/cnf/verdict.hpp"
#include "apps/sat/dpll/dpll_space.hpp"
#include "apps/sat/plan/solver_choice.hpp"
#include "core/run_result.hpp"

namespace stacksplit::apps::sat {

// The `s` line, and for a satisfiable answer the model's `v` lines.
void print_answer(std::ostream& out, Verdict verdict, const Model* model);

// What the race did, for its c line.
struct RaceSummary {
  bool ran = false;
  bool own_core = false;            // beside the search's workers
  bool takes_turns = false;         // one worker: equal shares with the search
  bool search_spent = false;        // which then used up its budget and stood aside
  bool rank_threads_yield = false;  // under mpirun: its rank's workers are nice
  double cpu_seconds = 0;
  std::uint64_t conflicts = 0;
  double waited_seconds = 0;
  Verdict verdict = Verdict::kUnknown;
};

// The share of the search space closed (refuted or satisfied), from the
// closed-share counter.
double closed_fraction_of(const core::WorkerStatistics& total);
// The same as a percentage, four significant digits.
std::string closed_percent(const core::WorkerStatistics& total);

// Seconds with three decimals, as every `c` line gives them.
std::string seconds_text(double value);

// The `c` lines after a search: nodes, propagations, the heuristic's and
// cube-and-conquer's counters, time, transfers, auto's probes, the race (if
// it ran in this process), each worker.
void print_statistics(std::ostream& out, const core::RunStatistics& result,
                      const std::optional<SolverChoice>& choice, double probe_seconds,
                      SolverKind solver, const RaceSummary& race);

// The same for the portfolio: slices, conflicts, clauses shared, auto's
// probes, and per worker its member, what it exported, received and kept,
// and whether it answered.
void print_portfolio_statistics(std::ostream& out, const core::RunStatistics& result,
                                const std::optional<SolverChoice>& choice, double probe_seconds,
                                const RaceSummary& race);

}  // namespace stacksplit::apps::sat
