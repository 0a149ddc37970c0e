// The CDCL portfolio (--solver portfolio): the clause exchange's filters and
// wire format; answers that agree with MiniSat, models checked, under every
// in-process runtime and scheme at 1, 2 and 4 workers; clauses really travel
// between members as engine messages; a refutation by one member ends the
// others' search.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "apps/sat/cdcl/cdcl_race.hpp"
#include "apps/sat/cdcl/left_to_exit.hpp"
#include "apps/sat/cdcl/portfolio_space.hpp"
#include "apps/sat/plan/solver_choice.hpp"
#include "core/run_search.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/apps/sat/sat_test_support.hpp"
#include "tests/schemes/scheme_cases.hpp"

namespace stacksplit::apps::sat {
namespace {

std::vector<std::int32_t> batch_of(ClauseExchange& exchange) {
  std::vector<std::int32_t> words;
  exchange.take_batch(words);
  return words;
}

TEST(ClauseExchange, ExportsShortClausesOnceWithinTheBudget) {
  ShareOptions options;
  options.max_size = 3;
  options.literals_per_second = 6;  // two ternary clauses a second
  ClauseExchange exchange(options, 10);
  exchange.offer(std::vector<Literal>{1, -2, 3, 4}, 100);  // too long
  exchange.offer(std::vector<Literal>{5}, 0);              // a unit: no budget needed
  exchange.offer(std::vector<Literal>{-6, 7}, 0);          // a binary: likewise
  exchange.offer(std::vector<Literal>{7, -6}, 0);          // the same binary
  exchange.offer(std::vector<Literal>{1, 2, 3}, 0.5);      // 3 literals > 6/s · 0.5 s? no: equal
  exchange.offer(std::vector<Literal>{1, 2, 4}, 0.5);      // over the budget now
  exchange.offer(std::vector<Literal>{1, 2, 4}, 1.0);      // within it a second in
  EXPECT_EQ(batch_of(exchange),
            (std::vector<std::int32_t>{1, 5, 2, -6, 7, 3, 1, 2, 3, 3, 1, 2, 4}));
  EXPECT_EQ(exchange.statistics().exported, 4u);
  EXPECT_EQ(exchange.statistics().dropped_duplicates, 1u);
  EXPECT_EQ(exchange.statistics().dropped_budget, 1u);
  std::vector<std::int32_t> words;
  EXPECT_FALSE(exchange.take_batch(words)) << "the batch was taken";
  EXPECT_TRUE(words.empty());
}

TEST(ClauseExchange, TheEmptyClauseIsSentOnceAndEndsTheReceiver) {
  ClauseExchange sender({}, 10);
  sender.offer(std::vector<Literal>{1}, 0);
  sender.offer_refutation();
  EXPECT_EQ(batch_of(sender), std::vector<std::int32_t>{0}) << "the proof makes clauses moot";
  std::vector<std::int32_t> words;
  EXPECT_FALSE(sender.take_batch(words));

  ClauseExchange receiver({}, 10);
  receiver.receive(std::vector<std::int32_t>{1, 3, 0});
  EXPECT_TRUE(receiver.refutation_received());
}

// Under mpirun a model found in one process (the race's, on rank 0) stops
// the members of the others: one record of size -1, sent once; another
// negative size is malformed and ends the batch.
TEST(ClauseExchange, AModelFoundIsSentOnceAndHeard) {
  ClauseExchange sender({}, 10);
  sender.offer(std::vector<Literal>{1}, 0);
  sender.offer_model_found();
  EXPECT_EQ(batch_of(sender), std::vector<std::int32_t>{-1});
  std::vector<std::int32_t> words;
  EXPECT_FALSE(sender.take_batch(words));

  ClauseExchange receiver({}, 10);
  receiver.receive(std::vector<std::int32_t>{1, 3, -1});
  EXPECT_TRUE(receiver.model_found_received());
  EXPECT_FALSE(receiver.refutation_received());
  ClauseExchange malformed({}, 10);
  malformed.receive(std::vector<std::int32_t>{-2, 1, 3});
  EXPECT_FALSE(malformed.model_found_received());
  EXPECT_TRUE(malformed.pending().empty());
}

TEST(ClauseExchange, ImportsNewClausesAndStopsAtAMalformedRecord) {
  ClauseExchange exchange({}, 5);
  exchange.offer(std::vector<Literal>{2, 3}, 0);  // its own: seen already
  exchange.receive(std::vector<std::int32_t>{2, 3, 2, 2, 1, -4, 2, -4, 1});
  EXPECT_EQ(std::vector<std::int32_t>(exchange.pending().begin(), exchange.pending().end()),
            (std::vector<std::int32_t>{2, 1, -4}));
  EXPECT_EQ(exchange.statistics().received, 3u);
  // Imported once the solver has it, not on arrival.
  EXPECT_EQ(exchange.statistics().imported, 0u);
  exchange.added_to_solver(1);
  EXPECT_EQ(exchange.statistics().imported, 1u);
  exchange.clear_pending();
  // A literal out of range, then a size past the end: both end the batch.
  exchange.receive(std::vector<std::int32_t>{1, 5, 1, 6, 1, 2});
  exchange.receive(std::vector<std::int32_t>{1, -5, 4, 1, 2});
  exchange.receive(std::vector<std::int32_t>{-1});
  EXPECT_EQ(std::vector<std::int32_t>(exchange.pending().begin(), exchange.pending().end()),
            (std::vector<std::int32_t>{1, 5, 1, -5}));
  EXPECT_FALSE(exchange.refutation_received());
}

using testing::Named;

std::vector<Named> formulas() {
  return {
      {"php6", pigeon_hole(6)},
      {"xor30-unsat", xor_chains(30, false)},
      {"xor30-sat", xor_chains(30, true)},
      {"counter5-sat", counter_bmc(5, 20, 17)},
      {"counter5-unsat", counter_bmc(5, 20, 21)},
      {"random120", random_ksat(120, clauses_for_ratio(120, 4.26), 3, 7)},
      {"vdw4-34-sat", van_der_waerden(4, 34)},
      {"vdw4-35-unsat", van_der_waerden(4, 35)},
  };
}

bool minisat_says_satisfiable(const Named& named) {
  return testing::minisat_says_satisfiable(named, "portfolio-");
}

core::SearchResult<PortfolioSpace> solve(const CnfFormula& formula, const std::string& runtime,
                                         const std::string& scheme, int workers,
                                         std::shared_ptr<PortfolioShared>* shared_out = nullptr) {
  auto shared =
      std::make_shared<PortfolioShared>(formula, static_cast<std::uint32_t>(workers),
                                        ShareOptions{}, std::make_shared<SearchEnd>(nullptr));
  if (shared_out) *shared_out = shared;
  core::RunConfig setup = stacksplit::testing::scheme_setup(scheme, workers, "complete",
                                                            core::SplitStrategy::kHalf, 1, 2);
  setup.search.mode = core::SearchMode::kFirst;
  return core::run_search<PortfolioSpace>(stacksplit::testing::on_runtime(setup, runtime),
                                          [&] { return PortfolioSpace(shared); });
}

std::uint64_t total_counter(const core::RunStatistics& result, std::string_view name) {
  for (std::size_t i = 0; i < result.app_counter_names.size(); ++i)
    if (result.app_counter_names[i] == name) return result.total.app_counters[i];
  ADD_FAILURE() << "no counter " << name;
  return 0;
}

using EngineCase = std::tuple<std::string /*runtime*/, std::string /*scheme*/>;
class PortfolioEngine : public ::testing::TestWithParam<EngineCase> {};

// Every member runs the whole formula, so any worker may answer; the answer
// is MiniSat's and a model satisfies every clause.
TEST_P(PortfolioEngine, AnswersAgreeWithCheckedModels) {
  ASSERT_TRUE(testing::have_program("minisat")) << testing::kNoMinisat;
  const auto& [runtime, scheme] = GetParam();
  static const std::vector<Named> all = formulas();
  static const std::vector<bool> expected = [] {
    std::vector<bool> answers;
    for (const Named& named : all) answers.push_back(minisat_says_satisfiable(named));
    return answers;
  }();
  for (std::size_t i = 0; i < all.size(); ++i) {
    const int workers = 1 << (i % 3);  // 1, 2, 4: the simulated hypercube wants a power of two
    std::shared_ptr<PortfolioShared> shared;
    const auto result = solve(all[i].formula, runtime, scheme, workers, &shared);
    EXPECT_EQ(result.solution.has_value(), expected[i]) << all[i].name << " P=" << workers;
    if (result.solution) {
      EXPECT_TRUE(satisfies(all[i].formula, *result.solution)) << all[i].name;
    } else {
      EXPECT_EQ(shared->end->board().verdict(), Verdict::kUnsatisfiable)
          << all[i].name << ": an UNSAT answer needs a member that refuted it";
    }
    // Two members may decide at once, before the first one's Stop arrives.
    const std::uint64_t answered = total_counter(result, "answered");
    EXPECT_GE(answered, 1u) << all[i].name << " P=" << workers;
    EXPECT_LE(answered, static_cast<std::uint64_t>(workers)) << all[i].name << " P=" << workers;
  }
}

using stacksplit::testing::in_process_runtimes;

INSTANTIATE_TEST_SUITE_P(Everywhere, PortfolioEngine,
                         ::testing::Combine(::testing::ValuesIn(in_process_runtimes()),
                                            ::testing::Values("rp", "arr", "sl")),
                         [](const ::testing::TestParamInfo<EngineCase>& info) {
                           std::string name =
                               std::get<0>(info.param) + "_" + std::get<1>(info.param);
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

// Two members on a formula of many conflicts: each exports clauses and keeps
// some of the other's, as messages the engine counted.
TEST(Portfolio, MembersShareLearnedClausesAsMessages) {
  const CnfFormula formula = pigeon_hole(8);
  for (const std::string& runtime : in_process_runtimes()) {
    const auto result = solve(formula, runtime, "rp", 2);
    EXPECT_FALSE(result.solution.has_value()) << runtime;
    ASSERT_EQ(result.per_worker.size(), 2u);
    std::uint64_t kept = 0;
    std::set<std::uint64_t> members;
    for (std::size_t w = 0; w < 2; ++w) {
      const core::WorkerStatistics& worker = result.per_worker[w];
      const auto at = [&](std::string_view name) {
        for (std::size_t i = 0; i < result.app_counter_names.size(); ++i)
          if (result.app_counter_names[i] == name) return worker.app_counters[i];
        return std::uint64_t{0};
      };
      members.insert(at("member"));
      EXPECT_GT(at("exported"), 0u) << runtime << " worker " << w;
      kept += at("imported");
    }
    EXPECT_EQ(members, (std::set<std::uint64_t>{1, 2})) << runtime << ": one member a worker";
    EXPECT_GT(kept, 0u) << runtime;
    EXPECT_GT(result.total.bytes_sent, 1000u) << runtime << ": clauses travel as messages";
  }
}

// Beside the race (member 0, one solve call in its own thread) the workers
// run members 1, 2, ...; what the race learns reaches them through memory.
TEST(Portfolio, TheRaceFeedsTheMembersOfItsProcess) {
  const CnfFormula formula = pigeon_hole(8);
  const auto end = std::make_shared<SearchEnd>(nullptr);
  auto shared = std::make_shared<PortfolioShared>(formula, 1u, ShareOptions{}, end);
  shared->first_member = 1;
  shared->race_clauses = std::make_shared<RaceClauses>(ShareOptions{}, formula.num_variables());
  shared->race_clauses->keep();
  CdclRace race(formula, end);
  race.export_to(
      [clauses = shared->race_clauses](std::span<const Literal> clause) {
        clauses->offer(clause, 1e9);  // no budget to speak of
      },
      ShareOptions{}.max_size);
  race.start();
  core::RunConfig setup =
      stacksplit::testing::scheme_setup("rp", 1, "complete", core::SplitStrategy::kHalf, 1, 2);
  setup.search.mode = core::SearchMode::kFirst;
  const auto result = core::run_search<PortfolioSpace>(
      stacksplit::testing::on_runtime(setup, "threads"), [&] { return PortfolioSpace(shared); });
  race.stop();
  EXPECT_FALSE(result.solution.has_value());
  EXPECT_EQ(end->board().verdict(), Verdict::kUnsatisfiable);
  ASSERT_EQ(result.per_worker.size(), 1u);
  EXPECT_EQ(total_counter(result, "member"), 2u) << "the worker runs member 1";
  if (total_counter(result, "slices") >= 2) {
    EXPECT_GT(total_counter(result, "received"), 0u) << "a later slice takes in the race's clauses";
  }
}

// Beside a race with a core of its own the first member starts before the
// probes choose (plan/sat_plan.hpp), and the portfolio goes on with its very
// CaDiCaL, once. Here that CaDiCaL is given x1 and not x1 when it is handed
// over: the member refutes a satisfiable formula, which a new CaDiCaL could
// not.
TEST(Portfolio, TheFirstMemberGoesOnWithItsHeadStart) {
  const CnfFormula formula = random_ksat(40, clauses_for_ratio(40, 2.0), 3, 3);
  const auto head_start_end = std::make_shared<SearchEnd>(nullptr);
  CdclRace head_start(formula, head_start_end, {}, nullptr, portfolio_member(1, false),
                      "portfolio member 1");
  head_start.start();
  // It decides the formula (satisfiable) before it is handed over.
  for (int ms = 0; ms < 10'000 && head_start_end->board().verdict() == Verdict::kUnknown; ++ms)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ASSERT_EQ(head_start_end->board().verdict(), Verdict::kSatisfiable);
  const auto end = std::make_shared<SearchEnd>(nullptr);
  auto shared = std::make_shared<PortfolioShared>(formula, 1u, ShareOptions{}, end);
  shared->first_member = 1;
  shared->walker = false;
  shared->head_start = [&head_start] {
    std::shared_ptr<CdclEngine> engine = head_start.hand_over();
    engine->import(std::vector<Literal>{1});
    engine->import(std::vector<Literal>{-1});
    return engine;
  };
  core::RunConfig setup =
      stacksplit::testing::scheme_setup("rp", 1, "complete", core::SplitStrategy::kHalf, 1, 2);
  setup.search.mode = core::SearchMode::kFirst;
  const auto result = core::run_search<PortfolioSpace>(
      stacksplit::testing::on_runtime(setup, "threads"), [&] { return PortfolioSpace(shared); });
  EXPECT_FALSE(result.solution.has_value());
  EXPECT_EQ(end->board().verdict(), Verdict::kUnsatisfiable)
      << "the member went on with the head start's CaDiCaL";
  EXPECT_EQ(total_counter(result, "member"), 2u);
  EXPECT_EQ(shared->take_head_start(1), nullptr) << "taken once";
}

// Under mpirun member 1 may go to another rank than the one that gave it a
// head start: the first member this process starts ends the head start
// instead of running beside it.
TEST(Portfolio, AHeadStartOfAnotherMemberEnds) {
  const CnfFormula formula = pigeon_hole(9);
  const auto end = std::make_shared<SearchEnd>(nullptr);
  CdclRace head_start(formula, end, {}, nullptr, portfolio_member(1, false), "portfolio member 1");
  head_start.start();
  auto shared = std::make_shared<PortfolioShared>(formula, 2u, ShareOptions{}, end);
  shared->first_member = 1;
  shared->head_start = [&head_start] { return head_start.hand_over(); };
  EXPECT_EQ(shared->take_head_start(2), nullptr) << "member 2 starts afresh";
  EXPECT_EQ(head_start.engine(), nullptr) << "the head start ended";
  EXPECT_EQ(shared->take_head_start(1), nullptr) << "and is gone";
}

std::uint64_t counter_of(const PortfolioSpace& space, std::string_view name) {
  std::vector<std::uint64_t> values(PortfolioSpace::kCounters.size());
  space.read_counters(values);
  for (std::size_t i = 0; i < values.size(); ++i)
    if (PortfolioSpace::kCounters[i].name == name) return values[i];
  ADD_FAILURE() << "no counter " << name;
  return 0;
}

// With one worker and a formula the probes give to CDCL, the race has the
// core and the worker only watches: each of its nodes waits (50 ms at most)
// for the run's end; a message for it ends the wait at once, so that the
// engine reads it.
TEST(Portfolio, AWorkerWithNoMemberWatchesUntilTheEndOrMail) {
  const auto end = std::make_shared<SearchEnd>(nullptr);
  auto shared = std::make_shared<PortfolioShared>(pigeon_hole(6), 0u, ShareOptions{}, end);
  shared->first_member = 1;
  for (const bool mail : {false, true}) {
    PortfolioSpace space(shared);
    space.watch_mail([mail] { return mail; });
    ASSERT_EQ(space.reset(), core::Outcome::kOpen);
    ASSERT_EQ(space.descend(0), core::Outcome::kOpen);
    EXPECT_EQ(space.member(), -1);
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(space.descend(1), core::Outcome::kOpen);
    const double waited =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (mail)
      EXPECT_LT(waited, 0.025);
    else
      EXPECT_GE(waited, 0.05);
    EXPECT_EQ(counter_of(space, "conflicts"), 0u);
  }
  end->board().post("race", Verdict::kUnsatisfiable);
  PortfolioSpace space(shared);
  ASSERT_EQ(space.reset(), core::Outcome::kOpen);
  ASSERT_EQ(space.descend(0), core::Outcome::kOpen);
  EXPECT_EQ(space.descend(1), core::Outcome::kOpen);
  std::vector<std::int32_t> children;
  core::ChoiceSink<std::int32_t> sink(children);
  space.choices(sink);
  EXPECT_TRUE(children.empty()) << "decided: the chain ends";
}

// Under mpirun the race runs in rank 0's process only: its verdict goes to
// the other processes' members in the next batch of a member of its
// process, once (the empty clause, or the record saying a model was found),
// and ends their search when they take it in.
TEST(Portfolio, AVerdictOfThisProcessReachesTheOtherProcessesOnce) {
  for (const Verdict verdict : {Verdict::kUnsatisfiable, Verdict::kSatisfiable}) {
    SCOPED_TRACE(verdict_name(verdict));
    const CnfFormula formula = pigeon_hole(6);
    const auto end = std::make_shared<SearchEnd>(nullptr);
    PortfolioSpace here(std::make_shared<PortfolioShared>(formula, 2u, ShareOptions{}, end));
    std::vector<std::int32_t> words;
    EXPECT_FALSE(here.take_shared(words)) << "nothing decided yet";
    const Model model(static_cast<std::size_t>(formula.num_variables()) + 1, 0);
    end->board().post("race", verdict, model);
    ASSERT_TRUE(here.take_shared(words));
    EXPECT_EQ(words, (std::vector<std::int32_t>{verdict == Verdict::kUnsatisfiable ? 0 : -1}));
    EXPECT_TRUE(here.shared_is_urgent()) << "a verdict ends the others' slices";
    std::vector<std::int32_t> again;
    EXPECT_FALSE(here.take_shared(again)) << "said once";
    EXPECT_FALSE(here.shared_is_urgent());

    const auto end_there = std::make_shared<SearchEnd>(nullptr);
    PortfolioSpace there(std::make_shared<PortfolioShared>(formula, 2u, ShareOptions{}, end_there));
    EXPECT_FALSE(end_there->reached());
    there.receive_shared(words);
    EXPECT_TRUE(end_there->reached()) << "the other process's members stop";
  }
}

// A member reads its mail between slices only, so a slice, a member's first
// call too, ends as soon as the engine says urgent mail waits (a verdict or
// the search's end: core/detail/message.hpp, is_urgent); other mail (the
// clauses of other processes) waits for the slice's end, as clauses that
// come through memory do.
TEST(Portfolio, ASliceEndsAtOnceForUrgentMailOnly) {
  // Far from its threshold's hard core, yet 5,000 conflicts take a while.
  const CnfFormula formula = random_ksat(3000, clauses_for_ratio(3000, 4.26), 3, 1);
  for (const bool urgent : {false, true}) {
    SCOPED_TRACE(urgent ? "urgent mail waits" : "no urgent mail");
    const auto end = std::make_shared<SearchEnd>(nullptr);
    PortfolioSpace space(std::make_shared<PortfolioShared>(formula, 2u, ShareOptions{}, end));
    space.watch_mail([urgent] { return urgent; });
    ASSERT_EQ(space.reset(), core::Outcome::kOpen);
    ASSERT_EQ(space.descend(0), core::Outcome::kOpen);
    ASSERT_EQ(space.descend(1), core::Outcome::kOpen);
    const std::uint64_t first = counter_of(space, "conflicts");
    if (urgent) {
      EXPECT_LT(first, static_cast<std::uint64_t>(kFirstSliceConflicts) / 10);
    } else {
      // About its conflicts (CaDiCaL stops near its limit).
      EXPECT_GE(first, static_cast<std::uint64_t>(kFirstSliceConflicts) * 9 / 10);
    }
  }
}

// Under mpirun the race (rank 0's) sends no message itself: what it learned
// goes to the other processes' members in the batches of its process's
// workers, once, whichever worker sends first; without mpirun it does not
// (the members hear it through memory).
TEST(Portfolio, UnderMpirunTheRacesClausesGoToTheOtherProcessesOnce) {
  const CnfFormula formula = pigeon_hole(6);
  for (const bool across_processes : {false, true}) {
    SCOPED_TRACE(across_processes ? "across processes" : "one process");
    const auto end = std::make_shared<SearchEnd>(nullptr);
    auto shared = std::make_shared<PortfolioShared>(formula, 2u, ShareOptions{}, end);
    shared->across_processes = across_processes;
    shared->race_clauses = std::make_shared<RaceClauses>(ShareOptions{}, formula.num_variables());
    shared->race_clauses->keep();
    for (Literal var = 1; var <= 32; ++var) {  // binary clauses: always shared
      const Literal clause[] = {var, -(var + 1)};
      shared->race_clauses->offer(clause, 1.0);
    }
    PortfolioSpace first(shared), second(shared);
    std::vector<std::int32_t> words, more;
    EXPECT_EQ(first.take_shared(words), across_processes);
    EXPECT_FALSE(second.take_shared(more)) << "sent once for the process";
    if (!across_processes) continue;
    PortfolioSpace there(std::make_shared<PortfolioShared>(formula, 2u, ShareOptions{},
                                                           std::make_shared<SearchEnd>(nullptr)));
    there.receive_shared(words);
    EXPECT_EQ(counter_of(there, "received"), 32u);
  }
}

// Under mpirun the race's clauses go to the other processes as the race
// learns them, whenever a worker of its process shares: not urgent, so they
// end no slice there.
TEST(Portfolio, UnderMpirunTheRacesClausesGoAsTheyAreLearnedAndAreNotUrgent) {
  const CnfFormula formula = pigeon_hole(12);  // 132 variables: the clauses below use 129
  ASSERT_GE(formula.num_variables(), 129);
  const auto end = std::make_shared<SearchEnd>(nullptr);
  auto shared = std::make_shared<PortfolioShared>(formula, 2u, ShareOptions{}, end);
  shared->across_processes = true;
  shared->race_clauses = std::make_shared<RaceClauses>(ShareOptions{}, formula.num_variables());
  shared->race_clauses->keep();
  Literal next_var = 1;
  PortfolioSpace space(shared);
  for (int batch = 1; batch <= 4; ++batch) {
    SCOPED_TRACE("batch " + std::to_string(batch));
    for (int i = 0; i < 32; ++i, ++next_var) {  // binary clauses: always shared
      const Literal clause[] = {next_var, -(next_var + 1)};
      shared->race_clauses->offer(clause, 1.0);
    }
    std::vector<std::int32_t> words;
    ASSERT_TRUE(space.take_shared(words)) << "sent at once";
    EXPECT_EQ(words.size(), 32u * 3);
    EXPECT_FALSE(space.shared_is_urgent());
    words.clear();
    EXPECT_FALSE(space.take_shared(words)) << "sent once";
  }
}

// A member's first call sees the formula alone, as CaDiCaL alone would:
// clauses that arrived before it (under mpirun a rank's member starts after
// the others have exported a while) wait for its second call.
TEST(Portfolio, AMembersFirstCallTakesNoClausesIn) {
  const CnfFormula formula = pigeon_hole(9);
  std::vector<std::int32_t> words;
  ClauseExchange elsewhere(ShareOptions{}, formula.num_variables());
  for (std::size_t i = 0; i < formula.num_clauses(); ++i)
    if (formula.clause(i).size() == 2) elsewhere.offer(formula.clause(i), 0.0);
  ASSERT_TRUE(elsewhere.take_batch(words));
  const auto end = std::make_shared<SearchEnd>(nullptr);
  auto shared = std::make_shared<PortfolioShared>(formula, 2u, ShareOptions{}, end);
  shared->across_processes = true;
  PortfolioSpace space(shared);
  ASSERT_EQ(space.reset(), core::Outcome::kOpen);
  ASSERT_EQ(space.descend(0), core::Outcome::kOpen);
  space.receive_shared(words);
  ASSERT_GT(counter_of(space, "received"), 0u);
  ASSERT_EQ(space.descend(1), core::Outcome::kOpen) << "5,000 conflicts do not refute it";
  EXPECT_EQ(counter_of(space, "imported"), 0u) << "the first call, on the formula alone";
  ASSERT_EQ(space.descend(2), core::Outcome::kOpen);
  EXPECT_GT(counter_of(space, "imported"), 0u) << "the second, with what arrived";
}

// The root's children are the member slots, first member first. Under
// mpirun, on the rank whose workers yield to the race, last first: the
// worker that expands the root takes the last slot, which runs no member (it
// watches, hands the members out and passes the race's clauses on), and the
// workers that steal the others run members 1, 2, ...
TEST(Portfolio, AYieldingRootWorkerRunsNoMember) {
  const auto end = std::make_shared<SearchEnd>(nullptr);
  auto shared = std::make_shared<PortfolioShared>(pigeon_hole(6), 3u, ShareOptions{}, end);
  shared->first_member = 1;  // the race is member 0
  for (const bool yields : {false, true}) {
    SCOPED_TRACE(yields ? "yields" : "does not yield");
    shared->root_worker_yields = yields;
    PortfolioSpace space(shared);
    ASSERT_EQ(space.reset(), core::Outcome::kOpen);
    std::vector<std::int32_t> children;
    core::ChoiceSink<std::int32_t> sink(children);
    space.choices(sink);
    ASSERT_EQ(children,
              (yields ? std::vector<std::int32_t>{2, 1, 0} : std::vector<std::int32_t>{0, 1, 2}));
    ASSERT_EQ(space.descend(children.front()), core::Outcome::kOpen);
    // The counter is the member plus one; 0: none.
    EXPECT_EQ(counter_of(space, "member"), yields ? 0u : 2u);
    for (const std::int32_t stolen : {children[1], children[2]}) {
      PortfolioSpace thief(shared);
      ASSERT_EQ(thief.reset(), core::Outcome::kOpen);
      ASSERT_EQ(thief.replay_descend(stolen), core::Outcome::kOpen);
      EXPECT_EQ(counter_of(thief, "member"), static_cast<std::uint64_t>(stolen + 2));
    }
  }
}

// What is left to the process's exit lives on and is never destroyed.
TEST(LeftToExit, AnObjectLeftIsNeverDestroyed) {
  struct Watched {
    bool* destroyed = nullptr;
    ~Watched() {
      if (destroyed) *destroyed = true;
    }
  };
  bool destroyed = false;
  const std::size_t before = objects_left_to_exit();
  auto watched = std::make_shared<Watched>();
  watched->destroyed = &destroyed;
  leave_to_exit(std::move(watched));
  EXPECT_FALSE(destroyed);
  EXPECT_EQ(objects_left_to_exit(), before + 1);
}

// With solvers_left_to_exit (the command line's choice), every member's
// CaDiCaL that started is left to the exit when its worker's space goes, and
// the answer is as ever; without it, none is.
TEST(Portfolio, MembersCanBeLeftToTheExit) {
  const CnfFormula formula = pigeon_hole(6);
  for (const bool left : {false, true}) {
    auto shared = std::make_shared<PortfolioShared>(formula, 2u, ShareOptions{},
                                                    std::make_shared<SearchEnd>(nullptr));
    shared->solvers_left_to_exit = left;
    core::RunConfig setup =
        stacksplit::testing::scheme_setup("rp", 2, "complete", core::SplitStrategy::kHalf, 1, 2);
    setup.search.mode = core::SearchMode::kFirst;
    const std::size_t before = objects_left_to_exit();
    const auto result = core::run_search<PortfolioSpace>(
        stacksplit::testing::on_runtime(setup, "threads"), [&] { return PortfolioSpace(shared); });
    EXPECT_FALSE(result.solution.has_value());
    EXPECT_EQ(shared->end->board().verdict(), Verdict::kUnsatisfiable);
    // A member may answer before the other worker starts its own.
    const std::size_t left_now = objects_left_to_exit() - before;
    if (left) {
      EXPECT_GE(left_now, 1u);
      EXPECT_LE(left_now, 2u);
    } else {
      EXPECT_EQ(left_now, 0u);
    }
  }
}

// The members differ: the default first, then others.
TEST(Portfolio, MembersAreDiversified) {
  EXPECT_EQ(portfolio_member(0).describe(), "default, phase 1, seed 0");
  // The second member is the local-search one, and the only one.
  EXPECT_EQ(portfolio_member(1).describe(), "sat walker, phase 1, seed 1");
  for (int m = 0; m < 8; ++m)
    EXPECT_EQ(portfolio_member(m).walk_per_mille, m == 1 ? kWalkerPerMille : 0) << m;
  std::vector<std::string> seen;
  for (int m = 0; m < 8; ++m) seen.push_back(portfolio_member(m).describe());
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(std::unique(seen.begin(), seen.end()), seen.end());
  // Where the formula does not look random, the second member is CaDiCaL's
  // satisfiable configuration as `cadical --sat` runs it, and no member walks.
  EXPECT_EQ(portfolio_member(1, false).describe(), "sat, phase 1, seed 0");
  for (int m = 0; m < 8; ++m) {
    EXPECT_EQ(portfolio_member(m, false).walk_per_mille, 0) << m;
    if (m != 1) {
      EXPECT_EQ(portfolio_member(m, false).describe(), portfolio_member(m).describe());
    }
  }
}

// Member 1 walks where auto's probes saw random k-SAT's shape (a large
// look-ahead tree that is not deep), and with no probes (--solver
// portfolio); elsewhere it does not.
TEST(Portfolio, TheWalkerSuitsRandomLookingFormulas) {
  EXPECT_TRUE(walker_suits(std::nullopt));
  SolverChoice choice;
  choice.kind = SolverKind::kPortfolio;
  choice.reason = std::string(kTreeTooLarge);
  EXPECT_TRUE(walker_suits(choice));
  for (const char* reason :
       {"the look-ahead tree is too deep", "look-ahead is too slow here",
        "too many variables for look-ahead", "a root decision implies a long chain"}) {
    choice.reason = reason;
    EXPECT_FALSE(walker_suits(choice)) << reason;
  }
}

}  // namespace
}  // namespace stacksplit::apps::sat
