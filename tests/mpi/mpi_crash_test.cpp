// A rank killed in the middle of a search ends the whole job, non-zero, within
// seconds: nobody waits forever for a message from the dead rank.

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "tests/mpi/mpirun_command.hpp"
#include "tests/mpi/subprocess.hpp"

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

void expect_job_ends_when_killed(int rank) {
  // N-Queens 17 keeps 4 ranks on 2 cores busy for minutes: only the kill ends it early.
  Subprocess job(mpirun(kRanks, {STACKSPLIT_CLI, "nqueens", "17", "--scheme", "rp"}));
  const pid_t victim = wait_for_rank(job, rank);
  ASSERT_GT(victim, 0) << "mpirun did not start " << kRanks << " ranks";
  std::this_thread::sleep_for(1500ms);  // well into the search: work has been shared
  const auto killed_at = Clock::now();
  ASSERT_EQ(kill(victim, SIGKILL), 0);
  const ProcessOutcome outcome = job.wait(30s);
  const double seconds = std::chrono::duration<double>(Clock::now() - killed_at).count();
  ASSERT_TRUE(outcome.finished) << "the job still ran 30 s after rank " << rank << " was killed\n"
                                << outcome.output;
  EXPECT_LT(seconds, 30.0);
  EXPECT_TRUE(outcome.exit_code != 0 || outcome.signal != 0) << "exit " << outcome.exit_code << "\n"
                                                             << outcome.output;
  EXPECT_EQ(outcome.output.find("solutions ="), std::string::npos) << outcome.output;
}

TEST(MpiCrash, KilledWorkerRankEndsTheJobNonZero) { expect_job_ends_when_killed(2); }

TEST(MpiCrash, KilledRankZeroEndsTheJobNonZero) { expect_job_ends_when_killed(0); }

}  // namespace
}  // namespace stacksplit::testing
