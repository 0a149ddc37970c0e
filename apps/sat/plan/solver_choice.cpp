#include "apps/sat/plan/solver_choice.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>

namespace stacksplit::apps::sat {

std::string_view to_string(SolverKind kind) {
  switch (kind) {
    case SolverKind::kDpll:
      return "dpll";
    case SolverKind::kCubeAndConquer:
      return "cnc";
    case SolverKind::kPortfolio:
      break;
  }
  return "portfolio";
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

namespace {

// One step down a random path: a random child of the node `space` stands at;
// if the look-ahead refutes it on entry, its siblings in turn, so that a path
// follows the tree's open part down to a node whose children are all refuted
// (a path that stopped at every refuted child would miss a large subtree
// hanging off a long chain of them). Returns the outcome of the node entered
// (one is entered unless the node has no children: nullopt, the time limit
// cut it) and counts every node entered.
std::optional<core::Outcome> step_down(DpllSpace& space, std::mt19937& random,
                                       std::vector<Literal>& children, std::uint64_t& entered) {
  children.clear();
  core::ChoiceSink<Literal> sink(children);
  space.choices(sink);
  if (children.empty()) return std::nullopt;
  const std::size_t first = random() % children.size();
  core::Outcome outcome = space.descend(children[first]);
  ++entered;
  for (std::size_t k = 1; outcome == core::Outcome::kDeadEnd && k < children.size(); ++k) {
    space.ascend();
    outcome = space.descend(children[(first + k) % children.size()]);
    ++entered;
  }
  return outcome;
}

// Knuth's dives from the node `space` stands at (it is left there): up to
// `count` random paths down the look-ahead tree, each at most kDeepDive
// decisions below it.
struct Dives {
  int made = 0;
  int deep = 0;
  bool found_model = false;
  bool over_budget = false;
  double summed_nodes = 0;    // of the dives' Knuth estimates
  std::uint64_t entered = 0;  // nodes the dives entered, refuted ones included
  std::uint64_t propagations = 0;
  std::uint64_t visits = 0;
  double nodes() const { return made == 0 ? 0 : summed_nodes / made; }
  double per_node(std::uint64_t total) const {
    return static_cast<double>(total) / static_cast<double>(std::max<std::uint64_t>(1, entered));
  }
};

using Clock = ThreadCpuClock;

Dives dive(DpllSpace& space, std::mt19937& random, int count,
           std::uint64_t most_visits = ~std::uint64_t{0},
           Clock::time_point deadline = Clock::time_point::max(),
           const std::function<bool()>& stop = {}) {
  Dives dives;
  std::vector<Literal> children;
  const std::uint64_t propagations_before = space.propagations();
  const std::uint64_t visits_before = space.visits();
  const Clock::time_point start = Clock::now();
  while (dives.made < count && 2 * dives.deep <= count) {
    // The dives still to make, at the pace of those made, would pass the
    // budget: they are over it now (a formula whose first dives take most
    // of the budget costs that much less).
    const double left =
        dives.made == 0 ? 0.0 : static_cast<double>(count - dives.made) / dives.made;
    const Clock::time_point now = Clock::now();
    if (static_cast<double>(space.visits() - visits_before) * (1 + left) >
            static_cast<double>(most_visits) ||
        (deadline != Clock::time_point::max() &&
         now + std::chrono::duration_cast<Clock::duration>((now - start) * left) > deadline)) {
      dives.over_budget = true;
      break;
    }
    std::uint32_t depth = 0;
    core::Outcome outcome = core::Outcome::kOpen;
    bool cut = false;  // by the time limit: this dive says nothing
    while (outcome == core::Outcome::kOpen && depth < kDeepDive) {
      if (space.visits() - visits_before > most_visits || Clock::now() > deadline ||
          (stop && stop())) {
        dives.over_budget = true;
        cut = true;
        break;
      }
      const std::optional<core::Outcome> entered =
          step_down(space, random, children, dives.entered);
      if (!entered) {
        cut = true;
        break;
      }
      outcome = *entered;
      ++depth;
    }
    for (std::uint32_t level = 0; level < depth; ++level) space.ascend();
    if (cut) break;
    ++dives.made;
    if (outcome == core::Outcome::kSolution) {
      dives.found_model = true;
      break;
    }
    if (outcome == core::Outcome::kOpen) ++dives.deep;
    dives.summed_nodes += std::ldexp(2.0, static_cast<int>(depth)) - 1;
  }
  dives.propagations = space.propagations() - propagations_before;
  dives.visits = space.visits() - visits_before;
  return dives;
}

}  // namespace

DpllEstimate estimate_dpll(DpllSpace space, Clock::time_point deadline,
                           const std::function<bool()>& stop) {
  DpllEstimate estimate;
  const core::Outcome root = space.reset();
  if (root != core::Outcome::kOpen) {
    estimate.found_model = root == core::Outcome::kSolution;
    estimate.nodes = 1;
    return estimate;
  }
  std::mt19937 random(2011);  // fixed: the same choice on every run and rank
  const Clock::time_point start = Clock::now();
  const Dives dives = dive(space, random, kDives, kMostDiveVisits, deadline, stop);
  const double dive_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  estimate.dives = dives.made;
  estimate.deep = dives.deep;
  estimate.found_model = dives.found_model;
  estimate.over_budget = dives.over_budget;
  if (dives.made == 0) return estimate;
  estimate.nodes = dives.nodes();
  estimate.propagations = estimate.nodes * dives.per_node(dives.propagations);
  estimate.visits = estimate.nodes * dives.per_node(dives.visits);
  if (dives.visits > 0)
    estimate.seconds = estimate.visits * dive_seconds / static_cast<double>(dives.visits);
  return estimate;
}

CubeTrial try_cubes(DpllSpace space, CdclCubeSolver& cdcl, const DpllEstimate& estimate,
                    double depth_fraction) {
  CubeTrial trial;
  if (space.reset() != core::Outcome::kOpen) return trial;
  trial.depth = static_cast<std::uint32_t>(
      std::clamp(depth_fraction * std::log2(std::max(estimate.nodes, 1.0)), 4.0, 20.0));
  const double mean_cube_visits = estimate.visits / std::ldexp(1.0, static_cast<int>(trial.depth));
  const double most_conflicts =
      std::min(double{kMostCubeConflicts}, kMostCubeShare * estimate.visits / kVisitsPerConflict);
  std::mt19937 random(1975);  // fixed: the same choice on every run and rank
  std::vector<Literal> children, cube;
  std::uint64_t entered = 0;
  for (int attempt = 0;
       attempt < 2 * kCubeSamples && trial.samples < kCubeSamples && !trial.decided(); ++attempt) {
    // A random path `depth` decisions down, its refuted children passed by.
    std::uint32_t depth = 0;
    core::Outcome outcome = core::Outcome::kOpen;
    while (outcome == core::Outcome::kOpen && depth < trial.depth) {
      const std::optional<core::Outcome> step = step_down(space, random, children, entered);
      if (!step) break;
      outcome = *step;
      ++depth;
    }
    if (outcome == core::Outcome::kOpen && depth == trial.depth) {
      // DPLL's work below the cube, estimated as for the whole tree; CDCL
      // wins if it decides the cube with half that work in conflicts (and
      // no more than most_conflicts).
      const Dives below = dive(space, random, kDives);
      const double dpll_visits = below.nodes() * below.per_node(below.visits);
      const double budget = std::min(dpll_visits / kVisitsPerConflict / 2, most_conflicts);
      space.current_cube(cube);
      const std::uint64_t before = cdcl.conflicts();
      const Verdict verdict = cdcl.solve(cube, static_cast<int>(std::max(budget, 1.0)));
      const std::uint64_t used = cdcl.conflicts() - before;
      trial.dpll_visits += dpll_visits;
      trial.cdcl_conflicts += used;
      ++trial.samples;
      if (verdict != Verdict::kUnknown && static_cast<double>(used) <= budget)
        ++trial.cdcl_wins;
      else if (dpll_visits * kSmallCubeRatio < mean_cube_visits)
        ++trial.small_losses;
    }
    for (std::uint32_t level = 0; level < depth; ++level) space.ascend();
  }
  return trial;
}

SolverKind cube_trial_choice(const CubeTrial& trial, bool one_worker) {
  if (!trial.favours_cdcl()) return SolverKind::kDpll;
  if (one_worker && trial.cdcl_share() < kLeastCubeShareForOneWorker) return SolverKind::kPortfolio;
  return SolverKind::kCubeAndConquer;
}

int probe_conflicts(const DpllEstimate& estimate) {
  const double conflicts = estimate.propagations / kPropagationsPerConflict;
  return static_cast<int>(std::clamp<double>(conflicts, kLeastProbeConflicts, kMostProbeConflicts));
}

std::optional<SolverChoice> choice_without_probes(const CnfFormula& formula) {
  if (occurring_variables(formula).size() <= static_cast<std::size_t>(kMostLookaheadVariables))
    return std::nullopt;
  SolverChoice choice;
  choice.kind = SolverKind::kPortfolio;
  choice.reason = "too many variables for look-ahead";
  return choice;
}

SolverChoice choose_solver(const DpllSpace& prototype, const CnfFormula& formula,
                           const ProbeOptions& probes) {
  if (std::optional<SolverChoice> unprobed = choice_without_probes(formula)) return *unprobed;
  const std::shared_ptr<SearchEnd> end =
      probes.end ? probes.end : std::make_shared<SearchEnd>(nullptr);
  // The probes' own space: its look-ahead stops when the run's end is
  // reached, and in the reach and the dives yields the race its turns.
  const auto lookahead_step = [&probes, &end] {
    if (probes.turns) probes.turns->yield(FairShare::kSearch, [&end] { return end->reached(); });
    return end->reached();
  };
  DpllSpace space = prototype;
  space.interrupt_lookahead_when(lookahead_step);
  SolverChoice choice;
  auto decided_elsewhere = [&] {
    if (!end->reached()) return false;
    choice.kind = SolverKind::kDpll;
    choice.reason = end->decided() ? kDecidedDuringProbes : kEndedDuringProbes;
    return true;
  };
  // One CaDiCaL for both CDCL probes: the second goes on where the first
  // stopped, with what it learned.
  auto probe = std::make_shared<CdclCubeSolver>(
      std::make_shared<CubeSolverShared>(formula, end, probes.proof));
  auto decided_by = [&](int conflicts) {
    choice.cdcl_conflicts += conflicts;
    const Verdict verdict = probe->solve({}, conflicts);
    if (verdict == Verdict::kUnknown) return false;
    end->board().post("CDCL probe", verdict,
                      verdict == Verdict::kSatisfiable ? probe->model() : Model{});
    choice.kind = SolverKind::kCubeAndConquer;
    choice.reason = kDecidedDuringProbes;
    return true;
  };
  if ((probes.cdcl && decided_by(kLeastProbeConflicts)) || decided_elsewhere()) return choice;

  // From here on, a formula that looks like CDCL's goes to the portfolio at
  // once, without more probing: its member 0 is CaDiCaL on the whole formula.
  const Clock::time_point deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(kMostLookaheadProbeSeconds));
  choice.reach = root_implication_reach(space);
  if (decided_elsewhere()) return choice;
  if (choice.reach >= kChainReach) {
    choice.kind = SolverKind::kPortfolio;
    choice.reason = "a root decision implies a long chain";
    return choice;
  }
  choice.estimate = estimate_dpll(space, deadline, lookahead_step);
  space.interrupt_lookahead_when([&end] { return end->reached(); });
  if (decided_elsewhere()) return choice;
  if (choice.estimate.over_budget && !choice.estimate.found_model) {
    choice.kind = SolverKind::kPortfolio;
    choice.reason = "look-ahead is too slow here";
    return choice;
  }
  const bool deep = choice.estimate.most_are_deep();
  if (deep || choice.estimate.propagations >= kHopelessPropagations) {
    choice.kind = SolverKind::kPortfolio;
    choice.reason = deep ? "the look-ahead tree is too deep" : std::string(kTreeTooLarge);
    return choice;
  }
  const bool cube_trial =
      choice.estimate.visits >= kLeastVisitsForCubeTrial && !choice.estimate.found_model;
  // With one worker the race is this probe: the search stands aside until
  // the race has had the probe's conflicts, so that a formula CDCL decides
  // in them costs one CDCL run, not two (a copy of the race in the probe,
  // as before, decided them on the search's time and otherwise repeated
  // the race's work).
  if (probes.one_worker && probes.turns && probes.race_conflicts) {
    const std::uint64_t conflicts = static_cast<std::uint64_t>(probe_conflicts(choice.estimate));
    probes.turns->stand_aside(
        FairShare::kSearch, [&] { return probes.race_conflicts() >= conflicts; },
        [&end] { return end->reached(); });
    if (decided_elsewhere()) return choice;
  }
  // Beside the race this probe only warms up the cube trial's CaDiCaL (the
  // trial's cubes are decided with what it learned on the whole formula),
  // and the race asks the whole formula's question itself: the first
  // probe's conflicts are enough (van der Waerden at 178, the same cubes'
  // verdicts as after the 835 the estimate would give; with none, CaDiCaL
  // loses them), and more (up to kMostProbeConflicts, a second or so)
  // would repeat the race's work.
  const int budget = probes.cdcl ? probe_conflicts(choice.estimate) : kLeastProbeConflicts;
  if ((probes.cdcl || cube_trial) && budget > choice.cdcl_conflicts &&
      decided_by(budget - choice.cdcl_conflicts))
    return choice;
  if (decided_elsewhere()) return choice;
  if (cube_trial) {
    choice.cubes = try_cubes(space, *probe, choice.estimate);
    if (decided_elsewhere()) return choice;
    if (choice.cubes.lost_on_small_cubes_only()) {
      choice.cubes = try_cubes(space, *probe, choice.estimate, kShallowCubeDepthFraction);
      if (decided_elsewhere()) return choice;
    }
    choice.kind = cube_trial_choice(choice.cubes, probes.one_worker);
    if (choice.kind == SolverKind::kPortfolio) {
      choice.reason = "CDCL decided sample cubes with a small part of DPLL's work";
      return choice;
    }
    if (choice.kind == SolverKind::kCubeAndConquer) {
      choice.reason = "CDCL decided sample cubes faster than DPLL would";
      return choice;
    }
  }
  choice.reason = choice.estimate.found_model ? "a look-ahead dive found a model"
                                              : "the look-ahead tree is small";
  return choice;
}

}  // namespace stacksplit::apps::sat
