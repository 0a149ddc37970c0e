#pragma once
// One worker's cube-and-conquer state beside its DPLL tree: where to cut
// (CubeCutoff), who decides the cubes (CdclCubeSolver), what it counted and
// how long each phase took. The DPLL space asks it at every branching node;
// without it the space is today's pure look-ahead DPLL.

#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "apps/sat/cdcl/cdcl_cube_solver.hpp"
#include "apps/sat/dpll/cube_cutoff.hpp"

namespace stacksplit::apps::sat {

// The counters reduced by the engine, in the summary and the run record.
#define STACKSPLIT_SAT_CUBE_COUNTERS(X)                                                  \
  X(cubes, "nodes handed to CDCL at the cutoff (cubes generated)")                       \
  X(cube_decisions, "decisions in those cubes, summed (over cubes: the mean cube size)") \
  X(lookahead_refuted, "nodes the look-ahead refuted")                                   \
  X(cdcl_sat, "cubes CDCL found satisfiable")                                            \
  X(cdcl_unsat, "cubes CDCL refuted")                                                    \
  X(cdcl_stopped, "cubes left undecided because the search ended elsewhere")             \
  X(cdcl_conflicts, "CDCL conflicts (clauses CaDiCaL learned)")                          \
  X(cdcl_imported, "the race's learned clauses added to the cube solvers")               \
  X(lookahead_us, "microseconds in look-ahead nodes (cube-and-conquer only)")            \
  X(cdcl_us, "microseconds in CDCL")

struct CubeStatistics {
#define STACKSPLIT_DECLARE_COUNTER(name, meaning) std::uint64_t name = 0;
  STACKSPLIT_SAT_CUBE_COUNTERS(STACKSPLIT_DECLARE_COUNTER)
#undef STACKSPLIT_DECLARE_COUNTER
};

struct CubeOptions {
  std::shared_ptr<CubeSolverShared> shared;  // null: pure DPLL
  double fixed_cutoff = 0;                   // > 0: --cube-cutoff, no adaptation
};

class CubeAndConquer {
 public:
  using Clock = std::chrono::steady_clock;

  CubeAndConquer(const CubeOptions& options, std::uint32_t variables)
      : solver_(options.shared),
        cutoff_(options.fixed_cutoff > 0 ? CubeCutoff::fixed(options.fixed_cutoff)
                                         : CubeCutoff::adaptive(variables)) {}

  // Past the cutoff (never the root).
  bool is_cube(std::uint32_t decisions, std::uint32_t assigned) const {
    return decisions > 0 && cutoff_.is_cube(decisions, assigned);
  }

  // Decides `cube` by CDCL, counting and timing it; returns the verdict and
  // the time it took in nanoseconds through `nanoseconds`. A model found is
  // posted to the run's board (the other workers' calls stop).
  Verdict solve(std::span<const Literal> cube, std::uint64_t& nanoseconds) {
    const std::uint64_t conflicts_before = solver_.conflicts();
    const Clock::time_point start = Clock::now();
    const Verdict verdict = solver_.solve(cube);
    nanoseconds = static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count());
    cdcl_nanoseconds_ += nanoseconds;
    const std::uint64_t conflicts = solver_.conflicts() - conflicts_before;
    statistics_.cdcl_conflicts += conflicts;
    ++statistics_.cubes;
    statistics_.cube_decisions += cube.size();
    switch (verdict) {
      case Verdict::kSatisfiable:
        ++statistics_.cdcl_sat;
        solver_.shared().end->board().post("a cube solver", verdict, solver_.model());
        break;
      case Verdict::kUnsatisfiable:
        ++statistics_.cdcl_unsat;
        cutoff_.on_cube_decided(conflicts);
        break;
      case Verdict::kUnknown:
        ++statistics_.cdcl_stopped;
        break;
    }
    return verdict;
  }

  // Under mpirun, where the race's clauses go to the other processes.
  bool sends_race_clauses() const {
    return solver_.shared().across_processes && solver_.shared().race_clauses;
  }
  // The race's clauses this process has not sent to the others yet (once a
  // process), appended to `words`; false if none.
  bool race_clauses_for_other_processes(std::vector<std::int32_t>& words) {
    return sends_race_clauses() && solver_.shared().race_clauses->take_for_other_processes(words);
  }
  // What another process sent of the race's clauses, for this process's cube solvers.
  void receive_race_clauses(std::span<const std::int32_t> words) {
    if (solver_.shared().race_clauses) solver_.shared().race_clauses->receive(words);
  }

  // A DPLL node took `nanoseconds` (its cube's CDCL time excluded) and
  // `propagations` propagations.
  void count_lookahead(std::uint64_t nanoseconds, std::uint64_t propagations) {
    lookahead_nanoseconds_ += nanoseconds;
    lookahead_propagations_ += propagations;
  }

  // CDCL time in the unit of node cost, propagations, at the rate this
  // worker's look-ahead propagates: the simulator charges a cube what it
  // took here (a 100 ns propagation until there is a rate to go by).
  std::uint64_t as_propagations(std::uint64_t nanoseconds) const {
    const double per_propagation =
        lookahead_propagations_ > 1000
            ? static_cast<double>(lookahead_nanoseconds_) / lookahead_propagations_
            : 100.0;
    return static_cast<std::uint64_t>(static_cast<double>(nanoseconds) / per_propagation);
  }

  Literal value(std::int32_t var) const { return solver_.value(var); }

  CubeStatistics statistics() const {
    CubeStatistics statistics = statistics_;
    statistics.lookahead_us = lookahead_nanoseconds_ / 1000;
    statistics.cdcl_us = cdcl_nanoseconds_ / 1000;
    statistics.cdcl_imported = solver_.imported();
    return statistics;
  }
  const CubeCutoff& cutoff() const { return cutoff_; }

 private:
  CdclCubeSolver solver_;
  CubeCutoff cutoff_;
  CubeStatistics statistics_;
  std::uint64_t lookahead_nanoseconds_ = 0;
  std::uint64_t lookahead_propagations_ = 0;
  std::uint64_t cdcl_nanoseconds_ = 0;
};

}  // namespace stacksplit::apps::sat
