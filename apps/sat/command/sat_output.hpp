#pragma once
// What `stacksplit sat` prints, in the SAT Competition's form: the answer
// (`s` line) and its exit status, the model (`v` lines), and the statistics
// (`c` lines, per worker too).

#include <optional>
#include <ostream>
#include <string>

#include "apps/sat/dpll/dpll_space.hpp"
#include "apps/sat/plan/solver_choice.hpp"
#include "core/run_result.hpp"

namespace stacksplit::apps::sat {

enum class Answer { kSatisfiable, kUnsatisfiable, kUnknown };

// The answer of a DPLL or cube-and-conquer search: a model found by a node;
// else the race's verdict, which holds whatever the search left open (a
// model it found while the last open nodes were cubes in flight reaches no
// node: their CDCL calls stop and they end cut); else UNSAT if the tree was
// exhausted with nothing left open (`left_open`: the time limit, an
// interrupt or a cut node anywhere), UNKNOWN otherwise.
Answer search_answer(bool solution_found, std::optional<CubeVerdict> race, bool left_open);

// "SAT", "UNSAT", "UNKNOWN" (the run record's answer).
const char* answer_name(Answer answer);
// 10, 20, or 0 for an unknown answer, as the competition asks.
int exit_status_of(Answer answer);
// The `s` line, and for a satisfiable answer the model's `v` lines.
void print_answer(std::ostream& out, Answer answer, const DpllSpace::Solution* model);

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
                      SolverKind solver, const CdclRace* race = nullptr);

// The same for the portfolio: slices, conflicts, clauses shared, auto's
// probes, and per worker its member, what it exported, received and kept,
// and whether it answered.
void print_portfolio_statistics(std::ostream& out, const core::RunStatistics& result,
                                const std::optional<SolverChoice>& choice, double probe_seconds);

}  // namespace stacksplit::apps::sat
