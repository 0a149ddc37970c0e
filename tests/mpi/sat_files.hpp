#pragma once
// The CNF files the MPI tests make with stacksplit-gen-cnf, and the models
// they read back from a run's v lines. STACKSPLIT_GEN_CNF comes from CMake.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/subprocess.hpp"

namespace stacksplit::testing {

// Writes the formula stacksplit-gen-cnf makes with `arguments` to `path`.
inline void write_generated_formula(const std::vector<std::string>& arguments,
                                    const std::string& path) {
  std::vector<std::string> command = {STACKSPLIT_GEN_CNF};
  command.insert(command.end(), arguments.begin(), arguments.end());
  command.insert(command.end(), {"-o", path});
  const ProcessOutcome made = run_process(command, std::chrono::seconds(30));
  EXPECT_EQ(made.exit_code, 0) << made.output;
}

// The v lines of `output` satisfy every clause of the DIMACS file at `path`
// (plain, one clause a line, as stacksplit-gen-cnf writes it).
inline bool model_satisfies_file(const std::string& output, const std::string& path) {
  std::vector<int> model;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("v ", 0) != 0) continue;
    std::istringstream words(line.substr(2));
    for (int literal; words >> literal && literal != 0;) model.push_back(literal);
  }
  std::vector<bool> is_true(2 * (model.size() + 1) + 2, false);
  int largest = 0;
  for (int literal : model) {
    largest = std::max(largest, std::abs(literal));
    if (static_cast<std::size_t>(2 * std::abs(literal) + 1) >= is_true.size())
      is_true.resize(2 * std::abs(literal) + 2, false);
    is_true[2 * std::abs(literal) + (literal < 0)] = true;
  }
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == 'c' || line[0] == 'p') continue;
    std::istringstream words(line);
    bool satisfied = false;
    for (int literal; words >> literal && literal != 0;) {
      const std::size_t slot = 2 * static_cast<std::size_t>(std::abs(literal)) + (literal < 0);
      if (slot < is_true.size() && is_true[slot]) satisfied = true;
    }
    if (!satisfied) return false;
  }
  return largest > 0;
}

}  // namespace stacksplit::testing
