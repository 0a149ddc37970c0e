// --solver auto's race (cdcl/cdcl_race.hpp) and its bounds: it posts its
// verdict to the run's board, stops when another member decides, its model
// is read by any thread; with one worker it takes turns with the search in
// shares of CPU time (limits/fair_share.hpp: 0.9 s of the search's for each
// of its own), so a run costs at most about twice the faster side, tested
// where DPLL is hopeless and where CDCL is; a verdict travels between ranks as one word; members
// that disagree are seen; the command races on a core of its own beside two workers and takes turns
// with one.

#include "apps/sat/cdcl/cdcl_race.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "apps/sat/cnf/cnf_generator.hpp"
#include "apps/sat/cnf/model_check.hpp"
#include "apps/sat/dpll/dpll_space.hpp"
#include "apps/sat/limits/thread_cpu_clock.hpp"
#include "core/run_search.hpp"
#include "tests/apps/sat/sat_test_support.hpp"
#include "tests/schemes/scheme_cases.hpp"
#include "tests/support/run_records.hpp"

namespace stacksplit::apps::sat {
namespace {

std::shared_ptr<SearchEnd> end_with_limit(double seconds) {
  return std::make_shared<SearchEnd>(std::make_shared<TimeLimit>(seconds));
}

void wait_until_decided(const SearchEnd& end, double seconds = 60) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (!end.decided() && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

// The search beside a race: DPLL on `workers` threads, sharing `end`.
core::SearchResult<DpllSpace> search(const CnfFormula& formula, std::shared_ptr<SearchEnd> end,
                                     std::shared_ptr<FairShare> turns = nullptr, int workers = 1) {
  DpllOptions options;
  options.end = std::move(end);
  options.posts_models = true;
  options.turns = std::move(turns);
  const DpllSpace prototype(formula, options);
  core::RunConfig setup = stacksplit::testing::scheme_setup("rp", workers, "complete",
                                                            core::SplitStrategy::kHalf, 1, 2);
  setup.search.mode = core::SearchMode::kFirst;
  return core::run_search<DpllSpace>(stacksplit::testing::on_runtime(setup, "threads"),
                                     [&] { return prototype; });
}

TEST(CdclRace, PostsItsVerdictAndItsCheckedModel) {
  for (const bool satisfiable : {true, false}) {
    const CnfFormula formula = satisfiable ? xor_chains(40, true) : pigeon_hole(7);
    const auto end = end_with_limit(60);
    CdclRace race(formula, end);
    race.start();
    wait_until_decided(*end);
    race.stop();
    ASSERT_EQ(race.verdict(), satisfiable ? Verdict::kSatisfiable : Verdict::kUnsatisfiable);
    EXPECT_EQ(end->board().verdict(), race.verdict());
    ASSERT_EQ(end->board().posted().size(), 1u);
    EXPECT_EQ(end->board().posted()[0].member, "race");
    if (satisfiable) {
      EXPECT_TRUE(satisfies(formula, end->board().model()));
    }
    if (!satisfiable) {
      EXPECT_GT(race.conflicts(), 0u);
    }
  }
}

// Another member decided first: the race's call stops, it posts nothing.
TEST(CdclRace, StopsWhenAnotherMemberDecides) {
  const CnfFormula formula = pigeon_hole(12);  // minutes of CDCL
  const auto end = end_with_limit(60);
  CdclRace race(formula, end);
  race.start();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  end->board().post("another member", Verdict::kUnsatisfiable);
  race.stop();  // joins: it stopped by itself, or this would wait for minutes
  EXPECT_EQ(race.verdict(), Verdict::kUnknown);
  EXPECT_EQ(end->board().posted().size(), 1u);
  EXPECT_FALSE(end->time_limit_reached());
}

// A head start whose one call is a member's first slice (under mpirun,
// where no probes are needed, rank 1 runs it while MPI starts): handed over
// at once, it is not cut short but waited for, so the member goes on from
// a whole first slice, as its own first call would have been; and it
// still ends at once when the run is decided.
TEST(CdclRace, AHeadStartOfOneSliceIsWaitedForNotCut) {
  const CnfFormula formula = pigeon_hole(12);  // minutes of CDCL
  constexpr int kSlice = 2'000;
  CdclRace slice(formula, end_with_limit(60));
  slice.end_call_after(kSlice);
  slice.start();
  const std::shared_ptr<CdclEngine> engine = slice.hand_over();
  ASSERT_NE(engine, nullptr);
  // CaDiCaL counts the limit in its conflicts, the engine in the clauses it
  // learned: nearly the same number.
  EXPECT_GE(engine->conflicts(), static_cast<std::uint64_t>(kSlice * 9 / 10))
      << "its call ran to its end";
  EXPECT_EQ(slice.verdict(), Verdict::kUnknown);

  // Without end_call_after() the call is cut at once.
  CdclRace cut(formula, end_with_limit(60));
  cut.start();
  const std::shared_ptr<CdclEngine> cut_engine = cut.hand_over();
  if (cut_engine) {
    EXPECT_LT(cut_engine->conflicts(), static_cast<std::uint64_t>(kSlice * 9 / 10));
  }

  const auto end = end_with_limit(60);
  CdclRace decided(formula, end);
  decided.end_call_after(100'000'000);
  end->board().post("another member", Verdict::kUnsatisfiable);
  decided.start();
  decided.hand_over();  // joins: it stopped by itself, or this would wait for minutes
  EXPECT_EQ(decided.verdict(), Verdict::kUnknown);
}

// Its CPU time is read off its thread's clock while it runs: a large
// formula takes CaDiCaL a good part of a second to load, before its first
// poll, and what the race stores as it goes was 0 until then (under mpirun
// the head start's CPU time was read 0 after probes of a few milliseconds).
TEST(CdclRace, ItsCpuTimeIsCurrentWhileItRuns) {
  const CnfFormula formula = random_ksat(400'000, 1'600'000, 3, 1);
  const auto process_cpu = [] {
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
  };
  CdclRace race(formula, end_with_limit(60));
  const double before = process_cpu();
  race.start();
  // This thread sleeps: the process's CPU time is the race's, 0.05 s of
  // it well inside the loading of 1.6 million clauses.
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (process_cpu() - before < 0.05 && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  const double cpu = race.cpu_seconds();
  race.stop();
  EXPECT_GE(cpu, 0.03) << "read while it loaded the formula";
}

// Every worker that reaches a node after the race found a model could read
// it, so several threads read it at once (qg1-08 at two workers: 1 run in 40
// ended in munmap_chunk(): invalid pointer, when nodes read CaDiCaL's val()
// from several threads: it completes the model lazily). The model is copied
// once, in the race's thread, before it says SAT. Under ThreadSanitizer
// (scripts/test --sanitize thread runs this suite) a read through CaDiCaL
// here is a report.
TEST(CdclRace, ItsModelIsReadByManyThreadsAtOnce) {
  constexpr int kReaders = 8;
  for (const CnfFormula& formula :
       {counter_bmc(8, 40, 30), xor_chains(60, true), random_ksat(150, 500, 3, 5)}) {
    for (int round = 0; round < 10; ++round) {
      const auto end = end_with_limit(60);
      CdclRace race(formula, end);
      race.start();
      wait_until_decided(*end);
      ASSERT_EQ(race.verdict(), Verdict::kSatisfiable);
      std::vector<Model> models(kReaders);
      std::atomic<int> ready{0};
      std::vector<std::thread> readers;
      for (int r = 0; r < kReaders; ++r) {
        readers.emplace_back([&, r] {
          ready.fetch_add(1);
          while (ready.load() < kReaders) {
          }
          models[static_cast<std::size_t>(r)] = race.model();
        });
      }
      for (std::thread& reader : readers) reader.join();
      race.stop();
      for (const Model& model : models) EXPECT_EQ(model, models[0]);
      EXPECT_TRUE(satisfies(formula, models[0]));
    }
  }
}

// Two sides yielding as they burn CPU: while both work, neither gets more
// than a quantum (and the time between two of its yields) ahead of the
// other, even when one starts late (it is waited for); once one finishes,
// the other runs on alone.
TEST(FairShare, NeitherSideGetsMoreThanAQuantumAhead) {
  FairShare turns(0.005);
  std::atomic<double> worst_lead{0};
  std::atomic<bool> done[2] = {false, false};
  const auto side = [&](FairShare::Side me, double seconds) {
    const auto other = me == FairShare::kCdcl ? FairShare::kSearch : FairShare::kCdcl;
    const auto cpu = [] {
      return std::chrono::duration<double>(ThreadCpuClock::now().time_since_epoch()).count();
    };
    const double start = cpu();
    while (cpu() - start < seconds) {
      turns.yield(me);
      if (done[other].load()) continue;  // alone now
      const double lead = turns.used_seconds(me) - turns.used_seconds(other);
      double known = worst_lead.load();
      while (lead > known && !worst_lead.compare_exchange_weak(known, lead)) {
      }
    }
    done[me].store(true);
    turns.finished(me);
  };
  // The search side (measured as the process's CPU less the CDCL side's:
  // only these two threads work) starts 0.1 s late.
  std::thread cdcl(side, FairShare::kCdcl, 0.3);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  side(FairShare::kSearch, 0.15);
  cdcl.join();
  EXPECT_GE(turns.used_seconds(FairShare::kCdcl), 0.25) << "it went on alone";
  EXPECT_LT(worst_lead.load(), 0.05) << "a side ran far ahead of the other";
  EXPECT_GT(turns.waited_seconds(FairShare::kCdcl), 0.05)
      << "the CDCL side waited for the late one";
}

// A CDCL side that only yields, in a thread of its own, until stop().
class YieldingCdclSide {
 public:
  explicit YieldingCdclSide(FairShare& turns)
      : turns_(turns), thread_([this] {
          while (!stop_.load()) turns_.yield(FairShare::kCdcl, [this] { return stop_.load(); });
          turns_.finished(FairShare::kCdcl);
        }) {}
  ~YieldingCdclSide() { stop(); }
  void stop() {
    stop_.store(true);
    if (thread_.joinable()) thread_.join();
  }

 private:
  FairShare& turns_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

// The search side works `seconds` of its thread's CPU time, yielding as it goes.
void search_side_works(FairShare& turns, double seconds) {
  const auto cpu = [] {
    return std::chrono::duration<double>(ThreadCpuClock::now().time_since_epoch()).count();
  };
  const double start = cpu();
  while (cpu() - start < seconds) turns.yield(FairShare::kSearch);
}

// A side that stands aside lets the other run on past its quantum until it
// has had enough (here 0.1 s of CPU), and waits meanwhile; then the turns
// resume, the lead is made up, and neither gets further ahead than that.
TEST(FairShare, StandingAsideLetsTheOtherRunOnUntilItHasHadEnough) {
  FairShare turns(0.005);
  YieldingCdclSide cdcl(turns);
  turns.stand_aside(FairShare::kSearch,
                    [&] { return turns.used_seconds(FairShare::kCdcl) >= 0.1; });
  const double lead = turns.used_seconds(FairShare::kCdcl) - turns.used_seconds(FairShare::kSearch);
  EXPECT_GT(lead, 0.08) << "the CDCL side ran on alone, far past a quantum";
  EXPECT_GT(turns.waited_seconds(FairShare::kSearch), 0.08);
  // The search side now works 0.2 s of CPU in turns: the CDCL side waits
  // until the lead is made up, then shares.
  search_side_works(turns, 0.2);
  cdcl.stop();
  const double cdcl_seconds = turns.used_seconds(FairShare::kCdcl);
  EXPECT_LT(cdcl_seconds, 0.2 + 0.05) << "the lead was made up before the CDCL side ran again";
  EXPECT_GT(cdcl_seconds, 0.15) << "then both shared";
}

// While a side is aside (FairShare::Aside) and its thread does something
// else, asleep (under mpirun: starting MPI), the other runs on past its
// quantum; afterwards the lead is made up as after stand_aside.
TEST(FairShare, WhileASideIsAsideTheOtherRunsOn) {
  FairShare turns(0.005, FairShare::SearchClock::kMakingThread);
  YieldingCdclSide cdcl(turns);
  {
    const FairShare::Aside aside(turns, FairShare::kSearch);
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (turns.used_seconds(FairShare::kCdcl) < 0.1 && std::chrono::steady_clock::now() < give_up)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_GE(turns.used_seconds(FairShare::kCdcl), 0.1) << "the CDCL side ran on alone";
  search_side_works(turns, 0.2);
  cdcl.stop();
  const double cdcl_seconds = turns.used_seconds(FairShare::kCdcl);
  EXPECT_LT(cdcl_seconds, 0.2 + 0.05) << "the lead was made up before the CDCL side ran again";
  EXPECT_GT(cdcl_seconds, 0.15) << "then both shared";
}

// Beside a race with a core of its own, auto's probes take turns with the
// portfolio's first member in a process where the race works too: the
// search side's time is then the clock of the thread that made the turns,
// and a third thread's work is neither side's. Here a thread that never
// yields spins throughout (the race); the two sides still share equally
// (counted as the process's CPU less the CDCL side's, the spinning thread's
// time would be the search side's, and the CDCL side would run on alone).
TEST(FairShare, BesideARaceTheSearchSideIsTheThreadThatMadeTheTurns) {
  std::atomic<bool> over{false};
  std::thread race([&] {
    while (!over.load(std::memory_order_relaxed)) {
    }
  });
  FairShare turns(0.005, FairShare::SearchClock::kMakingThread);
  YieldingCdclSide member(turns);
  search_side_works(turns, 0.2);
  member.stop();
  over.store(true);
  race.join();
  EXPECT_GT(turns.used_seconds(FairShare::kSearch), 0.19);
  EXPECT_GT(turns.used_seconds(FairShare::kCdcl), 0.15) << "the member had its share";
  EXPECT_LT(turns.used_seconds(FairShare::kCdcl), 0.25) << "and no more";
}

// The turns with one worker, as the command makes them.
std::shared_ptr<FairShare> one_worker_turns() {
  return std::make_shared<FairShare>(kTurnQuantumSeconds, FairShare::SearchClock::kProcessLessCdcl,
                                     kOneWorkerSearchShare);
}

// With a search share of one half, the CDCL side works two seconds for each
// of the search side's, within a quantum.
TEST(FairShare, TheSearchSideGetsItsShare) {
  FairShare turns(0.005, FairShare::SearchClock::kProcessLessCdcl, 0.5);
  YieldingCdclSide cdcl(turns);
  search_side_works(turns, 0.15);
  const double search = turns.used_seconds(FairShare::kSearch);
  const double cdcl_seconds = turns.used_seconds(FairShare::kCdcl);
  cdcl.stop();
  EXPECT_GT(cdcl_seconds, 2 * search - 0.03);
  EXPECT_LT(cdcl_seconds, 2 * search + 0.03);
}

// A side given a budget (limit) takes its turns until it has used it, then
// stands aside for good: its next yield returns only once the other side
// finishes, which meanwhile runs on alone. (With one worker,
// cube-and-conquer's budget beside the race: plan/sat_plan.cpp.)
TEST(FairShare, ASidePastItsBudgetStandsAsideUntilTheOtherFinishes) {
  FairShare turns(0.005);
  auto cdcl = std::make_unique<YieldingCdclSide>(turns);
  turns.limit(FairShare::kSearch, 0.05);
  std::atomic<bool> search_returned{false};
  std::thread search([&] {
    search_side_works(turns, 0.2);
    search_returned.store(true);
  });
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (turns.used_seconds(FairShare::kCdcl) < 0.3 && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_TRUE(turns.spent(FairShare::kSearch));
  EXPECT_FALSE(search_returned.load()) << "it waits for the other side";
  EXPECT_GE(turns.used_seconds(FairShare::kCdcl), 0.3) << "which ran on alone";
  EXPECT_LT(turns.used_seconds(FairShare::kSearch), 0.05 + 0.03) << "no turn past the budget";
  cdcl.reset();  // the CDCL side finishes
  search.join();
  EXPECT_TRUE(search_returned.load());
  EXPECT_FALSE(turns.spent(FairShare::kCdcl));
}

// Without a budget, or within it, a side is never held back.
TEST(FairShare, ASideWithinItsBudgetTakesItsTurns) {
  FairShare turns(0.005);
  YieldingCdclSide cdcl(turns);
  turns.limit(FairShare::kSearch, 10);
  search_side_works(turns, 0.1);
  EXPECT_FALSE(turns.spent(FairShare::kSearch));
  EXPECT_GT(turns.used_seconds(FairShare::kSearch), 0.09);
}

// The bound where DPLL is hopeless: a counter asked to reach more than it
// can, which CaDiCaL refutes in a fraction of a second and look-ahead DPLL
// not in minutes. With one worker the race decides it having used its own
// CPU time, and the search no more than that and a few turns.
TEST(CdclRace, WithOneWorkerADpllHopelessFormulaCostsAboutTwiceCdcl) {
  if (testing::kUnderThreadSanitizer) GTEST_SKIP() << testing::kTooSlowUnderTsan;
  const CnfFormula formula = counter_bmc(14, 150, 151);
  const auto end = end_with_limit(120);
  auto turns = one_worker_turns();
  CdclRace race(formula, end, {}, turns);
  race.start();
  const auto result = search(formula, end, turns);
  race.stop();
  ASSERT_EQ(race.verdict(), Verdict::kUnsatisfiable);
  EXPECT_FALSE(end->time_limit_reached());
  EXPECT_GT(result.total.app_counters[DpllSpace::kCutNodesCounter], 0u) << "the race cut it";
  EXPECT_LE(turns->used_seconds(FairShare::kSearch),
            kOneWorkerSearchShare * turns->used_seconds(FairShare::kCdcl) +
                10 * kTurnQuantumSeconds + 0.05);
}

// The bound where CDCL is hopeless: pigeon-hole, which look-ahead DPLL
// refutes fast and CaDiCaL does not in minutes. The search decides it, the
// race having used no more than the search's time and a few turns.
TEST(CdclRace, WithOneWorkerACdclHopelessFormulaCostsAboutTwiceDpll) {
  if (testing::kUnderThreadSanitizer) GTEST_SKIP() << testing::kTooSlowUnderTsan;
  const CnfFormula formula = pigeon_hole(10);
  const auto end = end_with_limit(120);
  auto turns = one_worker_turns();
  CdclRace race(formula, end, {}, turns);
  race.start();
  const auto result = search(formula, end, turns);
  turns->finished(FairShare::kSearch);
  race.stop();
  EXPECT_FALSE(end->time_limit_reached());
  EXPECT_FALSE(result.solution_found);
  EXPECT_EQ(result.total.app_counters[DpllSpace::kCutNodesCounter], 0u) << "DPLL finished it";
  EXPECT_EQ(race.verdict(), Verdict::kUnknown);
  EXPECT_LE(turns->used_seconds(FairShare::kCdcl),
            turns->used_seconds(FairShare::kSearch) / kOneWorkerSearchShare +
                10 * kTurnQuantumSeconds + 0.05);
  EXPECT_GT(race.waited_seconds(), 0.0);
}

// Under mpirun a verdict posted on one rank reaches the others as one word
// the engine sends; the space that hears it cuts every node it enters.
TEST(DpllSpace, AVerdictTravelsBetweenRanksAsOneSharedWord) {
  const CnfFormula formula = xor_chains(20, false);
  const auto here_end = end_with_limit(60), there_end = end_with_limit(60);
  DpllOptions here_options, there_options;
  here_options.end = here_end;
  there_options.end = there_end;
  DpllSpace here(formula, here_options), there(formula, there_options);
  std::vector<std::int32_t> words;
  EXPECT_FALSE(here.take_shared(words)) << "nothing to say before a member decides";
  here_end->board().post("race", Verdict::kUnsatisfiable);
  ASSERT_TRUE(here.take_shared(words));
  EXPECT_EQ(words, std::vector<std::int32_t>{static_cast<std::int32_t>(Verdict::kUnsatisfiable)});
  std::vector<std::int32_t> again;
  EXPECT_FALSE(here.take_shared(again)) << "said once";
  EXPECT_EQ(there.reset(), core::Outcome::kOpen);
  std::vector<Literal> children;
  core::ChoiceSink<Literal> sink(children);
  there.choices(sink);
  ASSERT_FALSE(children.empty());
  there.receive_shared(std::vector<std::int32_t>{7});  // not a verdict: ignored
  EXPECT_FALSE(there_end->decided());
  there.receive_shared(words);
  EXPECT_EQ(there_end->board().verdict(), Verdict::kUnsatisfiable);
  std::vector<std::int32_t> heard;
  EXPECT_FALSE(there.take_shared(heard)) << "a verdict heard is not announced again";
  // A model heard stops this process's solvers but is not posted: its rank
  // has it (the engine gathers it), and no board holds SAT without a model.
  SearchEnd elsewhere(nullptr);
  elsewhere.heard(Verdict::kSatisfiable);
  EXPECT_TRUE(elsewhere.decided());
  EXPECT_FALSE(elsewhere.board().decided());
  // Cut: open, but childless.
  EXPECT_EQ(there.descend(children[0]), core::Outcome::kOpen);
  std::vector<Literal> below;
  core::ChoiceSink<Literal> below_sink(below);
  there.choices(below_sink);
  EXPECT_TRUE(below.empty());
}

// The first verdict is the run's; one that contradicts it is a disagreement,
// an internal error (the command exits 70), never a silent choice.
TEST(VerdictBoard, TheFirstVerdictHoldsAndAContradictionIsSeen) {
  VerdictBoard board;
  EXPECT_FALSE(board.post("a member", Verdict::kUnknown));
  EXPECT_FALSE(board.decided());
  EXPECT_TRUE(board.post("race", Verdict::kSatisfiable, Model{1, -2}));
  EXPECT_FALSE(board.post("the search", Verdict::kSatisfiable, Model{-1, -2}));
  EXPECT_EQ(board.model(), (Model{1, -2}));
  EXPECT_FALSE(board.disagreement());
  board.post("the DPLL search", Verdict::kUnsatisfiable);
  EXPECT_EQ(board.verdict(), Verdict::kSatisfiable);
  EXPECT_TRUE(board.disagreement());
  ASSERT_EQ(board.posted().size(), 3u);
  EXPECT_EQ(board.posted()[2].member, "the DPLL search");
}

// The command races on a core of its own beside two workers and takes turns
// with one; not on the simulator, with --solver dpll or with --count.
TEST(CdclRace, TheCommandRacesOnACoreOfItsOwnBesideTwoWorkersAndTakesTurnsWithOne) {
  const std::string path =
      testing::write_cnf("race-random.cnf", random_ksat(150, clauses_for_ratio(150, 4.26), 3, 11));
  const auto races = [&](const std::string& options) {
    const testing::CommandRun run =
        testing::run_command(std::string(STACKSPLIT_BINARY) + " sat " + path + " " + options);
    EXPECT_TRUE(run.status == 10 || run.status == 20) << options << ": " << run.out;
    if (run.out.find("c race: CaDiCaL on the whole formula on a core of its own") !=
        std::string::npos)
      return std::string("own core");
    if (run.out.find("c race: CaDiCaL on the whole formula taking turns with the search") !=
        std::string::npos)
      return std::string("turns");
    EXPECT_EQ(run.out.find("c race:"), std::string::npos) << run.out;
    return std::string("none");
  };
  EXPECT_EQ(races("-w 2"), "own core");
  EXPECT_EQ(races("-w 1"), "turns");
  EXPECT_EQ(races("-w 2 --solver dpll"), "none");
  EXPECT_EQ(races("-w 1 --solver dpll"), "none");
  EXPECT_EQ(races("-w 2 --runtime sim"), "none");
  EXPECT_EQ(races("-w 1 --count"), "none");
}

// With one worker cube-and-conquer gets a probe's budget of CPU time beside
// the race, then stands aside: on W(2,5) at 178, which the probes give to
// cube-and-conquer and whose cubes take CaDiCaL about the race's own work
// (some 30 s here), the race then has the core alone until the time limit.
TEST(CdclRace, WithOneWorkerCubeAndConquerStopsAfterAProbesBudget) {
  if (testing::kUnderThreadSanitizer) GTEST_SKIP() << testing::kTooSlowUnderTsan;
  const std::string path = testing::write_cnf("race-vdw-178.cnf", van_der_waerden(5, 178));
  const std::string json = (testing::scratch_directory() / "race-budget.jsonl").string();
  const double limit = 4;
  const testing::CommandRun run =
      testing::run_command(std::string(STACKSPLIT_BINARY) + " sat " + path + " -w 1 --time-limit " +
                           std::to_string(limit) + " --json " + json);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("solver cnc (auto: "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("(then alone: the search used up its budget)"), std::string::npos)
      << run.out;
  const nlohmann::json race = stacksplit::testing::last_run_record(json)["app_details"]["race"];
  EXPECT_TRUE(race["search_spent_budget"].get<bool>()) << race;
  // The race had all but the probes' time and the budget.
  EXPECT_GT(race["cpu_s"].get<double>(), limit - 2 * kMostLookaheadProbeSeconds - 1) << race;
}

}  // namespace
}  // namespace stacksplit::apps::sat
