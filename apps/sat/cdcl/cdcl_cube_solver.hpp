#pragma once
// The conquer half of cube-and-conquer ("Cube and Conquer: Guiding CDCL SAT
// Solvers by Lookaheads", Heule, Kullmann, Wieringa & Biere 2011, the conquer
// phase): a cube (the guiding path's decisions) is decided by CaDiCaL under
// assumptions. Each worker has one incremental CaDiCaL loaded with the formula
// once, at its first cube, so the clauses it learns on one cube help it on
// the next (the paper's incremental variant, "iCnC", which hands the cubes
// to one incremental solver as assumptions).
//
// Copying a solver gives a fresh one that shares only what the workers
// share: a CaDiCaL instance cannot be copied, and the prototype every
// worker copies never solves a cube itself.

#include <cstdint>
#include <memory>
#include <span>

#include "apps/sat/cdcl/cdcl_engine.hpp"
#include "apps/sat/cdcl/clause_exchange.hpp"
#include "apps/sat/cdcl/race_clauses.hpp"
#include "apps/sat/limits/fair_share.hpp"
#include "apps/sat/limits/search_end.hpp"

namespace stacksplit::apps::sat {

// What every worker's cube solver shares.
struct CubeSolverShared {
  CubeSolverShared(CnfFormula formula_, std::shared_ptr<SearchEnd> end_,
                   std::shared_ptr<ProofWriter> proof_ = nullptr,
                   std::shared_ptr<FairShare> turns_ = nullptr)
      : formula(std::move(formula_)),
        end(std::move(end_)),
        proof(std::move(proof_)),
        turns(std::move(turns_)) {}
  const CnfFormula formula;
  const std::shared_ptr<SearchEnd> end;      // stops every cube's call
  const std::shared_ptr<ProofWriter> proof;  // null: no proof
  // One worker beside the race: a cube's CDCL is the search's share.
  const std::shared_ptr<FairShare> turns;
  // What the race learned: each cube solver takes it in before its next cube
  // (null: nothing). Under mpirun the race's process sends it on to the
  // others (across_processes), whose cube solvers take it in alike.
  std::shared_ptr<RaceClauses> race_clauses;
  bool across_processes = false;
};

class CdclCubeSolver {
 public:
  explicit CdclCubeSolver(std::shared_ptr<CubeSolverShared> shared) : shared_(std::move(shared)) {}
  CdclCubeSolver(const CdclCubeSolver& other) : shared_(other.shared_) {}
  CdclCubeSolver& operator=(const CdclCubeSolver& other) {
    if (this != &other) {
      shared_ = other.shared_;
      engine_.reset();
      exchange_.reset();
      race_read_ = 0;
    }
    return *this;
  }
  CdclCubeSolver(CdclCubeSolver&&) noexcept = default;
  CdclCubeSolver& operator=(CdclCubeSolver&&) noexcept = default;

  // Decides the formula under the cube's literals (DIMACS spelling); with a
  // conflict limit ≥ 0, gives up (kUnknown) after that many conflicts, as it
  // does when the search ends.
  Verdict solve(std::span<const Literal> cube, int conflict_limit = -1);

  // After kSatisfiable: its model (see CdclEngine::model).
  const Model& model() const { return engine_->model(); }
  Literal value(std::int32_t var) const { return engine_->value(var); }
  // Conflicts over every cube so far.
  std::uint64_t conflicts() const { return engine_ ? engine_->conflicts() : 0; }
  // The race's clauses added to this solver so far.
  std::uint64_t imported() const { return exchange_ ? exchange_->statistics().imported : 0; }
  const CubeSolverShared& shared() const { return *shared_; }

 private:
  void take_race_clauses();

  std::shared_ptr<CubeSolverShared> shared_;
  std::shared_ptr<CdclEngine> engine_;        // loaded at the first cube
  std::unique_ptr<ClauseExchange> exchange_;  // the race's clauses, deduplicated
  std::size_t race_read_ = 0;                 // words of the race's exports taken in
  std::vector<bool> eliminated_;
};

}  // namespace stacksplit::apps::sat
