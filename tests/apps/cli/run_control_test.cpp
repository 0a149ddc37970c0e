// Run control as a user meets it: Ctrl-C on a real run (a real SIGINT to a
// real process) on every in-process runtime, the progress line on a terminal,
// the --json file checked before the search, and nothing on stdout before
// every option is checked. The MPI cases are in tests/mpi/mpi_run_test.cpp.

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "apps/cli/interrupt_handler.hpp"
#include "core/stop_signal.hpp"
#include "tests/support/run_records.hpp"
#include "tests/support/subprocess.hpp"

namespace stacksplit::testing {
namespace {

using namespace std::chrono_literals;

std::string scratch(const std::string& name) {
  return ::testing::TempDir() + "run_control_" + std::to_string(getpid()) + "_" + name;
}

// A random 3-SAT formula at the threshold, far too big to finish in a test.
std::string hard_formula() {
  const std::string path = scratch("hard.cnf");
  const ProcessOutcome made = run_process({STACKSPLIT_GEN_CNF, "random", "--variables", "450",
                                           "--ratio", "4.26", "--seed", "3", "-o", path},
                                          30s);
  EXPECT_EQ(made.exit_code, 0) << made.output;
  return path;
}

// Starts `arguments`, waits until it is searching (`started` is printed),
// lets it run a little, then sends SIGINT and waits for the end.
ProcessOutcome interrupt(const std::vector<std::string>& arguments, const std::string& started,
                         Stderr stderr_to = Stderr::kPipe) {
  std::vector<std::string> argv = {STACKSPLIT_BINARY};
  argv.insert(argv.end(), arguments.begin(), arguments.end());
  Subprocess process(argv, stderr_to);
  EXPECT_TRUE(process.wait_for_output(started, 30s)) << "never printed " << started;
  std::this_thread::sleep_for(1500ms);
  kill(process.pid(), SIGINT);
  return process.wait(30s);
}

class InterruptedUts : public ::testing::TestWithParam<const char*> {};

// The first SIGINT stops every worker cleanly: the summary of what was done,
// marked partial, the record with "interrupted": true, exit status 130.
TEST_P(InterruptedUts, PrintsWhatWasDoneAndRecordsIt) {
  const std::string runtime = GetParam();
  const std::string json = scratch(runtime + ".jsonl");
  std::remove(json.c_str());
  const ProcessOutcome run = interrupt({"uts", "--tree", "T1L", "--runtime", runtime, "--workers",
                                        runtime == "sim" ? "64" : "2", "--json", json},
                                       "UTS tree type");
  ASSERT_TRUE(run.finished) << "still running 30 s after the interrupt: " << run.output;
  EXPECT_EQ(run.exit_code, 130) << run.output;
  EXPECT_NE(run.output.find("interrupted: the counts below are partial"), std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("(partial: interrupted)"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("is published as"), std::string::npos)
      << "a partial count is not a wrong count: " << run.output;
  const nlohmann::json record = last_run_record(json);
  ASSERT_TRUE(record.is_object()) << "no run record";
  EXPECT_EQ(record["interrupted"], true);
  EXPECT_GT(record["nodes"].get<std::uint64_t>(), 0u);
  EXPECT_LT(record["nodes"].get<std::uint64_t>(), 102181082u) << "T1L is 102,181,082 nodes";
  std::remove(json.c_str());
}

INSTANTIATE_TEST_SUITE_P(EveryInProcessRuntime, InterruptedUts,
                         ::testing::Values("threads", "step", "sim"));

// SAT as MiniSat and CaDiCaL answer an interrupt: s UNKNOWN, the statistics,
// exit status 0.
TEST(Interrupt, SatAnswersUnknownWithItsStatistics) {
  const std::string formula = hard_formula();
  const ProcessOutcome run =
      interrupt({"sat", formula, "--workers", "2", "--solver", "dpll"}, "c stacksplit sat");
  std::remove(formula.c_str());
  ASSERT_TRUE(run.finished) << run.output;
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("s UNKNOWN\n"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("c interrupted"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("c nodes "), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("s UNSATISFIABLE"), std::string::npos) << run.output;
}

// The first SIGINT only raises the run's stop signal; a second one does not
// wait for the workers. (In a child process: a real run stops too fast for a
// second signal to land reliably while it stops.)
TEST(InterruptHandlerDeathTest, ASecondSignalExitsAtOnce) {
  EXPECT_EXIT(
      {
        auto stop = std::make_shared<core::StopSignal>();
        cli::InterruptHandler handler(stop, true);
        raise(SIGINT);
        if (!stop->raised()) _exit(1);  // the first one must only ask the run to stop
        raise(SIGINT);
        _exit(2);  // not reached
      },
      ::testing::ExitedWithCode(130), "interrupted again, exiting");
}

TEST(InterruptHandlerDeathTest, TheHandlerIsGoneAfterTheRun) {
  EXPECT_EXIT(
      {
        { cli::InterruptHandler handler(std::make_shared<core::StopSignal>(), false); }
        raise(SIGINT);
        _exit(0);
      },
      ::testing::KilledBySignal(SIGINT), "");
}

// On a terminal, a long run redraws one status line on stderr.
TEST(Progress, ALongRunShowsItsStatusOnATerminal) {
  const std::string formula = hard_formula();
  const ProcessOutcome sat = interrupt({"sat", formula, "--workers", "2", "--solver", "dpll"},
                                       "c stacksplit sat", Stderr::kTerminal);
  std::remove(formula.c_str());
  EXPECT_NE(sat.output.find("nodes/s"), std::string::npos) << sat.output;
  EXPECT_NE(sat.output.find("idle "), std::string::npos) << sat.output;
  EXPECT_NE(sat.output.find("closed "), std::string::npos) << "SAT adds how much is closed";

  const ProcessOutcome sim =
      interrupt({"uts", "--tree", "T1L", "--runtime", "sim", "--workers", "64"}, "UTS tree type",
                Stderr::kTerminal);
  EXPECT_NE(sim.output.find("virtual "), std::string::npos) << "sim shows virtual time";

  const ProcessOutcome step =
      interrupt({"uts", "--tree", "T1L", "--runtime", "step"}, "UTS tree type", Stderr::kTerminal);
  EXPECT_NE(step.output.find("nodes/s"), std::string::npos) << step.output;
}

TEST(Progress, NothingWithQuietOrWithoutATerminal) {
  const ProcessOutcome quiet =
      interrupt({"uts", "--tree", "T1L", "--quiet", "--workers", "2"}, "", Stderr::kTerminal);
  EXPECT_EQ(quiet.output.find("nodes/s"), std::string::npos) << quiet.output;
  const ProcessOutcome piped =
      interrupt({"uts", "--tree", "T1L", "--workers", "2"}, "UTS tree type");
  // The summary's rate says "M nodes/s" once; the progress line would repeat it.
  EXPECT_EQ(piped.output.find("stacksplit: "), piped.output.find("stacksplit: interrupted"))
      << piped.output;
}

// A record file that cannot be written fails before the search, not after.
TEST(RunRecord, AnUnwritableJsonFileFailsBeforeTheSearch) {
  const ProcessOutcome run = run_process(
      {STACKSPLIT_BINARY, "uts", "--tree", "T1L", "--json", "/nonexistent/dir/x.jsonl"}, 30s);
  ASSERT_TRUE(run.finished);
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_LT(run.seconds, 2.0) << "T1L was searched first";
  EXPECT_NE(run.output.find("/nonexistent/dir/x.jsonl: cannot open"), std::string::npos)
      << run.output;
  EXPECT_EQ(run.output.find("UTS tree type"), std::string::npos) << run.output;
}

}  // namespace
}  // namespace stacksplit::testing
