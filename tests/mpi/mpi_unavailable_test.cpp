// Built without MPI, the mpi runtime is an error that says so, whether it was
// asked for or chosen because the process looks as if mpirun started it.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <string>

#include "tests/support/subprocess.hpp"

namespace stacksplit::testing {
namespace {

using namespace std::chrono_literals;

void expect_unavailable(const ProcessOutcome& run) {
  ASSERT_TRUE(run.finished) << run.output;
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("built without MPI"), std::string::npos) << run.output;
}

TEST(MpiUnavailable, AskingForTheMpiRuntimeIsAClearError) {
  expect_unavailable(run_process({STACKSPLIT_CLI, "nqueens", "8", "--runtime", "mpi"}, 30s));
}

TEST(MpiUnavailable, UnderMpirunTheDefaultRuntimeIsAClearError) {
  setenv("OMPI_COMM_WORLD_SIZE", "2", 1);
  setenv("OMPI_COMM_WORLD_RANK", "0", 1);
  const ProcessOutcome run = run_process({STACKSPLIT_CLI, "nqueens", "8"}, 30s);
  unsetenv("OMPI_COMM_WORLD_SIZE");
  unsetenv("OMPI_COMM_WORLD_RANK");
  expect_unavailable(run);
}

TEST(MpiUnavailable, OtherRuntimesStillWork) {
  const ProcessOutcome run =
      run_process({STACKSPLIT_CLI, "nqueens", "8", "-w", "2", "--quiet"}, 30s);
  ASSERT_TRUE(run.finished) << run.output;
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(run.output, "solutions = 92\n");
}

}  // namespace
}  // namespace stacksplit::testing
