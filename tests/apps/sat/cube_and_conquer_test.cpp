// Cube-and-conquer (--solver cnc): answers agree with MiniSat on random and
// structured formulas (pigeon-hole, Dubois-style XOR chains, a counter's BMC
// unrolling), sequentially and under every scheme and in-process runtime,
// every model checked; the cutoff keeps look-ahead refutations in DPLL and
// sends implication chains to CDCL early; a model found by one worker stops
// the other's CDCL within a bounded time.

#include "apps/sat/dpll/cube_and_conquer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <future>
#include <string>
#include <thread>
#include <tuple>

#include "apps/sat/plan/solver_choice.hpp"
#include "core/run_search.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/apps/sat/sat_test_support.hpp"
#include "tests/schemes/scheme_cases.hpp"

namespace stacksplit::apps::sat {
namespace {

// Options for a cube-and-conquer space; each search gets its own shared
// state (a model found ends only that search).
DpllOptions cnc_options(const CnfFormula& formula, double cutoff = 0) {
  DpllOptions options;
  options.cubes.shared =
      std::make_shared<CubeSolverShared>(formula, std::make_shared<SearchEnd>(nullptr));
  options.cubes.fixed_cutoff = cutoff;
  return options;
}

std::uint64_t counter(const DpllSpace& space, std::string_view name) {
  std::array<std::uint64_t, DpllSpace::kCounters.size()> values{};
  space.read_counters(values);
  for (std::size_t i = 0; i < values.size(); ++i)
    if (DpllSpace::kCounters[i].name == name) return values[i];
  ADD_FAILURE() << "no counter " << name;
  return 0;
}

using testing::Named;

// Small enough for the engine cases, structured enough to reach CDCL.
std::vector<Named> structured_formulas() {
  return {
      {"php5", pigeon_hole(5)},
      {"xor14-unsat", xor_chains(14, false)},
      {"xor14-sat", xor_chains(14, true)},
      {"counter4-sat", counter_bmc(4, 12, 9)},
      {"counter4-unsat", counter_bmc(4, 12, 13)},
      {"random80", random_ksat(80, clauses_for_ratio(80, 4.26), 3, 11)},
      {"vdw4-34-sat", van_der_waerden(4, 34)},
      {"vdw4-35-unsat", van_der_waerden(4, 35)},
  };
}

bool minisat_says_satisfiable(const Named& named) {
  return testing::minisat_says_satisfiable(named, "cnc-");
}

// The generators make what they say: MiniSat agrees with their documented answers.
TEST(CncGenerators, StructuredFormulasAreWhatTheySay) {
  ASSERT_TRUE(testing::have_program("minisat")) << testing::kNoMinisat;
  EXPECT_FALSE(minisat_says_satisfiable({"x", xor_chains(9, false)}));
  EXPECT_TRUE(minisat_says_satisfiable({"x", xor_chains(9, true)}));
  EXPECT_TRUE(minisat_says_satisfiable({"c", counter_bmc(3, 7, 7)}));
  EXPECT_FALSE(minisat_says_satisfiable({"c", counter_bmc(4, 7, 8)}));
  EXPECT_TRUE(minisat_says_satisfiable({"c", counter_bmc(4, 9, 3)}));
  // W(2,3) = 9 and W(2,4) = 35: one below is satisfiable, at the number not.
  EXPECT_TRUE(minisat_says_satisfiable({"v", van_der_waerden(3, 8)}));
  EXPECT_FALSE(minisat_says_satisfiable({"v", van_der_waerden(3, 9)}));
  EXPECT_TRUE(minisat_says_satisfiable({"v", van_der_waerden(4, 34)}));
  EXPECT_FALSE(minisat_says_satisfiable({"v", van_der_waerden(4, 35)}));
  // n = 9, k = 3: progressions with step 1..4, 7 + 5 + 3 + 1 of them, two clauses each.
  EXPECT_EQ(van_der_waerden(3, 9).num_clauses(), 32u);
}

// Sequentially, with the adaptive cutoff and with cutoffs that make nearly
// every node below the root a cube and that leave most of the tree to DPLL.
TEST(CncMinisat, AnswersAgreeSequentially) {
  ASSERT_TRUE(testing::have_program("minisat")) << testing::kNoMinisat;
  std::vector<Named> formulas = structured_formulas();
  // Too big for DPLL without learning (cutoff 2000 leaves nearly all of
  // xor40's 2^40-leaf refutation to look-ahead): cube-and-conquer only.
  const std::vector<Named> cdcl_only = {{"xor40-unsat", xor_chains(40, false)},
                                        {"counter6-unsat", counter_bmc(6, 30, 31)}};
  formulas.insert(formulas.end(), cdcl_only.begin(), cdcl_only.end());
  for (int i = 0; i < 12; ++i) {
    const std::int32_t n = 40 + 10 * i;
    formulas.push_back({"random" + std::to_string(i),
                        random_ksat(n, clauses_for_ratio(n, 4.0 + 0.05 * i), 3, 300 + i)});
  }
  std::uint64_t cubes = 0;
  for (const Named& named : formulas) {
    const bool expected = minisat_says_satisfiable(named);
    for (double cutoff : {0.0, 0.5, 2000.0}) {
      const bool too_big_for_dpll =
          std::any_of(cdcl_only.begin(), cdcl_only.end(),
                      [&](const Named& big) { return big.name == named.name; });
      if (cutoff == 2000.0 && too_big_for_dpll) continue;
      DpllSpace space(named.formula, cnc_options(named.formula, cutoff));
      const auto model = testing::first_model(space);
      EXPECT_EQ(model.has_value(), expected) << named.name << " cutoff " << cutoff;
      if (model) {
        EXPECT_TRUE(satisfies(named.formula, *model)) << named.name;
      }
      cubes += counter(space, "cubes");
    }
  }
  EXPECT_GT(cubes, 0u);
}

using EngineCase = std::tuple<std::string /*runtime*/, std::string /*scheme*/>;
class CncEngine : public ::testing::TestWithParam<EngineCase> {};

// Two workers and small quanta, so that work moves above the cutoff.
TEST_P(CncEngine, AnswersAgreeWithCheckedModels) {
  ASSERT_TRUE(testing::have_program("minisat")) << testing::kNoMinisat;
  const auto& [runtime, scheme] = GetParam();
  static const std::vector<Named> formulas = structured_formulas();
  static const std::vector<bool> expected = [] {
    std::vector<bool> answers;
    for (const Named& named : formulas) answers.push_back(minisat_says_satisfiable(named));
    return answers;
  }();
  for (std::size_t i = 0; i < formulas.size(); ++i) {
    const Named& named = formulas[i];
    core::RunConfig setup =
        stacksplit::testing::scheme_setup(scheme, 2, "complete", core::SplitStrategy::kHalf, 1, 2);
    setup.search.mode = core::SearchMode::kFirst;
    const DpllSpace prototype(named.formula, cnc_options(named.formula, i % 2 ? 0.0 : 4.0));
    const auto result = core::run_search<DpllSpace>(stacksplit::testing::on_runtime(setup, runtime),
                                                    [&] { return prototype; });
    EXPECT_EQ(result.solution.has_value(), expected[i]) << named.name;
    if (result.solution) {
      EXPECT_TRUE(satisfies(named.formula, *result.solution)) << named.name;
    }
  }
}

using stacksplit::testing::in_process_runtimes;

INSTANTIATE_TEST_SUITE_P(Everywhere, CncEngine,
                         ::testing::Combine(::testing::ValuesIn(in_process_runtimes()),
                                            ::testing::ValuesIn(schemes::tree_scheme_names())),
                         [](const ::testing::TestParamInfo<EngineCase>& info) {
                           std::string name =
                               std::get<0>(info.param) + "_" + std::get<1>(info.param);
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

TEST(CubeCutoff, AdaptsToHowFastCubesAreRefuted) {
  CubeCutoff cutoff = CubeCutoff::adaptive(200);
  const double start = cutoff.threshold();
  EXPECT_EQ(start, 100);
  cutoff.on_cube_decided(1);  // refuted at once: bigger cubes next
  EXPECT_LT(cutoff.threshold(), start);
  for (int i = 0; i < 100; ++i) cutoff.on_cube_decided(0);
  EXPECT_GE(cutoff.threshold(), start / 16) << "bounded below";
  const double low = cutoff.threshold();
  cutoff.on_cube_decided(1'000'000);  // hard: the look-ahead splits more
  EXPECT_GT(cutoff.threshold(), low);
  CubeCutoff fixed = CubeCutoff::fixed(7);
  fixed.on_cube_decided(0);
  fixed.on_cube_decided(1'000'000);
  EXPECT_EQ(fixed.threshold(), 7);
  EXPECT_FALSE(fixed.is_cube(1, 7));
  EXPECT_TRUE(fixed.is_cube(2, 4));
}

// A formula whose look-ahead refutes every node before the cutoff is pure
// DPLL: no cube reaches CaDiCaL. Over-constrained random 3-SAT is refuted a
// level or two below the root, where few variables are set yet.
TEST(CubeCutoff, LookaheadRefutationsStayInDpll) {
  const std::vector<Named> refuted_early = {
      {"php3", pigeon_hole(3)},
      {"random50-r6", random_ksat(50, clauses_for_ratio(50, 6), 3, 1)},
      {"random80-r6", random_ksat(80, clauses_for_ratio(80, 6), 3, 1)},
      {"random80-r8", random_ksat(80, clauses_for_ratio(80, 8), 3, 1)},
  };
  for (const Named& named : refuted_early) {
    DpllSpace space(named.formula, cnc_options(named.formula));
    EXPECT_FALSE(testing::first_model(space).has_value()) << named.name;
    EXPECT_GT(counter(space, "lookahead_refuted"), 0u) << named.name;
    EXPECT_EQ(counter(space, "cubes"), 0u) << named.name;
  }
}

// Long implication chains (every enable decision fixes a whole next state of
// the counter) reach the cutoff within a few decisions.
TEST(CubeCutoff, ImplicationChainsGoToCdclEarly) {
  const CnfFormula formula = counter_bmc(6, 40, 41);
  DpllSpace space(formula, cnc_options(formula));
  EXPECT_FALSE(testing::first_model(space).has_value());
  const std::uint64_t cubes = counter(space, "cubes");
  ASSERT_GT(cubes, 0u);
  EXPECT_LE(counter(space, "cube_decisions"), 4 * cubes)
      << "cubes of at most 4 decisions on average";
  EXPECT_EQ(counter(space, "cdcl_unsat"), cubes);
}

// `auto` keeps random 3-SAT and pigeon-hole formulas on DPLL (their look-ahead
// trees are small, CDCL needs far more conflicts than the probe gives it);
// parity chains go to CDCL, whose first probe decides them.
TEST(SolverChoice, ProbesTellChainsFromRandomFormulas) {
  const CnfFormula random = random_ksat(200, clauses_for_ratio(200, 4.26), 3, 5);
  const SolverChoice on_random = choose_solver(DpllSpace(random), random);
  EXPECT_EQ(on_random.kind, SolverKind::kDpll) << on_random.reason;
  EXPECT_EQ(on_random.reason, "the look-ahead tree is small");
  EXPECT_EQ(on_random.estimate.dives, kDives);
  EXPECT_EQ(on_random.estimate.deep, 0);
  EXPECT_EQ(on_random.cdcl_conflicts, kLeastProbeConflicts) << "a small tree, a short probe";
  EXPECT_NE(on_random.reason, kDecidedDuringProbes);

  const CnfFormula php = pigeon_hole(8);
  const SolverChoice on_php = choose_solver(DpllSpace(php), php);
  EXPECT_EQ(on_php.kind, SolverKind::kDpll) << on_php.reason;

  // Parity chains: nothing propagates, every dive is deep; CDCL's formula,
  // which goes to the portfolio at once, without a longer CDCL probe.
  const CnfFormula chains = xor_chains(60, false);
  const SolverChoice on_chains = choose_solver(DpllSpace(chains), chains);
  EXPECT_EQ(on_chains.kind, SolverKind::kPortfolio) << on_chains.reason;
  EXPECT_EQ(on_chains.reason, "the look-ahead tree is too deep");
  EXPECT_EQ(on_chains.cdcl_conflicts, kLeastProbeConflicts);
  EXPECT_NE(on_chains.reason, kDecidedDuringProbes);
}

// A formula of more than kMostLookaheadVariables variables is not probed at
// all (one look-ahead node would cost tens of milliseconds): the portfolio.
TEST(SolverChoice, LargeFormulasGoToThePortfolioWithoutLookahead) {
  // Near the threshold: far beyond 300 conflicts of CDCL.
  const CnfFormula large = random_ksat(6000, clauses_for_ratio(6000, 4.26), 3, 1);
  ASSERT_GT(large.num_variables(), kMostLookaheadVariables);
  const SolverChoice choice = choose_solver(DpllSpace(large), large);
  EXPECT_EQ(choice.kind, SolverKind::kPortfolio) << choice.reason;
  EXPECT_EQ(choice.reason, "too many variables for look-ahead");
  EXPECT_EQ(choice.estimate.dives, 0);
  EXPECT_EQ(choice.cdcl_conflicts, 0);
  EXPECT_TRUE(choice_without_probes(large).has_value());
  const CnfFormula small = random_ksat(200, clauses_for_ratio(200, 4.26), 3, 5);
  EXPECT_FALSE(choice_without_probes(small).has_value());
  EXPECT_EQ(occurring_variables(small).size(), 200u);
}

// The dives: nothing propagates in parity chains, so every dive is deep; the
// look-ahead refutes random 3-SAT some ten decisions down; a BMC unrolling
// whose refuted children form long chains (the look-ahead refutes one child
// of many nodes on entry) is estimated large, not small.
TEST(SolverChoice, DivesEstimateTheLookaheadTree) {
  const CnfFormula chains = xor_chains(60, false);
  const DpllEstimate on_chains = estimate_dpll(DpllSpace(chains));
  EXPECT_TRUE(on_chains.most_are_deep());
  EXPECT_LT(on_chains.dives, kDives) << "they stop once most are deep";

  const CnfFormula random = random_ksat(200, clauses_for_ratio(200, 4.26), 3, 5);
  const DpllEstimate on_random = estimate_dpll(DpllSpace(random));
  EXPECT_EQ(on_random.deep, 0);
  EXPECT_GT(on_random.nodes, 100.0);
  EXPECT_LT(on_random.nodes, 1e7);

  const CnfFormula counter = counter_bmc(8, 60, 61);
  const DpllEstimate on_counter = estimate_dpll(DpllSpace(counter));
  EXPECT_GT(on_counter.nodes, 100 * on_random.nodes) << on_counter.nodes << " " << on_random.nodes;
}

// A formula CDCL decides within the probe's conflicts is decided there: the
// probe posts its verdict (and its model, checked here) to the run's board,
// and the search has nothing left to do: its root is cut, on every runtime.
// The verdict is MiniSat's.
TEST(SolverChoice, AFormulaTheProbeDecidesLeavesTheSearchNothing) {
  ASSERT_TRUE(testing::have_program("minisat")) << testing::kNoMinisat;
  for (const Named& named : std::vector<Named>{{"counter4-unsat", counter_bmc(4, 12, 13)},
                                               {"xor14-unsat", xor_chains(14, false)},
                                               {"vdw5-100-sat", van_der_waerden(5, 100)}}) {
    ProbeOptions probes;
    probes.end = std::make_shared<SearchEnd>(nullptr);
    const SolverChoice choice = choose_solver(DpllSpace(named.formula), named.formula, probes);
    ASSERT_EQ(choice.reason, kDecidedDuringProbes) << named.name;
    const VerdictBoard& board = probes.end->board();
    ASSERT_TRUE(board.decided()) << named.name;
    EXPECT_EQ(board.posted()[0].member, "CDCL probe");
    const bool satisfiable = minisat_says_satisfiable(named);
    EXPECT_EQ(board.verdict() == Verdict::kSatisfiable, satisfiable) << named.name;
    if (satisfiable) {
      EXPECT_TRUE(satisfies(named.formula, board.model())) << named.name;
    }
    for (const std::string& runtime : in_process_runtimes()) {
      DpllOptions options = cnc_options(named.formula);
      options.end = probes.end;
      const DpllSpace prototype(named.formula, options);
      core::RunConfig setup =
          stacksplit::testing::scheme_setup("rp", 2, "complete", core::SplitStrategy::kHalf, 1, 2);
      setup.search.mode = core::SearchMode::kFirst;
      const auto result = core::run_search<DpllSpace>(
          stacksplit::testing::on_runtime(setup, runtime), [&] { return prototype; });
      EXPECT_EQ(result.total.nodes, 1u) << named.name << " on " << runtime;
      EXPECT_FALSE(result.solution.has_value());
      EXPECT_EQ(result.total.app_counters[DpllSpace::kCutNodesCounter], 1u) << "the root, cut";
    }
  }
}

// What the probes count is propagations, clause visits and conflicts with
// fixed seeds, so the same formula gets the same choice, as long as the
// look-ahead probes end before their CPU-time bound (kMostLookaheadProbeSeconds;
// random 3-SAT and van der Waerden formulas take a fraction of it). Under
// mpirun rank 0's choice is every rank's in any case.
TEST(SolverChoice, TheSameFormulaGetsTheSameChoice) {
  if (testing::kUnderThreadSanitizer) GTEST_SKIP() << testing::kTooSlowUnderTsan;
  for (const CnfFormula& formula :
       {random_ksat(150, clauses_for_ratio(150, 4.26), 3, 8), van_der_waerden(5, 178)}) {
    const SolverChoice first = choose_solver(DpllSpace(formula), formula);
    const SolverChoice second = choose_solver(DpllSpace(formula), formula);
    ASSERT_FALSE(first.estimate.over_budget) << first.reason;
    ASSERT_FALSE(second.estimate.over_budget) << second.reason;
    EXPECT_EQ(first.kind, second.kind);
    EXPECT_EQ(first.reason, second.reason);
    EXPECT_EQ(first.estimate.nodes, second.estimate.nodes);
    EXPECT_EQ(first.estimate.propagations, second.estimate.propagations);
    EXPECT_EQ(first.cdcl_conflicts, second.cdcl_conflicts);
    EXPECT_EQ(first.cubes.samples, second.cubes.samples);
    EXPECT_EQ(first.cubes.cdcl_wins, second.cubes.cdcl_wins);
    EXPECT_EQ(first.cubes.cdcl_conflicts, second.cubes.cdcl_conflicts);
  }
}

// Look-ahead that cannot finish its dives in time is not DPLL's: with a
// deadline already past, the dives stop at once and say so.
TEST(SolverChoice, DivesStopAtTheirDeadline) {
  const CnfFormula random = random_ksat(200, clauses_for_ratio(200, 4.26), 3, 5);
  const DpllEstimate late = estimate_dpll(DpllSpace(random), ThreadCpuClock::now());
  EXPECT_TRUE(late.over_budget);
  EXPECT_EQ(late.dives, 0);
  const DpllEstimate in_time = estimate_dpll(DpllSpace(random));
  EXPECT_FALSE(in_time.over_budget);
  EXPECT_EQ(in_time.dives, kDives);
}

// Dives that would pass the deadline at the pace of those made stop before
// it: with half the time all fifteen take, the first dives tell, and the
// rest of the budget is not spent finding out.
TEST(SolverChoice, DivesStopOnceTheirPaceWouldPassTheDeadline) {
  const CnfFormula random = random_ksat(250, clauses_for_ratio(250, 4.26), 3, 7);
  const ThreadCpuClock::time_point start = ThreadCpuClock::now();
  const DpllEstimate whole = estimate_dpll(DpllSpace(random));
  const ThreadCpuClock::duration all_dives = ThreadCpuClock::now() - start;
  ASSERT_EQ(whole.dives, kDives);
  const ThreadCpuClock::time_point half_start = ThreadCpuClock::now();
  const DpllEstimate half = estimate_dpll(DpllSpace(random), half_start + all_dives / 2);
  const ThreadCpuClock::duration spent = ThreadCpuClock::now() - half_start;
  EXPECT_TRUE(half.over_budget);
  EXPECT_GE(half.dives, 1);
  EXPECT_LT(spent, all_dives / 3) << "stopped at the deadline, not before it";
}

// The dives' pace is the probing thread's CPU time: time it spends waiting
// between two steps (with one worker, while the race takes its turn) is not
// DPLL's, and does not make the estimate larger.
TEST(SolverChoice, TheDivesPaceIsTheirOwnCpuTime) {
  const CnfFormula random = random_ksat(200, clauses_for_ratio(200, 4.26), 3, 5);
  const DpllEstimate alone = estimate_dpll(DpllSpace(random));
  int steps = 0;
  const DpllEstimate waiting =
      estimate_dpll(DpllSpace(random), ThreadCpuClock::time_point::max(), [&steps] {
        if (++steps % 4 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        return false;
      });
  ASSERT_GT(steps, 40);
  EXPECT_EQ(waiting.nodes, alone.nodes);
  // Counted on the wall clock the waits make it some 12 times larger; on the
  // CPU clock a step after a wait runs with cold caches, and a busy host
  // (the suite's other tests) slows it too: up to 1.6 times here.
  EXPECT_LT(waiting.seconds, 4 * alone.seconds) << "the waits are not the dives' time";
}

// Where DPLL would take seconds, sample cubes decide: CDCL refutes van der
// Waerden W(2,5) cubes at its threshold (178) with a fraction of the clause
// visits DPLL needs below them, and cannot finish random 3-SAT or
// pigeon-hole cubes within half of DPLL's work (the trial then stops after
// the two losses that settle it).
TEST(SolverChoice, SampleCubesTellWhereCdclConquersFaster) {
  if (testing::kUnderThreadSanitizer) GTEST_SKIP() << testing::kTooSlowUnderTsan;
  const CnfFormula vdw = van_der_waerden(5, 178);
  const SolverChoice on_vdw = choose_solver(DpllSpace(vdw), vdw);
  EXPECT_EQ(on_vdw.kind, SolverKind::kCubeAndConquer) << on_vdw.reason;
  EXPECT_EQ(on_vdw.reason, "CDCL decided sample cubes faster than DPLL would");
  EXPECT_GE(on_vdw.estimate.visits, kLeastVisitsForCubeTrial);
  EXPECT_TRUE(on_vdw.cubes.favours_cdcl());
  EXPECT_GT(on_vdw.cubes.depth, 4u);

  const CnfFormula random = random_ksat(350, clauses_for_ratio(350, 4.26), 3, 1);
  const SolverChoice on_random = choose_solver(DpllSpace(random), random);
  EXPECT_EQ(on_random.kind, SolverKind::kDpll) << on_random.reason;
  ASSERT_GE(on_random.cubes.samples, 2) << "a tree of some seconds: the trial runs";
  EXPECT_EQ(on_random.cubes.cdcl_wins, 0);
  EXPECT_LT(on_random.cubes.samples, kCubeSamples) << "settled early";

  const CnfFormula php = pigeon_hole(10);
  const SolverChoice on_php = choose_solver(DpllSpace(php), php);
  EXPECT_EQ(on_php.kind, SolverKind::kDpll) << on_php.reason;
  EXPECT_FALSE(on_php.cubes.favours_cdcl());

  // Small trees skip the trial: it would cost more than it can save.
  const CnfFormula small = random_ksat(200, clauses_for_ratio(200, 4.26), 3, 5);
  EXPECT_EQ(choose_solver(DpllSpace(small), small).cubes.samples, 0);
}

// With one worker beside the race the search takes half its core, so the
// trial's cubes must show more than that CDCL wins them: where CaDiCaL
// decides them with a small part of DPLL's work (a multiplier circuit:
// 1577 conflicts against 8.4e8 clause visits), cube-and-conquer would do
// about the race's own work at half its speed, and the race goes alone;
// where it needs a fair share of it (van der Waerden: 939 against 6.8e6),
// the look-ahead's split pays and cube-and-conquer runs beside it.
TEST(SolverChoice, WithOneWorkerCubesCdclDecidesCheaplyLeaveTheRaceAlone) {
  CubeTrial circuit;
  circuit.samples = circuit.cdcl_wins = 4;
  circuit.cdcl_conflicts = 1577;
  circuit.dpll_visits = 8.37e8;
  EXPECT_LT(circuit.cdcl_share(), kLeastCubeShareForOneWorker);
  EXPECT_EQ(cube_trial_choice(circuit, true), SolverKind::kPortfolio);
  EXPECT_EQ(cube_trial_choice(circuit, false), SolverKind::kCubeAndConquer)
      << "beside a race with a core of its own the cubes cost it nothing";

  CubeTrial vdw = circuit;
  vdw.cdcl_conflicts = 939;
  vdw.dpll_visits = 6.79e6;
  EXPECT_GT(vdw.cdcl_share(), kLeastCubeShareForOneWorker);
  EXPECT_EQ(cube_trial_choice(vdw, true), SolverKind::kCubeAndConquer);
  EXPECT_EQ(cube_trial_choice(vdw, false), SolverKind::kCubeAndConquer);

  CubeTrial lost;
  lost.samples = 2;
  lost.cdcl_conflicts = 255;
  lost.dpll_visits = 5.2e5;
  EXPECT_EQ(cube_trial_choice(lost, true), SolverKind::kDpll);
  EXPECT_EQ(cube_trial_choice(lost, false), SolverKind::kDpll);
}

// Where most random paths are refuted before the cubes' depth, the trial
// judges the samples that reached it: one cube CDCL decided is a verdict
// (before, such a trial chose DPLL by default for trees of hours).
TEST(SolverChoice, ATrialJudgesTheSamplesThatReachedTheCubesDepth) {
  CubeTrial one;
  one.samples = one.cdcl_wins = 1;
  EXPECT_TRUE(one.favours_cdcl());
  one.cdcl_wins = 0;
  EXPECT_FALSE(one.favours_cdcl());
  EXPECT_FALSE(CubeTrial{}.favours_cdcl()) << "no sample: no verdict";
}

// With one worker the race itself gets the second CDCL probe's conflicts:
// the probes stand aside until it has had them, and the trial's own CaDiCaL
// only warms up, with the first probe's conflicts (the estimate would give
// it 835). The race here is a stand-in that counts a conflict a millisecond
// of its CPU time, so that without the standing aside it would have far
// fewer than 835 when the probes end. On W(2,5) at 178 the trial still
// chooses cube-and-conquer.
TEST(SolverChoice, WithOneWorkerTheRaceHasTheProbesConflictsItself) {
  if (testing::kUnderThreadSanitizer) GTEST_SKIP() << testing::kTooSlowUnderTsan;
  const CnfFormula vdw = van_der_waerden(5, 178);
  ProbeOptions probes;
  probes.cdcl = false;
  probes.turns = std::make_shared<FairShare>();
  probes.one_worker = true;
  std::atomic<std::uint64_t> race_conflicts{0};
  std::atomic<bool> over{false};
  std::thread race([&] {
    const auto start = ThreadCpuClock::now();
    while (!over.load()) {
      race_conflicts.store(static_cast<std::uint64_t>(
          std::chrono::duration_cast<std::chrono::milliseconds>(ThreadCpuClock::now() - start)
              .count()));
      probes.turns->yield(FairShare::kCdcl, [&] { return over.load(); });
    }
    probes.turns->finished(FairShare::kCdcl);
  });
  probes.race_conflicts = [&] { return race_conflicts.load(); };
  const SolverChoice choice = choose_solver(DpllSpace(vdw), vdw, probes);
  const std::uint64_t conflicts_after = race_conflicts.load();
  over.store(true);
  race.join();
  EXPECT_EQ(choice.kind, SolverKind::kCubeAndConquer) << choice.reason;
  EXPECT_GE(choice.cubes.cdcl_share(), kLeastCubeShareForOneWorker);
  EXPECT_GT(probe_conflicts(choice.estimate), kLeastProbeConflicts);
  EXPECT_GE(conflicts_after, static_cast<std::uint64_t>(probe_conflicts(choice.estimate)));
  EXPECT_EQ(choice.cdcl_conflicts, kLeastProbeConflicts) << "the trial's CaDiCaL only warmed up";
}

// A time limit that ends the run during the probes is said as such, not as
// a formula decided there.
TEST(SolverChoice, ARunThatEndsDuringTheProbesSaysSo) {
  const CnfFormula random = random_ksat(350, clauses_for_ratio(350, 4.26), 3, 1);
  ProbeOptions probes;
  probes.cdcl = false;
  probes.end = std::make_shared<SearchEnd>(std::make_shared<TimeLimit>(1e-9));
  const SolverChoice choice = choose_solver(DpllSpace(random), random, probes);
  EXPECT_EQ(choice.reason, kEndedDuringProbes);
  EXPECT_FALSE(probes.end->decided());
}

// A trial CDCL lost on small cubes only (whose DPLL work is far under the
// mean cube's) says little and is taken again with shallower cubes; one lost
// on a cube of the tree's usual size, or won, stands.
TEST(SolverChoice, ATrialLostOnSmallCubesOnlySaysLittle) {
  CubeTrial small;
  small.samples = 2;
  small.small_losses = 2;
  EXPECT_TRUE(small.lost_on_small_cubes_only());
  CubeTrial mixed = small;
  mixed.small_losses = 1;
  EXPECT_FALSE(mixed.lost_on_small_cubes_only());
  CubeTrial won;
  won.samples = 5;
  won.cdcl_wins = 4;
  won.small_losses = 1;
  EXPECT_FALSE(won.lost_on_small_cubes_only());
  EXPECT_FALSE(CubeTrial{}.lost_on_small_cubes_only()) << "no trial";
}

// A trial stops as soon as no further cube can change its verdict: after
// four CDCL wins (4 of 5 favours CDCL whatever the fifth), or after the
// losses that leave CDCL short of two thirds; not before.
TEST(SolverChoice, ATrialStopsOnceItsVerdictIsCertain) {
  CubeTrial trial;
  trial.samples = 3;
  trial.cdcl_wins = 3;
  EXPECT_FALSE(trial.decided()) << "3 of 3: two losses would make it 3 of 5";
  trial.samples = trial.cdcl_wins = 4;
  EXPECT_TRUE(trial.decided());
  EXPECT_TRUE(trial.favours_cdcl());
  trial.samples = 2;
  trial.cdcl_wins = 0;
  EXPECT_TRUE(trial.decided()) << "two losses: at most 3 of 5";
  EXPECT_FALSE(trial.favours_cdcl());
  trial.cdcl_wins = 1;
  EXPECT_FALSE(trial.decided());
}

// In choose_solver: where CDCL lost the trial on small cubes only, the trial
// is taken again with cubes kShallowCubeDepthFraction down (this random
// 3-SAT formula: both cubes small 12 decisions down), and the verdict is
// the second trial's: DPLL.
TEST(SolverChoice, ATrialLostOnSmallCubesIsTakenAgainWithLargerOnes) {
  if (testing::kUnderThreadSanitizer) GTEST_SKIP() << testing::kTooSlowUnderTsan;
  const CnfFormula random = random_ksat(350, clauses_for_ratio(350, 4.26), 3, 5);
  const SolverChoice choice = choose_solver(DpllSpace(random), random);
  EXPECT_EQ(choice.kind, SolverKind::kDpll) << choice.reason;
  ASSERT_GT(choice.cubes.samples, 0) << "the trial ran";
  const double log_nodes = std::log2(std::max(choice.estimate.nodes, 1.0));
  EXPECT_EQ(choice.cubes.depth, static_cast<std::uint32_t>(
                                    std::clamp(kShallowCubeDepthFraction * log_nodes, 4.0, 20.0)))
      << "taken again";
  EXPECT_LT(choice.cubes.depth,
            static_cast<std::uint32_t>(std::clamp(kCubeDepthFraction * log_nodes, 4.0, 20.0)));
}

// Shallower cubes are larger ones: on W(2,5) at 178 the shallow trial's cubes
// sit fewer decisions down and hold more DPLL work each, and the same
// verdict comes out of them.
TEST(SolverChoice, ShallowCubesHoldMoreOfTheTree) {
  if (testing::kUnderThreadSanitizer) GTEST_SKIP() << testing::kTooSlowUnderTsan;
  const CnfFormula vdw = van_der_waerden(5, 178);
  const DpllEstimate estimate = estimate_dpll(DpllSpace(vdw));
  // As choose_solver hands it over: after the whole-formula CDCL probe.
  auto cdcl = [&] {
    CdclCubeSolver solver(
        std::make_shared<CubeSolverShared>(vdw, std::make_shared<SearchEnd>(nullptr)));
    EXPECT_EQ(solver.solve({}, probe_conflicts(estimate)), Verdict::kUnknown);
    return solver;
  };
  CdclCubeSolver deep_solver = cdcl();
  const CubeTrial deep = try_cubes(DpllSpace(vdw), deep_solver, estimate);
  CdclCubeSolver shallow_solver = cdcl();
  const CubeTrial shallow =
      try_cubes(DpllSpace(vdw), shallow_solver, estimate, kShallowCubeDepthFraction);
  ASSERT_GT(deep.samples, 0);
  ASSERT_GT(shallow.samples, 0);
  EXPECT_LT(shallow.depth, deep.depth);
  EXPECT_GT(shallow.dpll_visits / shallow.samples, 4 * deep.dpll_visits / deep.samples);
  EXPECT_TRUE(deep.favours_cdcl());
  EXPECT_TRUE(shallow.favours_cdcl());
}

// A cube solver takes in what the race learned before its next cube: the
// race's clauses here force every other variable false (the formula alone
// leaves them free, and CaDiCaL's default phase sets them true).
TEST(CubeSolver, TakesTheRacesClausesInBeforeItsNextCube) {
  CnfFormula formula(34);
  for (Literal v = 1; v <= 33; ++v) {
    const Literal clause[] = {v, v + 1};
    formula.add_clause(clause);
  }
  auto shared = std::make_shared<CubeSolverShared>(formula, std::make_shared<SearchEnd>(nullptr));
  shared->race_clauses = std::make_shared<RaceClauses>(ShareOptions{}, formula.num_variables());
  shared->race_clauses->keep();
  for (Literal v = 1; v <= 32; ++v) {  // binary clauses: always shared
    const Literal clause[] = {-v, -(v + 1)};
    shared->race_clauses->offer(clause, 1.0);
  }
  CdclCubeSolver solver(shared);
  const Literal cube[] = {1};
  ASSERT_EQ(solver.solve(cube), Verdict::kSatisfiable);
  EXPECT_EQ(solver.imported(), 32u);
  for (Literal v = 1; v <= 33; ++v)
    EXPECT_EQ(solver.value(v), v % 2 == 1 ? v : -v) << "variable " << v;

  CdclCubeSolver without_race(
      std::make_shared<CubeSolverShared>(formula, std::make_shared<SearchEnd>(nullptr)));
  ASSERT_EQ(without_race.solve(cube), Verdict::kSatisfiable);
  EXPECT_EQ(without_race.imported(), 0u);
}

// Under mpirun the race runs on rank 0 alone: its clauses reach the other
// processes' cube solvers through the engine's shared knowledge (once a
// process), and so does its verdict. Two spaces stand for two processes.
TEST(CubeSolver, UnderMpirunTheRacesClausesReachTheOtherProcessesCubeSolvers) {
  CnfFormula formula(34);
  for (Literal v = 1; v <= 33; ++v) {
    const Literal clause[] = {v, v + 1};
    formula.add_clause(clause);
  }
  DpllOptions race_rank = cnc_options(formula);
  race_rank.end = race_rank.cubes.shared->end;
  race_rank.cubes.shared->race_clauses =
      std::make_shared<RaceClauses>(ShareOptions{}, formula.num_variables());
  race_rank.cubes.shared->race_clauses->keep();
  race_rank.cubes.shared->across_processes = true;
  DpllOptions other_rank = cnc_options(formula);
  other_rank.end = other_rank.cubes.shared->end;
  other_rank.cubes.shared->race_clauses =
      std::make_shared<RaceClauses>(ShareOptions{}, formula.num_variables());
  other_rank.cubes.shared->across_processes = true;
  DpllSpace sender(formula, race_rank);
  DpllSpace receiver(formula, other_rank);

  std::vector<std::int32_t> words;
  EXPECT_FALSE(sender.take_shared(words)) << "nothing learned, nothing decided";
  EXPECT_TRUE(words.empty());
  for (Literal v = 1; v <= 32; ++v) {  // binary clauses: always shared
    const Literal clause[] = {-v, -(v + 1)};
    race_rank.cubes.shared->race_clauses->offer(clause, 1.0);
  }
  ASSERT_TRUE(sender.take_shared(words));
  receiver.receive_shared(words);
  words.clear();
  EXPECT_FALSE(sender.take_shared(words)) << "sent once";
  words.clear();
  EXPECT_FALSE(receiver.take_shared(words)) << "what a process heard is not sent on";

  CdclCubeSolver solver(other_rank.cubes.shared);
  const Literal cube[] = {1};
  ASSERT_EQ(solver.solve(cube), Verdict::kSatisfiable);
  EXPECT_EQ(solver.imported(), 32u);
  for (Literal v = 1; v <= 33; ++v)
    EXPECT_EQ(solver.value(v), v % 2 == 1 ? v : -v) << "variable " << v;

  // The race's verdict goes out with the next words.
  race_rank.end->board().post("race", Verdict::kUnsatisfiable);
  words.clear();
  ASSERT_TRUE(sender.take_shared(words));
  EXPECT_FALSE(other_rank.end->decided());
  receiver.receive_shared(words);
  EXPECT_TRUE(other_rank.end->decided());
}

// The CDCL probe's budget follows the estimated DPLL work, within bounds.
TEST(SolverChoice, ProbeConflictsFollowTheEstimatedWork) {
  DpllEstimate estimate;
  estimate.propagations = 0;
  EXPECT_EQ(probe_conflicts(estimate), kLeastProbeConflicts);
  estimate.propagations = 10'000 * kPropagationsPerConflict;
  EXPECT_EQ(probe_conflicts(estimate), 10'000);
  estimate.propagations = 1e15;
  EXPECT_EQ(probe_conflicts(estimate), kMostProbeConflicts);
}

// Two workers' CDCL: one works on a cube that takes CaDiCaL many seconds (a
// pigeon-hole formula behind a selector), the other finds a model; the first
// must give up within a bounded time after the model is found.
TEST(CncTermination, AModelFoundStopsTheOtherWorkersCdcl) {
  constexpr std::int32_t kHoles = 11;
  const CnfFormula hard = pigeon_hole(kHoles);
  const std::int32_t selector = hard.num_variables() + 1;
  CnfFormula formula(selector);
  std::vector<Literal> clause;
  for (std::size_t c = 0; c < hard.num_clauses(); ++c) {
    clause.assign(hard.clause(c).begin(), hard.clause(c).end());
    clause.push_back(selector);  // the selector true satisfies everything
    formula.add_clause(clause);
  }
  auto shared = std::make_shared<CubeSolverShared>(formula, std::make_shared<SearchEnd>(nullptr));
  CubeAndConquer busy(CubeOptions{shared, 0}, formula.num_variables());
  CubeAndConquer lucky(CubeOptions{shared, 0}, formula.num_variables());
  using Clock = std::chrono::steady_clock;
  auto hard_cube = std::async(std::launch::async, [&] {
    const Literal cube[1] = {-selector};
    std::uint64_t nanoseconds = 0;
    const Verdict verdict = busy.solve(cube, nanoseconds);
    return std::make_pair(verdict, Clock::now());
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ASSERT_EQ(hard_cube.wait_for(std::chrono::seconds(0)), std::future_status::timeout)
      << "the pigeon-hole cube should keep CaDiCaL busy";
  const Literal cube[1] = {selector};
  std::uint64_t nanoseconds = 0;
  ASSERT_EQ(lucky.solve(cube, nanoseconds), Verdict::kSatisfiable);
  const Clock::time_point found = Clock::now();
  ASSERT_EQ(hard_cube.wait_for(std::chrono::seconds(5)), std::future_status::ready)
      << "the busy worker's CDCL did not stop";
  const auto [verdict, stopped] = hard_cube.get();
  EXPECT_EQ(verdict, Verdict::kUnknown);
  const double latency = std::chrono::duration<double>(stopped - found).count();
  std::cout << "[ termination ] CDCL stopped " << latency * 1000 << " ms after the model\n";
  EXPECT_LT(latency, 0.5);
  EXPECT_EQ(busy.statistics().cdcl_stopped, 1u);
}

// The race decides while the last open nodes are cubes in flight: their
// CDCL calls stop, they end cut, and no node takes the race's answer, which
// stays on the run's board. (The command once answered such a run s
// UNKNOWN, exit 0: its answer came from the nodes, not the board.)
TEST(CncTermination, AVerdictPostedWhileCubesAreInFlightEndsTheSearchCut) {
  const CnfFormula formula = pigeon_hole(11);       // every cube takes CaDiCaL long
  DpllOptions options = cnc_options(formula, 0.5);  // the root's children are cubes
  const auto end = std::make_shared<SearchEnd>(std::make_shared<TimeLimit>(120));
  options.end = end;
  options.cubes.shared = std::make_shared<CubeSolverShared>(formula, end);
  options.posts_models = true;
  const DpllSpace prototype(formula, options);
  core::RunConfig setup =
      stacksplit::testing::scheme_setup("rp", 2, "complete", core::SplitStrategy::kHalf, 1, 2);
  setup.search.mode = core::SearchMode::kFirst;
  std::thread race([&end] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    end->board().post("race", Verdict::kSatisfiable, Model{1});
  });
  const auto result = core::run_search<DpllSpace>(stacksplit::testing::on_runtime(setup, "threads"),
                                                  [&] { return prototype; });
  race.join();
  EXPECT_FALSE(end->time_limit_reached());
  EXPECT_FALSE(result.solution_found) << "no node took the race's model";
  EXPECT_GT(result.total.app_counters[DpllSpace::kCutNodesCounter], 0u);
  std::uint64_t stopped = 0;
  for (std::size_t i = 0; i < result.app_counter_names.size(); ++i)
    if (result.app_counter_names[i] == "cdcl_stopped") stopped = result.total.app_counters[i];
  EXPECT_GE(stopped, 1u) << "a cube was in flight";
  EXPECT_EQ(end->board().verdict(), Verdict::kSatisfiable) << "the answer is the board's";
}

}  // namespace
}  // namespace stacksplit::apps::sat
