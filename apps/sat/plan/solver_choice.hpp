#pragma once
// --solver auto: pure look-ahead DPLL, cube-and-conquer or the CDCL
// portfolio, chosen per formula by probes. Look-ahead DPLL wins where a
// decision implies little and the look-ahead's choice matters (uniform random
// k-SAT, pigeon-hole formulas: the look-ahead refutes a node some twenty
// decisions deep, and CDCL needs hundreds of thousands of conflicts); CDCL
// wins where decisions set off long implication chains (circuits, bounded
// model checking), which it learns from and DPLL walks again and again, and
// where what DPLL cannot see without learning is cheap for CDCL (parity
// chains: nothing propagates, yet CDCL refutes them in a few hundred
// conflicts). A formula that looks like CDCL's goes to the portfolio as soon
// as it does. The probes decide only what the workers beside the race do:
// the race (CaDiCaL on the whole formula, cdcl/cdcl_race.hpp) runs from
// before them to the end whatever they say, so a misjudged formula costs at
// most what the race's bound says, not the probes' error.
//
// The probes, cheapest first; the first with a verdict decides:
//   0. size: a formula of more than kMostLookaheadVariables variables goes to
//      the portfolio at once, unprobed (choice_without_probes).
//   1. CDCL, briefly: CaDiCaL gets the whole formula for kLeastProbeConflicts
//      conflicts (formulas far from their threshold, parity chains, BMC
//      instances whose counterexample is easy). If it decides the formula,
//      the formula is decided (its verdict goes to the run's board, and the
//      search has nothing left to do). Not beside the race.
//   2. reach: the look-ahead enters both children of the root; one of them
//      fixing a large share of the free variables is an implication chain:
//      the portfolio.
//   3. dives: random paths from the root down the look-ahead tree estimate
//      its size (Knuth, "Estimating the efficiency of backtrack programs",
//      1975: a leaf d decisions deep of a binary tree stands for 2^(d+1) − 1
//      nodes). A dive whose child the look-ahead refutes on entry takes the
//      sibling, so that it ends only where both children are refuted: a
//      large subtree hanging off a long chain of refuted children (a BMC
//      unrolling) is not missed. The dives stop at kMostDiveVisits clause
//      visits: look-ahead that costly is not DPLL's formula (the portfolio).
//      Most dives deeper than kDeepDive decisions, or an estimate too large
//      for DPLL to finish: the portfolio.
//   4. CDCL again, where it stopped, up to a number of conflicts in
//      proportion to the estimated DPLL work, so that a formula DPLL decides
//      fast loses little to the probe. Decided: as in 1. Beside a race,
//      only a warm-up for 5. (the race asks the same question): with one
//      worker the race is given those conflicts instead, the search
//      standing aside until it has had them.
//   5. sample cubes, where DPLL would take seconds (see CubeTrial below):
//      cube-and-conquer if CDCL decides most of them with half the work
//      DPLL needs below them, DPLL otherwise. With one worker beside the
//      race, cubes CDCL decides with a small part of DPLL's work mean the
//      race alone (cube_trial_choice); otherwise cube-and-conquer gets a
//      probe's budget of CPU time beside it, and no more (plan/sat_plan.cpp).
// The look-ahead probes (reach and dives) also stop after
// kMostLookaheadProbeSeconds of the probing thread's CPU time
// (ThreadCpuClock: with one worker the race's turns come between probe
// steps): look-ahead that slow is not DPLL's formula (the portfolio). The
// rest counts propagations, clause visits and conflicts with fixed seeds;
// under mpirun rank 0's choice is every rank's (plan/sat_plan.hpp), since a
// clock or a time limit can differ between ranks.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "apps/sat/cdcl/cdcl_cube_solver.hpp"
#include "apps/sat/dpll/dpll_space.hpp"
#include "apps/sat/limits/fair_share.hpp"
#include "apps/sat/limits/search_end.hpp"
#include "apps/sat/limits/thread_cpu_clock.hpp"
#include "apps/sat/tuning.hpp"

namespace stacksplit::apps::sat {

enum class SolverKind : std::uint8_t { kDpll, kCubeAndConquer, kPortfolio };

std::string_view to_string(SolverKind kind);

// The larger share of the root's free variables one child of the root
// fixes (0 when the root is closed); `space` is a pure DPLL space, moved.
double root_implication_reach(DpllSpace space);

struct DpllEstimate {
  int dives = 0;  // made (fewer than kDives once most are deep)
  int deep = 0;   // reached kDeepDive decisions without a leaf
  bool found_model = false;
  bool over_budget = false;  // the dives stopped at their budget (or would pass it at their pace)
  double nodes = 0;          // Knuth's estimate of the look-ahead tree's size
  double propagations = 0;   // nodes × the dives' propagations per node
  double visits = 0;         // nodes × the dives' clause visits per node
  double seconds = 0;        // visits at the dives' own pace (CPU): one worker's DPLL time
  bool most_are_deep() const { return 2 * deep > kDives; }
};

// Random dives down the look-ahead tree of `space`, a pure DPLL space (moved),
// until `deadline` (this thread's CPU time) at the latest (then over_budget;
// as soon as the dives still to make would pass it, or kMostDiveVisits, at
// the pace of those made), or until `stop` says so (then over_budget too).
DpllEstimate estimate_dpll(DpllSpace space,
                           ThreadCpuClock::time_point deadline = ThreadCpuClock::time_point::max(),
                           const std::function<bool()>& stop = {});

// CaDiCaL's conflicts for the whole formula: one per kPropagationsPerConflict
// estimated DPLL propagations, within [kLeastProbeConflicts, kMostProbeConflicts]
// (a few milliseconds to about two seconds).
int probe_conflicts(const DpllEstimate& estimate);

// The cube trial (5.), where DPLL's estimated work is at least
// kLeastVisitsForCubeTrial clause visits (some seconds): up to kCubeSamples
// random nodes kCubeDepthFraction of the look-ahead tree's depth down are
// taken as cubes; below each, dives estimate DPLL's work in clause visits, and
// CaDiCaL (the probe's instance, with what it learned) gets half that work in
// conflicts (kVisitsPerConflict) to decide the cube. Where it does on two
// thirds of them, cube-and-conquer: van der Waerden formulas, whose long
// clauses make every look-ahead node expensive and whose cubes CDCL refutes
// quickly. Random 3-SAT and pigeon-hole cubes are hard for CDCL; the trial
// stops as soon as its verdict is certain. (Cube-and-conquer's own cubes are
// chosen the same way, by look-ahead, as in "Cube and Conquer: Guiding CDCL
// SAT Solvers by Lookaheads", Heule, Kullmann, Wieringa & Biere 2011.)
// A CaDiCaL conflict costs about as much time as this many DPLL clause
// visits (both measured on this project's development machine on van der
// Waerden, random 3-SAT and pigeon-hole formulas).
// The cubes' depth, in decisions, as a share of log2 of the tree's estimated
// nodes: past halfway down, a cube is cheap to decide both ways.
// Look-ahead trees are lopsided: on quasigroup formulas a random path that
// far down ends in subtrees of some 3 nodes against 74 for the mean cube,
// where look-ahead is done before CaDiCaL has started, and the trial chose
// DPLL for a formula cube-and-conquer decides 7 times faster (qg3-09: 8 s
// against 1.1 s). A cube whose DPLL work is under 1 / kSmallCubeRatio of the
// mean cube's (the tree's over 2^depth) is small; a trial lost on small cubes
// only is taken again with cubes kShallowCubeDepthFraction down, which hold
// hundreds of nodes there.
// Shallow cubes are large: so that the trial cannot cost more than a few per
// cent of DPLL's time (two lost cubes settle it), a cube's conflicts are at
// most this share of the whole tree's estimated work in conflicts.

struct CubeTrial {
  std::uint32_t depth = 0;  // of the sample cubes, in decisions
  int samples = 0;
  int cdcl_wins = 0;     // cubes CaDiCaL decided within its budget
  int small_losses = 0;  // the other cubes, whose DPLL work was small
  double dpll_visits = 0;
  std::uint64_t cdcl_conflicts = 0;
  // Two thirds of the samples. Where most random paths end before the
  // cubes' depth (refuted on the way), the samples that reach it are all the
  // trial has, however few.
  bool favours_cdcl() const { return samples >= 1 && 3 * cdcl_wins >= 2 * samples; }
  // CaDiCaL's conflicts on the sample cubes over DPLL's estimated work below
  // them, in conflicts: far under 1, the look-ahead's cubes are CDCL's
  // formula cut in pieces, and cube-and-conquer does about CDCL's own work.
  double cdcl_share() const {
    return dpll_visits > 0 ? static_cast<double>(cdcl_conflicts) * kVisitsPerConflict / dpll_visits
                           : 1;
  }
  // No further sample can change the verdict over kCubeSamples.
  bool decided() const {
    return 3 * cdcl_wins >= 2 * kCubeSamples ||
           3 * (cdcl_wins + kCubeSamples - samples) < 2 * kCubeSamples;
  }
  // CDCL lost, and on small cubes only: the trial says little.
  bool lost_on_small_cubes_only() const {
    return !favours_cdcl() && samples > cdcl_wins && small_losses == samples - cdcl_wins;
  }
};

// The cube trial from the root of `space`, a pure DPLL space (moved), with
// `cdcl` (the probe's instance), its cubes depth_fraction of the tree's depth
// down.
CubeTrial try_cubes(DpllSpace space, CdclCubeSolver& cdcl, const DpllEstimate& estimate,
                    double depth_fraction = kCubeDepthFraction);

// What the trial chooses: DPLL unless it favours CDCL; then
// cube-and-conquer, but with one worker beside the race (`one_worker`: the
// search takes half the race's core) the race alone (the portfolio) where
// CDCL's share of DPLL's work on the cubes is under
// kLeastCubeShareForOneWorker, since cube-and-conquer would then do about
// the race's own work at half its speed.
SolverKind cube_trial_choice(const CubeTrial& trial, bool one_worker);

struct SolverChoice {
  SolverKind kind = SolverKind::kDpll;
  std::string reason;  // one phrase, for the summary and the run record
  double reach = 0;
  DpllEstimate estimate;
  CubeTrial cubes;         // samples 0: not tried
  int cdcl_conflicts = 0;  // given to the CDCL probe; 0: not run
};

// The choice for a formula of more than kMostLookaheadVariables occurring
// variables, made without any probe: the portfolio. Nullopt for the others.
std::optional<SolverChoice> choice_without_probes(const CnfFormula& formula);

// How the probes run.
struct ProbeOptions {
  // The CDCL probes (1. and 4.): without them beside the race, which asks
  // CDCL the same question with more time.
  bool cdcl = true;
  // The run's end: the probes stop once it is reached (the race decided, the
  // time limit, Ctrl-C); a CDCL probe that decides the formula posts its
  // verdict to its board. Null: a time-limit-free end of the probes' own.
  std::shared_ptr<SearchEnd> end;
  // The run's proof, which the CDCL probe's lemmas go to; null: none.
  std::shared_ptr<ProofWriter> proof;
  // The probes are the search's side of these turns (limits/fair_share.hpp),
  // yielding between look-ahead steps: with one worker, turns with the
  // race; beside a race with a core of its own, with the portfolio's first
  // member (plan/sat_plan.hpp). Not in the CDCL probes, which are CDCL
  // themselves.
  std::shared_ptr<FairShare> turns;
  // The run's one worker takes turns with the race (in one process: under
  // mpirun the other ranks' workers wait for rank 0's probes, and the
  // choice is made as for several workers). The cube trial's choice
  // depends on it (cube_trial_choice).
  bool one_worker = false;
  // With one_worker: the race's conflicts so far. The search then stands
  // aside until the race has had the second CDCL probe's conflicts (4.),
  // instead of running that probe.
  std::function<std::uint64_t()> race_conflicts;
};
inline constexpr std::string_view kDecidedDuringProbes = "decided during the probes";
// The portfolio's reason for a large look-ahead tree that is not deep:
// random k-SAT's shape (uniform random 3-SAT of 440 variables and more,
// f600), where local search finds models fast.
inline constexpr std::string_view kTreeTooLarge = "the look-ahead tree is too large";
// Whether the portfolio's member 1 should be a walker (portfolio_member):
// with no choice (--solver portfolio), or a formula shaped like random
// k-SAT.
inline bool walker_suits(const std::optional<SolverChoice>& choice) {
  return !choice || choice->reason == kTreeTooLarge;
}
// The time limit or Ctrl-C ended the run before the probes chose.
inline constexpr std::string_view kEndedDuringProbes = "the run ended during the probes";

// `space` is a pure DPLL space over `formula`.
SolverChoice choose_solver(const DpllSpace& space, const CnfFormula& formula,
                           const ProbeOptions& probes = {});

}  // namespace stacksplit::apps::sat
