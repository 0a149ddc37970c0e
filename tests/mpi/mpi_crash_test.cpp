// A rank killed in the middle of a search ends the whole job, non-zero, within
// seconds: nobody waits forever for a message from the dead rank. So does a
// rank whose search throws: it aborts the job instead of unwinding.

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "tests/mpi/mpirun_command.hpp"
#include "tests/support/subprocess.hpp"

namespace stacksplit::testing {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

constexpr int kRanks = 4;

// Waits until mpirun has started all ranks; returns the pid of `rank`.
pid_t wait_for_rank(const Subprocess& job, int rank) {
  const auto deadline = Clock::now() + 60s;
  while (Clock::now() < deadline) {
    const std::vector<ChildProcess> ranks = child_processes(job.pid(), "OMPI_COMM_WORLD_RANK");
    if (static_cast<int>(ranks.size()) == kRanks)
      for (const ChildProcess& child : ranks)
        if (child.variable_value == std::to_string(rank)) return child.pid;
    std::this_thread::sleep_for(50ms);
  }
  return -1;
}

// N-Queens 17 keeps 4 ranks on 2 cores busy for minutes: only a failure ends it early.
std::vector<std::string> long_search(const std::vector<std::string>& how) {
  std::vector<std::string> command = {STACKSPLIT_MPI_DRIVER, "rp", "1"};
  command.insert(command.end(), how.begin(), how.end());
  return mpirun(kRanks, command);
}

void expect_ended_non_zero(Subprocess& job, Clock::time_point failed_at, const std::string& what) {
  const ProcessOutcome outcome = job.wait(30s);
  const double seconds = std::chrono::duration<double>(Clock::now() - failed_at).count();
  ASSERT_TRUE(outcome.finished) << "the job still ran 30 s after " << what << "\n"
                                << outcome.output;
  EXPECT_LT(seconds, 30.0);
  EXPECT_TRUE(outcome.exit_code != 0 || outcome.signal != 0) << "exit " << outcome.exit_code << "\n"
                                                             << outcome.output;
  EXPECT_EQ(outcome.output.find("nqueens17 nodes="), std::string::npos) << outcome.output;
}

void expect_job_ends_when_killed(int rank) {
  Subprocess job(long_search({"--mark"}));
  const pid_t victim = wait_for_rank(job, rank);
  ASSERT_GT(victim, 0) << "mpirun did not start " << kRanks << " ranks";
  // Well into the search: the victim has entered nodes, given work if not rank 0.
  const std::string marker = "rank " + std::to_string(rank) + " searching";
  ASSERT_TRUE(job.wait_for_output(marker, 60s)) << "no '" << marker << "' line";
  const auto killed_at = Clock::now();
  ASSERT_EQ(kill(victim, SIGKILL), 0);
  expect_ended_non_zero(job, killed_at, "rank " + std::to_string(rank) + " was killed");
}

TEST(MpiCrash, KilledWorkerRankEndsTheJobNonZero) { expect_job_ends_when_killed(2); }

TEST(MpiCrash, KilledRankZeroEndsTheJobNonZero) { expect_job_ends_when_killed(0); }

// The failing rank says why before MPI_Abort ends the job (the runtime prints
// it: the driver's own handler is never reached).
TEST(MpiCrash, RankThatThrowsMidSearchAbortsTheJob) {
  Subprocess job(long_search({"--throw-on", "1"}));
  const std::string failure = "error on MPI rank 1: injected failure on rank 1; aborting the job";
  ASSERT_TRUE(job.wait_for_output(failure, 60s)) << "no abort message from rank 1";
  expect_ended_non_zero(job, Clock::now(), "rank 1 failed");
}

}  // namespace
}  // namespace stacksplit::testing
