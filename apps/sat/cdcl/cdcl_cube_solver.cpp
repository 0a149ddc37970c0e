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
  return engine_->solve(cube, conflict_limit);
}

}  // namespace stacksplit::apps::sat
