// Same inputs and seed, same output bit for bit, also across processes: the
// built `stacksplit` runs the same simulation twice and writes the same run
// record (all but its timestamp), down to the last bit of every virtual time.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/run_records.hpp"
#include "tests/support/subprocess.hpp"

namespace {

// Runs `stacksplit ARGUMENTS --quiet --json FILE` and returns the record it wrote.
nlohmann::json record_of_run(const std::string& arguments, const std::string& name) {
  // ctest runs the cases in parallel processes: each writes files of its own.
  const std::string path = ::testing::TempDir() + "/sim_process_test_" + std::to_string(getpid()) +
                           "_" + name + ".jsonl";
  std::remove(path.c_str());
  const std::string command =
      std::string(STACKSPLIT_BINARY) + " " + arguments + " --quiet --json " + path + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return nullptr;
  std::string output;
  std::array<char, 4096> chunk;
  while (std::fgets(chunk.data(), chunk.size(), pipe)) output += chunk.data();
  const int status = pclose(pipe);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << command << '\n' << output;
  nlohmann::json record = stacksplit::testing::first_run_record(path);
  if (record.is_null()) {
    ADD_FAILURE() << command << ": no record\n" << output;
    return nullptr;
  }
  EXPECT_EQ(record["runtime"], "sim");
  EXPECT_EQ(record["time_kind"], "virtual");
  record.erase("timestamp");  // the one field that may differ
  return record;
}

class SimProcess : public ::testing::TestWithParam<const char*> {};

TEST_P(SimProcess, TwoProcessesWriteTheSameRecord) {
  const std::string arguments = std::string(GetParam()) + " --runtime sim";
  const nlohmann::json first = record_of_run(arguments + " --seed 5", "first");
  const nlohmann::json second = record_of_run(arguments + " --seed 5", "second");
  ASSERT_FALSE(first.is_null());
  // dump() prints every double so that it reads back exactly: equal text is
  // equal bits.
  EXPECT_EQ(first.dump(), second.dump());
}

INSTANTIATE_TEST_SUITE_P(
    Machines, SimProcess,
    ::testing::Values("nqueens 10 --workers 64 --scheme rp --quantum 4",
                      "nqueens 10 --workers 64 --scheme grr --machine-param t_unit=1e-6",
                      "nqueens 10 --workers 7 --scheme arr --machine now",
                      "uts -d 7 --workers 256 --scheme nn --quantum 1",
                      "uts -d 7 --workers 256 --scheme rp --machine cluster"));

// A machine file without one of its levels: one line naming the file, the
// line and the level; exit status 1, as for every bad file.
TEST(SimProcess, AMachineFileWithoutALevelIsNamed) {
  const std::string path = ::testing::TempDir() + "/sim_process_test_" + std::to_string(getpid()) +
                           "_no_network.machine";
  std::ofstream(path) << "t_node 1e-6\n[node]\ncores 4\nt_s 1e-7\nt_w 0\nt_recv 1e-7\n";
  const stacksplit::testing::ProcessOutcome outcome = stacksplit::testing::run_process(
      {STACKSPLIT_BINARY, "nqueens", "8", "--runtime", "sim", "--workers", "8", "--machine", path},
      std::chrono::seconds(60));
  EXPECT_EQ(outcome.exit_code, 1) << outcome.output;
  EXPECT_EQ(outcome.output, path +
                                ":6: the machine has no [network] level (between nodes: topology, "
                                "network, t_s, t_h, t_w, t_recv)\n");
}

}  // namespace
