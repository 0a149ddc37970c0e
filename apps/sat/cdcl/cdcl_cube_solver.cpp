#include "apps/sat/cdcl/cdcl_cube_solver.hpp"

#include <cadical.hpp>

namespace stacksplit::apps::sat {

namespace {

// CaDiCaL's terminate callback: asks the shared search end.
class StopWhenSearchEnds final : public CaDiCaL::Terminator {
 public:
  StopWhenSearchEnds(const SearchEnd& end, std::function<bool()> pause)
      : pause(std::move(pause)), end_(end) {}
  bool terminate() override { return end_.reached() || (pause && pause()); }
  std::function<bool()> pause;  // CdclCubeSolver::set_pause's

 private:
  const SearchEnd& end_;
};

// CaDiCaL 1.5 has no statistics getter; it offers every learned clause to a
// learner, one per conflict, so counting the offers counts the conflicts.
// Declining them costs nothing more.
class ConflictCounter final : public CaDiCaL::Learner {
 public:
  bool learning(int /*size*/) override {
    ++count;
    return false;
  }
  void learn(int /*lit*/) override {}
  std::uint64_t count = 0;
};

}  // namespace

struct CdclCubeSolver::Engine {
  Engine(const SearchEnd& end, std::function<bool()> pause) : stop(end, std::move(pause)) {
    solver.connect_terminator(&stop);
    solver.connect_learner(&conflicts);
  }
  ~Engine() {
    solver.disconnect_learner();
    solver.disconnect_terminator();
  }
  CaDiCaL::Solver solver;
  StopWhenSearchEnds stop;
  ConflictCounter conflicts;
};

CdclCubeSolver::CdclCubeSolver(std::shared_ptr<CubeSolverShared> shared)
    : shared_(std::move(shared)) {}
CdclCubeSolver::CdclCubeSolver(const CdclCubeSolver& other) : shared_(other.shared_) {}
CdclCubeSolver& CdclCubeSolver::operator=(const CdclCubeSolver& other) {
  if (this != &other) {
    shared_ = other.shared_;
    engine_.reset();
    model_from_whole_formula_ = false;
  }
  return *this;
}
CdclCubeSolver::CdclCubeSolver(CdclCubeSolver&&) noexcept = default;
CdclCubeSolver& CdclCubeSolver::operator=(CdclCubeSolver&&) noexcept = default;
CdclCubeSolver::~CdclCubeSolver() = default;

void CdclCubeSolver::load() {
  engine_ = std::make_unique<Engine>(shared_->end, pause_);
  const CnfFormula& formula = shared_->formula;
  CaDiCaL::Solver& solver = engine_->solver;
  // Only the variables in some clause exist for CaDiCaL (a header may declare
  // millions more, which must cost nothing); models are asked only for those,
  // the solver's own variables (DpllSpace::solution).
  if (formula.has_empty_clause()) solver.add(0);
  for (std::size_t c = 0; c < formula.num_clauses(); ++c) {
    for (Literal l : formula.clause(c)) solver.add(l);
    solver.add(0);
  }
}

CubeVerdict CdclCubeSolver::solve(std::span<const Literal> cube, int conflict_limit) {
  model_from_whole_formula_ = false;
  if (shared_->whole_formula == CubeVerdict::kUnsatisfiable) return CubeVerdict::kUnsatisfiable;
  if (shared_->whole_formula == CubeVerdict::kSatisfiable && cube.empty()) {
    model_from_whole_formula_ = true;
    return CubeVerdict::kSatisfiable;
  }
  if (!engine_) load();
  if (shared_->end.reached()) return CubeVerdict::kStopped;
  CaDiCaL::Solver& solver = engine_->solver;
  for (Literal l : cube) solver.assume(l);
  if (conflict_limit >= 0) solver.limit("conflicts", conflict_limit);
  switch (solver.solve()) {
    case 10:
      copy_model();
      return CubeVerdict::kSatisfiable;
    case 20:
      return CubeVerdict::kUnsatisfiable;
    default:
      return CubeVerdict::kStopped;
  }
}

void CdclCubeSolver::set_pause(std::function<bool()> pause_or_stop) {
  pause_ = std::move(pause_or_stop);
  if (engine_) engine_->stop.pause = pause_;
}

void CdclCubeSolver::copy_model() {
  const CnfFormula& formula = shared_->formula;
  model_.assign(static_cast<std::size_t>(formula.num_variables()) + 1, 0);
  // Only the variables in some clause exist for CaDiCaL (see load()).
  for (std::size_t c = 0; c < formula.num_clauses(); ++c) {
    for (Literal l : formula.clause(c)) {
      const Literal var = l < 0 ? -l : l;
      Literal& value = model_[static_cast<std::size_t>(var)];
      if (value == 0) value = engine_->solver.val(var) > 0 ? var : -var;
    }
  }
}

Literal CdclCubeSolver::value(std::int32_t var) const {
  if (model_from_whole_formula_) return shared_->whole_formula_solver->value(var);
  return model_[static_cast<std::size_t>(var)];
}

std::uint64_t CdclCubeSolver::conflicts() const { return engine_ ? engine_->conflicts.count : 0; }

}  // namespace stacksplit::apps::sat
