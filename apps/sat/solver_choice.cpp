#include "apps/sat/solver_choice.hpp"

#include "apps/sat/cdcl_cube_solver.hpp"

#include <algorithm>
#include <memory>
#include <vector>

namespace stacksplit::apps::sat {

std::string_view to_string(SolverKind kind) {
  return kind == SolverKind::kDpll ? "dpll" : "cnc";
}

double root_implication_reach(DpllSpace space) {
  if (space.reset() != core::Outcome::kOpen) return 0;
  std::vector<Literal> children;
  core::ChoiceSink<Literal> sink(children);
  space.choices(sink);
  const std::uint32_t at_root = space.num_assigned();
  const double free = std::max<std::uint32_t>(1, space.num_variables() - at_root);
  double reach = 0;
  for (Literal child : children) {
    space.descend(child);
    reach = std::max(reach, (space.num_assigned() - at_root) / free);
    space.ascend();
  }
  return reach;
}

bool cdcl_decides_quickly(const CnfFormula& formula) {
  CdclCubeSolver probe(std::make_shared<CubeSolverShared>(formula, nullptr));
  return probe.solve({}, kProbeConflicts) != CubeVerdict::kStopped;
}

SolverKind choose_solver(const DpllSpace& space, const CnfFormula& formula) {
  if (root_implication_reach(space) >= kChainReach) return SolverKind::kCubeAndConquer;
  return cdcl_decides_quickly(formula) ? SolverKind::kCubeAndConquer : SolverKind::kDpll;
}

}  // namespace stacksplit::apps::sat
