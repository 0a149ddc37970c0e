#pragma once
// The conquer half of cube-and-conquer ("Cube and Conquer: Guiding CDCL SAT
// Solvers by Lookaheads", Heule, Kullmann, Wieringa & Biere 2011, the conquer
// phase): a cube (the guiding path's decisions) is decided by CaDiCaL under
// assumptions. Each worker has one incremental CaDiCaL loaded with the formula
// once, at its first cube, so the clauses it learns on one cube help it on
// the next (the paper's incremental variant, "iCnC", which hands the cubes
// to one incremental solver as assumptions).
//
// Copying a solver gives a fresh one that shares only the formula and the
// search end: a CaDiCaL instance cannot be copied, and the prototype every
// worker copies never solves a cube itself.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "apps/sat/cnf/cnf_formula.hpp"
#include "apps/sat/limits/search_end.hpp"

namespace stacksplit::apps::sat {

enum class CubeVerdict : std::uint8_t {
  kSatisfiable,
  kUnsatisfiable,
  kStopped,  // the search ended elsewhere while CaDiCaL worked on it
};

class CdclCubeSolver;

// What every worker's cube solver shares: the formula and when to stop.
struct CubeSolverShared {
  CubeSolverShared(CnfFormula formula_, std::shared_ptr<TimeLimit> time_limit,
                   const std::shared_ptr<core::StopSignal>* interrupt = nullptr)
      : formula(std::move(formula_)), end(std::move(time_limit), interrupt) {}
  const CnfFormula formula;
  SearchEnd end;
  // The whole formula, if decided before the search (--solver auto's CDCL
  // probe, solver_choice.hpp), and the solver that decided it: every cube is
  // then refuted at once, or the empty cube (the root) is satisfied by its
  // model. Set before the workers copy the space; read-only after.
  std::optional<CubeVerdict> whole_formula;
  std::shared_ptr<const CdclCubeSolver> whole_formula_solver;
};

class CdclCubeSolver {
 public:
  explicit CdclCubeSolver(std::shared_ptr<CubeSolverShared> shared);
  CdclCubeSolver(const CdclCubeSolver& other);
  CdclCubeSolver& operator=(const CdclCubeSolver& other);
  CdclCubeSolver(CdclCubeSolver&&) noexcept;
  CdclCubeSolver& operator=(CdclCubeSolver&&) noexcept;
  ~CdclCubeSolver();

  // Decides the formula under the cube's literals (DIMACS spelling); with a
  // conflict limit ≥ 0, gives up (kStopped) after that many conflicts.
  CubeVerdict solve(std::span<const Literal> cube, int conflict_limit = -1);

  // After kSatisfiable: the value CaDiCaL gave variable `var` (1-based) in
  // its model, as a DIMACS literal. The model is copied once, by the thread
  // that ran solve(), before solve() returns: CaDiCaL's val() completes the
  // model lazily (it extends it over eliminated variables), so it may not be
  // called from several threads, and this may.
  Literal value(std::int32_t var) const;

  // Conflicts over every cube so far, counted as the clauses CaDiCaL learns
  // (one per conflict).
  std::uint64_t conflicts() const;

  SearchEnd& search_end() const { return shared_->end; }

  // Also asked by CaDiCaL's terminate callback (after the search end): true
  // stops the call. The race's pacing (cdcl_race.hpp).
  void set_pause(std::function<bool()> pause_or_stop);
  bool whole_formula_decided() const { return shared_->whole_formula.has_value(); }

 private:
  struct Engine;  // CaDiCaL and its callbacks, at a fixed address
  void load();
  void copy_model();  // in the thread that ran solve(), see value()

  std::shared_ptr<CubeSolverShared> shared_;
  std::unique_ptr<Engine> engine_;
  bool model_from_whole_formula_ = false;  // the last kSatisfiable was the probe's
  // The last model, a DIMACS literal per variable (index 0 unused; 0 for a
  // variable in no clause, which CaDiCaL never saw).
  std::vector<Literal> model_;
  std::function<bool()> pause_;
};

}  // namespace stacksplit::apps::sat
