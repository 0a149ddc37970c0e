#pragma once
// The mpirun command line the MPI tests start, and the little they read back
// from the output. Paths come from CMake: STACKSPLIT_MPIEXEC (mpirun),
// STACKSPLIT_MPIEXEC_FLAGS (space-separated, e.g. --oversubscribe),
// STACKSPLIT_CLI (the stacksplit binary), STACKSPLIT_MPI_DRIVER.

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace stacksplit::testing {

// `mpirun [flags] -np RANKS COMMAND...`. Sets the variables Open MPI wants
// before it runs as root (containers, CI), in this process, for its children.
inline std::vector<std::string> mpirun(int ranks, const std::vector<std::string>& command) {
  setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
  setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
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
