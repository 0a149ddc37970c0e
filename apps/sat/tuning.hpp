#pragma once
// Every tuning constant of `stacksplit sat`, once: X(name, type, value,
// unit, why, measured on). None decides whether CDCL on the whole formula
// may run (the race always does, cdcl/cdcl_race.hpp): they decide what the
// other workers do and how the solvers pace themselves, so a wrong value
// costs speed within the race's bound, never the bound. `stacksplit sat
// --help` prints the table and every run record holds it ("tuning").
//
// "Measured on" says where each value was chosen: "SATLIB" is the tuning
// set of 43 SATLIB instances (experiments/README.md), "generated" the
// project's own generators; a value also checked on the validation set of
// competition instances, which no tuning saw, says so. "Sensitivity" is
// experiments/sat_tuning_sensitivity (2026-12-03, two workers, medians of
// 3): the geometric mean over a set's formulas of the changed value's time
// over the table's, on tuning (19), SATLIB (43) and validation (20).

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string_view>

namespace stacksplit::apps::sat {

#define STACKSPLIT_SAT_TUNING(X)                                                                  \
  /* auto's probes (plan/solver_choice.hpp) */                                                    \
  X(kMostLookaheadVariables, std::int32_t, 5'000, "variables",                                    \
    "beyond, one look-ahead node costs tens of ms: the formula goes unprobed to the portfolio",   \
    "SATLIB: circuits, BMC, planning have more; random 3-SAT DPLL decides has hundreds; "         \
    "sensitivity: 1,250 and 20,000 give 0.90 and 1.00 on tuning, 1.00 at 1,250 on SATLIB, "       \
    "0.95 and 1.03 on validation (geometric means of per-formula ratios): the tuning sets "       \
    "disagree, kept")                                                                             \
  X(kMostLookaheadProbeSeconds, double, 0.75, "s CPU",                                            \
    "look-ahead probes (reach and dives) slower than this: the portfolio; with one worker, "      \
    "cube-and-conquer beside the race is one more probe of this price, and then stops",           \
    "SATLIB: inductive inference and adders take seconds, random 3-SAT milliseconds; one "        \
    "worker: generated (vdw-5-177 decided in 0.3 s; vdw-5-178, which cube-and-conquer refutes "   \
    "with the race's own work, no longer twice the race's time); sensitivity: 0.3 s and 2 s "     \
    "give 0.99 and 1.03 on tuning, 1.05 and 1.08 on validation")                                  \
  X(kChainReach, double, 0.2, "share of free variables",                                          \
    "a root child fixing this share is an implication chain: the portfolio", "SATLIB: BMC")       \
  X(kDives, int, 15, "dives", "random dives for Knuth's estimate of the look-ahead tree",         \
    "generated: random 3-SAT n = 200-250 (estimate within 2x)")                                   \
  X(kDeepDive, std::uint32_t, 32, "decisions",                                                    \
    "a dive this deep is a tree of 2^32 nodes, beyond any DPLL run", "a bound, not a fit")        \
  X(kMostDiveVisits, std::uint64_t, 20'000'000, "clause visits",                                  \
    "the dives' budget: tens of ms, a small part of what CDCL needs", "SATLIB")                   \
  X(kHopelessPropagations, double, 5e9, "propagations",                                           \
    "an estimate beyond (minutes of look-ahead): not DPLL", "generated and SATLIB")               \
  X(kPropagationsPerConflict, double, 40'000, "propagations",                                     \
    "without a race (step, sim): the CDCL probe's conflicts per estimated DPLL propagation",      \
    "generated: random 3-SAT, pigeon-hole")                                                       \
  X(kLeastProbeConflicts, int, 300, "conflicts",                                                  \
    "without a race: the first CDCL probe (formulas far from their threshold, parity chains)",    \
    "generated")                                                                                  \
  X(kMostProbeConflicts, int, 50'000, "conflicts", "without a race: the second probe's cap",      \
    "generated")                                                                                  \
  X(kLeastVisitsForCubeTrial, double, 5e8, "clause visits",                                       \
    "DPLL work (seconds) from which sample cubes choose between DPLL and cube-and-conquer",       \
    "generated: van der Waerden, random 3-SAT, pigeon-hole; SATLIB: qg")                          \
  X(kCubeSamples, int, 5, "cubes", "sample cubes of the cube trial",                              \
    "generated; sensitivity on the 7 formulas the cube trial runs on (tuning 2, SATLIB 1, "       \
    "validation 4): 3 and 9 give 0.90 and 0.98 on tuning, 1.00 and 0.98 on SATLIB, 1.02 and "     \
    "0.99 on validation, the table's build again 0.90, 0.97 and 1.00: within noise, kept")        \
  X(kVisitsPerConflict, double, 1000, "clause visits",                                            \
    "one CaDiCaL conflict costs about this many DPLL clause visits",                              \
    "generated; sensitivity (as kCubeSamples): 300 and 3,000 give 0.90 and 0.90 on tuning, 0.96 " \
    "and 1.01 on SATLIB, 0.96 and 0.99 on validation (PAR-2 1.08 at 3,000): within noise, kept")  \
  X(kMostCubeConflicts, int, 200'000, "conflicts", "a sample cube's cap", "generated")            \
  X(kCubeDepthFraction, double, 0.6, "of log2 nodes",                                             \
    "sample cubes' depth: past halfway down a cube is cheap both ways",                           \
    "generated; sensitivity (as kCubeSamples): 0.5 and 0.7 give 0.99 and 1.02 on tuning, 1.04 "   \
    "and 1.06 on SATLIB, 1.01 and 1.07 on validation: 0.7 worse on both sets it was not chosen "  \
    "on, kept")                                                                                   \
  X(kSmallCubeRatio, double, 16, "ratio",                                                         \
    "a cube with under 1/16 of the mean cube's DPLL work is small (lopsided trees)",              \
    "SATLIB: qg3-09; sensitivity (as kCubeSamples): 8 and 32 give 1.02 and 0.95 on tuning, 1.01 " \
    "and 1.01 on SATLIB, 0.97 and 0.96 on validation: within noise, kept")                        \
  X(kShallowCubeDepthFraction, double, 0.4, "of log2 nodes",                                      \
    "a trial lost on small cubes only is taken again this shallow",                               \
    "SATLIB: qg3-09; sensitivity (as kCubeSamples): 0.3 and 0.5 give 0.97 and 1.00 on tuning, "   \
    "0.99 and 0.95 on SATLIB, 0.98 and 0.99 on validation: within noise, kept")                   \
  X(kMostCubeShare, double, 0.01, "of the tree's work",                                           \
    "a shallow cube's conflicts at most: the trial costs a few per cent", "a bound, not a fit")   \
  X(kLeastCubeShareForOneWorker, double, 0.08, "of DPLL's work",                                  \
    "one worker: cube-and-conquer only where CDCL needs this share of DPLL's work (in "           \
    "conflicts) on the sample cubes; under it, cube-and-conquer does about CDCL's own work and "  \
    "its half of the core is lost: the race alone",                                               \
    "SATLIB, tuning, generated: about the geometric mean of qg3-09's 0.040 (and "                 \
    "cmu-bmc-longmult15's 0.002), where the race alone is faster, and vdw-5-178's 0.14 (and "     \
    "vdw-5-177's 0.23), where cube-and-conquer decides models in equal time far faster")          \
  /* cube-and-conquer's adaptive cutoff (dpll/cube_cutoff.hpp) */                                 \
  X(kEasyCubeConflicts, std::uint64_t, 50, "conflicts",                                           \
    "a cube decided in fewer was cut too deep: the threshold drops",                              \
    "generated, SATLIB: qg; sensitivity on the 6 formulas cube-and-conquer runs on: 20 and 200 "  \
    "give 0.98 and 1.01 on tuning, 0.97 and 0.89 on SATLIB, 1.00 and 1.01 on validation, the "    \
    "table's build again 1.03, 0.93 and 0.95: within noise, kept")                                \
  X(kHardCubeConflicts, std::uint64_t, 5'000, "conflicts",                                        \
    "a cube that took more is hard: the threshold rises",                                         \
    "generated, SATLIB: qg; sensitivity (as kEasyCubeConflicts): 2,000 and 20,000 give 1.00 and " \
    "0.95 on tuning, 0.94 and 1.03 on SATLIB, 1.01 and 0.99 on validation: within noise, kept")   \
  X(kEasyCubeFactor, double, 0.9, "factor", "the threshold's drop",                               \
    "generated; sensitivity (as kEasyCubeConflicts): 0.8 and 0.95 give 1.03 and 0.97 on tuning, " \
    "0.92 and 1.03 on SATLIB, 1.00 and 0.95 on validation: within noise, kept")                   \
  X(kHardCubeFactor, double, 1.2, "factor", "the threshold's rise",                               \
    "generated; sensitivity (as kEasyCubeConflicts): 1.1 and 1.5 give 1.00 and 1.02 on tuning, "  \
    "0.97 and 0.94 on SATLIB, 0.96 and 0.95 on validation: within noise, kept")                   \
  /* the portfolio (cdcl/portfolio_space.hpp) */                                                  \
  X(kWalkerPerMille, int, 1'000, "per mille",                                                     \
    "member 1's walkreleff where the formula looks random: local search as much as CDCL (f600: "  \
    "1.3 s against 30 s)",                                                                        \
    "SATLIB: f600, g250.*; sensitivity on the formulas it acts on (f600, g250.15 and tuning's 7 " \
    "random 3-SAT, which it was not chosen on): 500 and 2,000 give 1.13 and 1.02 (f600 3.4 s "    \
    "against 0.8 at 500), the table's build again 0.97; validation has no random formula: kept")  \
  X(kShareMaxSize, std::uint32_t, 3, "literals",                                                  \
    "the longest learned clause shared (units and binaries always); --share-max-size",            \
    "set with the portfolio (2026-11-26), no fit; sensitivity: 2 and 8 give 0.97 and 0.99 on "    \
    "tuning, 0.98 and 0.97 on SATLIB, 1.07 and 1.04 on validation, where the table's own build "  \
    "run again gives 0.99 on tuning and 0.98 on SATLIB: within noise, kept")                      \
  X(kShareLiteralsPerSecond, double, 20'000, "literals a s",                                      \
    "literals of longer clauses a member may share per second of its search; --share-budget",     \
    "set with the portfolio (2026-11-26), no fit; sensitivity: 5,000 and 80,000 give 0.98 and "   \
    "0.99 on tuning, 1.03 and 0.95 on SATLIB, 1.03 and 1.03 on validation: within the noise of "  \
    "the table's build run again, kept")                                                          \
  X(kFirstSliceConflicts, int, 5'000, "conflicts",                                                \
    "a member's first slice, and so its head start beside the probes: short, so that clauses "    \
    "flow early",                                                                                 \
    "SATLIB; sensitivity: 2,000 and 20,000 give 1.05 and 0.80 on tuning (random 3-SAT), 1.01 "    \
    "at 20,000 on SATLIB, 1.11 and 1.09 on validation: kept")                                     \
  X(kSliceGrowth, double, 2.0, "factor",                                                          \
    "each slice longer: a call costs CaDiCaL a pass over the formula and its schedule",           \
    "tuning and SATLIB: 2.0 against 1.5 gives 0.87 on tuning (the walker on random 3-SAT), "      \
    "0.99 on SATLIB, and 1.2 gives 1.12 on tuning; validation flat (1.02 at 2.0, 1.03 at 1.2)")   \
  X(kMostSliceConflicts, int, 100'000'000, "conflicts", "a slice's cap", "a bound, not a fit")    \
  /* one worker's turns (limits/fair_share.hpp) */                                                \
  X(kOneWorkerSearchShare, double, 0.9, "s CPU a s",                                              \
    "one worker: the search's CPU time for each second of the race's; the race's CaDiCaL runs "   \
    "a few per cent slower on a core it shares (caches), so with equal shares a run the race "    \
    "decides took over 2x CaDiCaL; with 0.9 it takes 1.9x plus that slowdown (under 2x while it " \
    "stays under 5 %; eq.atree.braun.9 beside cube-and-conquer: 7 %), one the search decides "    \
    "2.1x the search's time",                                                                     \
    "generated: vdw-5-178, 40.6k conflicts/s in turns, 41.3k alone; a bound, not a fit")          \
  X(kTurnQuantumSeconds, double, 0.01, "s CPU",                                                   \
    "a turn: a hand-over (two wake-ups, tens of us) costs under 1 % of it; the bound's slack",    \
    "a bound, not a fit")                                                                         \
  /* the engine (command/sat_command.cpp) */                                                      \
  X(kSatQuantum, std::uint32_t, 16, "nodes",                                                      \
    "node expansions between looks at the mailbox: a DPLL node costs tens of us", "generated")

#define STACKSPLIT_SAT_DECLARE_TUNING(name, type, value, unit, why, measured) \
  inline constexpr type name = value;
STACKSPLIT_SAT_TUNING(STACKSPLIT_SAT_DECLARE_TUNING)
#undef STACKSPLIT_SAT_DECLARE_TUNING

struct TuningConstant {
  std::string_view name;
  double value;
  std::string_view unit;
  std::string_view why;
  std::string_view measured_on;
};

inline constexpr std::array kTuning = {
#define STACKSPLIT_SAT_TUNING_ROW(name, type, value, unit, why, measured) \
  TuningConstant{#name, static_cast<double>(value), unit, why, measured},
    STACKSPLIT_SAT_TUNING(STACKSPLIT_SAT_TUNING_ROW)
#undef STACKSPLIT_SAT_TUNING_ROW
};

// The table for the run record: name to value.
inline nlohmann::json tuning_json() {
  nlohmann::json json = nlohmann::json::object();
  for (const TuningConstant& constant : kTuning) json[std::string(constant.name)] = constant.value;
  return json;
}

}  // namespace stacksplit::apps::sat
