#include "apps/sat/cdcl/cdcl_cube_solver.hpp"

namespace stacksplit::apps::sat {

Verdict CdclCubeSolver::solve(std::span<const Literal> cube, int conflict_limit) {
  if (shared_->end->reached()) return Verdict::kUnknown;
  if (!engine_) {
    engine_ = std::make_shared<CdclEngine>(
        shared_->formula, CdclSettings{},
        shared_->proof ? ProofLink(shared_->proof, "cube solver") : ProofLink());
    // Captures no `this`: the solver moves with its space.
    engine_->stop_when([shared = shared_, polls = std::uint32_t{0}]() mutable {
      if (shared->end->reached()) return true;
      // With one worker the race's turn may come inside a long cube.
      if (shared->turns && (++polls & 63) == 0) {
        shared->turns->yield(FairShare::kSearch, [&shared] { return shared->end->reached(); });
        return shared->end->reached();
      }
      return false;
    });
  }
  take_race_clauses();
  return engine_->solve(cube, conflict_limit);
}

void CdclCubeSolver::take_race_clauses() {
  if (!shared_->race_clauses) return;
  if (!exchange_)
    exchange_ = std::make_unique<ClauseExchange>(ShareOptions{}, shared_->formula.num_variables());
  shared_->race_clauses->take(race_read_, *exchange_);
  if (exchange_->pending().empty()) return;
  // Not over a variable this solver eliminated: adding one would restore
  // every clause eliminated with it (portfolio_space.cpp).
  engine_->eliminated_variables(eliminated_);
  engine_->import_pending(*exchange_, eliminated_);
}

}  // namespace stacksplit::apps::sat
