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
// as it does, so that its member 0 (CaDiCaL on the whole formula) starts
// after milliseconds of probing, not seconds.
//
// The probes, cheapest first; the first with a verdict decides:
//   0. size: a formula of more than kMostLookaheadVariables variables goes to
//      the portfolio at once, unprobed (choice_without_probes).
//   1. CDCL, briefly: CaDiCaL gets the whole formula for kLeastProbeConflicts
//      conflicts (formulas far from their threshold, parity chains, BMC
//      instances whose counterexample is easy). If it decides the formula,
//      the formula is decided: cube-and-conquer, whose search is then its
//      root, answered by the probe.
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
//      fast loses little to the probe. Decided: as in 1. If not:
//   5. sample cubes, where DPLL would take seconds (see CubeTrial below):
//      cube-and-conquer if CDCL decides most of them with half the work
//      DPLL needs below them, DPLL otherwise.
// The look-ahead probes (reach and dives) also stop after
// kMostLookaheadProbeSeconds of the probing thread's CPU time
// (ThreadCpuClock: with one worker the race's turns come between probe
// steps): look-ahead that slow is not DPLL's formula (the portfolio). The
// rest counts propagations, clause visits and conflicts with fixed seeds;
// under mpirun rank 0's choice is every rank's (sat_command.cpp), since a
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
#include "apps/sat/limits/thread_cpu_clock.hpp"

namespace stacksplit::apps::sat {

enum class SolverKind : std::uint8_t { kDpll, kCubeAndConquer, kPortfolio };

std::string_view to_string(SolverKind kind);

// A share of the free variables fixed by one root child at or above which
// `auto` picks cube-and-conquer.
inline constexpr double kChainReach = 0.2;

// The larger share of the root's free variables one child of the root
// fixes (0 when the root is closed); `space` is a pure DPLL space, moved.
double root_implication_reach(DpllSpace space);

// Dives, and the depth at which a dive stops and counts as deep: 2^32 nodes
// is beyond any DPLL run.
inline constexpr int kDives = 15;
inline constexpr std::uint32_t kDeepDive = 32;

// Clause visits the dives may spend in all: on a formula of a few hundred
// thousand clauses one look-ahead node costs millions of visits, and the
// probes must stay a small part of what CDCL needs (tens of milliseconds).
inline constexpr std::uint64_t kMostDiveVisits = 20'000'000;

// Variables beyond which look-ahead is not probed at all: one look-ahead node
// then costs tens of milliseconds, and formulas that large (circuits, BMC,
// planning) are CDCL's. Random 3-SAT that DPLL decides has hundreds.
inline constexpr std::int32_t kMostLookaheadVariables = 5'000;

// CPU time the reach and the dives may take together before the formula
// goes to the portfolio (inductive inference and adder circuits of a few
// hundred variables take seconds of look-ahead; random 3-SAT milliseconds).
inline constexpr double kMostLookaheadProbeSeconds = 0.75;

struct DpllEstimate {
  int dives = 0;  // made (fewer than kDives once most are deep)
  int deep = 0;   // reached kDeepDive decisions without a leaf
  bool found_model = false;
  bool over_budget = false;  // the dives stopped at kMostDiveVisits
  double nodes = 0;          // Knuth's estimate of the look-ahead tree's size
  double propagations = 0;   // nodes × the dives' propagations per node
  double visits = 0;         // nodes × the dives' clause visits per node
  double seconds = 0;        // visits at the dives' own pace (CPU): one worker's DPLL time
  bool most_are_deep() const { return 2 * deep > kDives; }
};

// Random dives down the look-ahead tree of `space`, a pure DPLL space (moved),
// until `deadline` (this thread's CPU time) at the latest (then over_budget),
// or until `stop` says so (then over_budget too).
DpllEstimate estimate_dpll(DpllSpace space,
                           ThreadCpuClock::time_point deadline = ThreadCpuClock::time_point::max(),
                           const std::function<bool()>& stop = {});

// CaDiCaL's conflicts for the whole formula: one per kPropagationsPerConflict
// estimated DPLL propagations, within [kLeastProbeConflicts, kMostProbeConflicts]
// (a few milliseconds to about two seconds).
inline constexpr double kPropagationsPerConflict = 40'000;
inline constexpr int kLeastProbeConflicts = 300;
inline constexpr int kMostProbeConflicts = 50'000;
int probe_conflicts(const DpllEstimate& estimate);

// Estimated DPLL propagations beyond which DPLL is not chosen even when the
// CDCL probe did not decide (some minutes of look-ahead).
inline constexpr double kHopelessPropagations = 5e9;

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
inline constexpr double kLeastVisitsForCubeTrial = 5e8;
inline constexpr int kCubeSamples = 5;
// A CaDiCaL conflict costs about as much time as this many DPLL clause
// visits (both measured on this project's development machine on van der
// Waerden, random 3-SAT and pigeon-hole formulas).
inline constexpr double kVisitsPerConflict = 1000;
inline constexpr int kMostCubeConflicts = 200'000;
// The cubes' depth, in decisions, as a share of log2 of the tree's estimated
// nodes: past halfway down, a cube is cheap to decide both ways.
inline constexpr double kCubeDepthFraction = 0.6;
// Look-ahead trees are lopsided: on quasigroup formulas a random path that
// far down ends in subtrees of some 3 nodes against 74 for the mean cube,
// where look-ahead is done before CaDiCaL has started, and the trial chose
// DPLL for a formula cube-and-conquer decides 7 times faster (qg3-09: 8 s
// against 1.1 s). A cube whose DPLL work is under 1 / kSmallCubeRatio of the
// mean cube's (the tree's over 2^depth) is small; a trial lost on small cubes
// only is taken again with cubes kShallowCubeDepthFraction down, which hold
// hundreds of nodes there.
inline constexpr double kSmallCubeRatio = 16;
inline constexpr double kShallowCubeDepthFraction = 0.4;
// Shallow cubes are large: so that the trial cannot cost more than a few per
// cent of DPLL's time (two lost cubes settle it), a cube's conflicts are at
// most this share of the whole tree's estimated work in conflicts.
inline constexpr double kMostCubeShare = 0.01;

struct CubeTrial {
  std::uint32_t depth = 0;  // of the sample cubes, in decisions
  int samples = 0;
  int cdcl_wins = 0;     // cubes CaDiCaL decided within its budget
  int small_losses = 0;  // the other cubes, whose DPLL work was small
  double dpll_visits = 0;
  std::uint64_t cdcl_conflicts = 0;
  bool favours_cdcl() const { return samples >= 3 && 3 * cdcl_wins >= 2 * samples; }
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

struct SolverChoice {
  SolverKind kind = SolverKind::kDpll;
  std::string reason;  // one phrase, for the summary and the run record
  double reach = 0;
  DpllEstimate estimate;
  CubeTrial cubes;         // samples 0: not tried
  int cdcl_conflicts = 0;  // given to the CDCL probe; 0: not run
  // What the CDCL probe decided, if it did, and the solver that did (its
  // model, when satisfiable): see CubeSolverShared::whole_formula.
  std::optional<CubeVerdict> whole_formula;
  std::shared_ptr<const CdclCubeSolver> decider;
};

// The choice for a formula of more than kMostLookaheadVariables occurring
// variables, made without any probe: the portfolio. Nullopt for the others.
std::optional<SolverChoice> choice_without_probes(const CnfFormula& formula);

// How the probes run beside auto's race (cdcl_race.hpp), which runs CDCL on
// the whole formula from before the probes to the end of the search.
struct ProbeOptions {
  // The CDCL probes (1. and 4.): without them when the race runs, which asks
  // CDCL the same question with more time.
  bool cdcl = true;
  // True once the race decided the formula: the probes stop, and the choice
  // says so (kDpll: the search's first nodes take the race's verdict).
  std::function<bool()> decided_elsewhere;
  // Called between two steps of the look-ahead probes (reach and dives,
  // every look-ahead candidate): with one worker the race's turn
  // (CdclRace::probe_turn), so that look-ahead slower than CDCL on the
  // formula costs no more than CDCL's time. Not in the CDCL probes and the
  // cube trial, which are CDCL themselves.
  std::function<void()> lookahead_turn;
};
inline constexpr std::string_view kDecidedDuringProbes =
    "CDCL on the whole formula decided it during the probes";

// `space` is a pure DPLL space over `formula`; the CDCL probe stops at
// `time_limit` (may be null).
SolverChoice choose_solver(const DpllSpace& space, const CnfFormula& formula,
                           std::shared_ptr<TimeLimit> time_limit = nullptr,
                           const ProbeOptions& probes = {});

}  // namespace stacksplit::apps::sat
