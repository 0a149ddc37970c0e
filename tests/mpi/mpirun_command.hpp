#pragma once
// The mpirun command line the MPI tests start, and the little they read back
// from the output. Paths come from CMake: STACKSPLIT_MPIEXEC (mpirun),
// STACKSPLIT_MPIEXEC_FLAGS (space-separated, e.g. --oversubscribe),
// STACKSPLIT_CLI (the stacksplit binary), STACKSPLIT_MPI_DRIVER.

#include <unistd.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace stacksplit::testing {

// A temporary directory of this test process's own, removed at its exit.
// Open MPI makes its session directory under /tmp, and two mpiruns of two
// test processes starting while a third ends can race over the shared one
// ("A call to mkdir was unable to create the desired directory ... File
// exists", seen once under ctest -j2). Open MPI's own variable moves it
// (orte_tmpdir_base; other MPIs ignore it, and gtest's TempDir() stays).
class PrivateTmpdir {
 public:
  PrivateTmpdir() {
    std::string pattern = "/tmp/stacksplit-mpi-XXXXXX";
    if (mkdtemp(pattern.data()) != nullptr) path_ = pattern;
  }
  ~PrivateTmpdir() {
    if (!path_.empty()) rmdir(path_.c_str());  // empty once mpirun cleaned up
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// `mpirun [flags] -np RANKS COMMAND...`. Sets the variables Open MPI wants
// before it runs as root (containers, CI), in this process, for its children,
// and gives them a temporary directory of their own (PrivateTmpdir).
inline std::vector<std::string> mpirun(int ranks, const std::vector<std::string>& command) {
  setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
  setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
  static const PrivateTmpdir tmpdir;
  if (!tmpdir.path().empty()) setenv("OMPI_MCA_orte_tmpdir_base", tmpdir.path().c_str(), 1);
  std::vector<std::string> argv = {STACKSPLIT_MPIEXEC};
  std::istringstream flags(STACKSPLIT_MPIEXEC_FLAGS);
  for (std::string flag; flags >> flag;) argv.push_back(flag);
  argv.push_back("-np");
  argv.push_back(std::to_string(ranks));
  argv.insert(argv.end(), command.begin(), command.end());
  return argv;
}

// How many times `needle` occurs in `text`.
inline int occurrences(const std::string& text, const std::string& needle) {
  int count = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
    ++count;
  return count;
}

// True when `columns` (the column of the queen in each row) places n queens
// no two of which attack each other.
inline bool queens_are_safe(const std::vector<int>& columns, int n) {
  if (static_cast<int>(columns.size()) != n) return false;
  for (int a = 0; a < n; ++a) {
    if (columns[a] < 0 || columns[a] >= n) return false;
    for (int b = a + 1; b < n; ++b)
      if (columns[a] == columns[b] || std::abs(columns[a] - columns[b]) == b - a) return false;
  }
  return true;
}

}  // namespace stacksplit::testing
