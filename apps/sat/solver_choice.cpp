#include "apps/sat/solver_choice.hpp"

#include <algorithm>
#include <cmath>
#include <random>

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

DpllEstimate estimate_dpll(DpllSpace space) {
  DpllEstimate estimate;
  const core::Outcome root = space.reset();
  if (root != core::Outcome::kOpen) {
    estimate.found_model = root == core::Outcome::kSolution;
    estimate.nodes = 1;
    return estimate;
  }
  std::mt19937 random(2011);  // fixed: the same choice on every run and rank
  std::vector<Literal> children;
  const std::uint64_t propagations_before = space.propagations();
  double summed_nodes = 0;
  std::uint64_t dive_nodes = 0;
  while (estimate.dives < kDives && !estimate.most_are_deep()) {
    std::uint32_t depth = 0;
    core::Outcome outcome = core::Outcome::kOpen;
    bool cut = false;  // by the time limit: this dive says nothing
    while (outcome == core::Outcome::kOpen && depth < kDeepDive) {
      children.clear();
      core::ChoiceSink<Literal> sink(children);
      space.choices(sink);
      if (children.empty()) {
        cut = true;
        break;
      }
      // A random child; if the look-ahead refutes it on entry, its sibling:
      // the dive follows the tree's open part down to a node whose children
      // are all refuted (a dive that stopped at every refuted child would
      // miss a large subtree hanging off a long chain of them).
      const std::size_t first = random() % children.size();
      outcome = space.descend(children[first]);
      ++dive_nodes;
      for (std::size_t k = 1; outcome == core::Outcome::kDeadEnd && k < children.size(); ++k) {
        space.ascend();
        outcome = space.descend(children[(first + k) % children.size()]);
        ++dive_nodes;
      }
      ++depth;
    }
    for (std::uint32_t level = 0; level < depth; ++level) space.ascend();
    if (cut) break;
    ++estimate.dives;
    if (outcome == core::Outcome::kSolution) {
      estimate.found_model = true;
      break;
    }
    if (outcome == core::Outcome::kOpen) ++estimate.deep;
    summed_nodes += std::ldexp(2.0, static_cast<int>(depth)) - 1;
  }
  if (estimate.dives == 0) return estimate;
  estimate.nodes = summed_nodes / estimate.dives;
  const double propagations_per_node =
      static_cast<double>(space.propagations() - propagations_before) /
      static_cast<double>(std::max<std::uint64_t>(1, dive_nodes));
  estimate.propagations = estimate.nodes * propagations_per_node;
  return estimate;
}

int probe_conflicts(const DpllEstimate& estimate) {
  const double conflicts = estimate.propagations / kPropagationsPerConflict;
  return static_cast<int>(std::clamp<double>(conflicts, kLeastProbeConflicts, kMostProbeConflicts));
}

SolverChoice choose_solver(const DpllSpace& space, const CnfFormula& formula,
                           std::shared_ptr<TimeLimit> time_limit) {
  SolverChoice choice;
  // One CaDiCaL for both CDCL probes: the second goes on where the first
  // stopped, with what it learned.
  auto probe = std::make_shared<CdclCubeSolver>(
      std::make_shared<CubeSolverShared>(formula, std::move(time_limit)));
  auto decided_by = [&](int conflicts) {
    choice.cdcl_conflicts += conflicts;
    const CubeVerdict verdict = probe->solve({}, conflicts);
    if (verdict == CubeVerdict::kStopped) return false;
    choice.kind = SolverKind::kCubeAndConquer;
    choice.reason = "CDCL decided the formula in the probe";
    choice.whole_formula = verdict;
    choice.decider = probe;
    return true;
  };
  if (decided_by(kLeastProbeConflicts)) return choice;

  choice.reach = root_implication_reach(space);
  if (choice.reach >= kChainReach) {
    choice.kind = SolverKind::kCubeAndConquer;
    choice.reason = "a root decision implies a long chain";
    return choice;
  }
  choice.estimate = estimate_dpll(space);
  const bool deep = choice.estimate.most_are_deep();
  // A tree too deep for DPLL goes to cube-and-conquer anyway; CaDiCaL may
  // as well try the whole formula first, with the most conflicts.
  const int budget = deep ? kMostProbeConflicts : probe_conflicts(choice.estimate);
  if (budget > choice.cdcl_conflicts && decided_by(budget - choice.cdcl_conflicts)) return choice;
  if (deep || choice.estimate.propagations >= kHopelessPropagations) {
    choice.kind = SolverKind::kCubeAndConquer;
    choice.reason = deep ? "the look-ahead tree is too deep" : "the look-ahead tree is too large";
    return choice;
  }
  choice.reason =
      choice.estimate.found_model ? "a look-ahead dive found a model" : "the look-ahead tree is small";
  return choice;
}

}  // namespace stacksplit::apps::sat
