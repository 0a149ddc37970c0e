#pragma once
// What the instance generators (stacksplit-gen-cnf, stacksplit-gen-knapsack)
// do alike around their own work: parse the command line, and write the
// instance to standard output or a file.

#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>

#include "apps/cli/number_check.hpp"

namespace stacksplit::cli {

// The exit status if the program should stop now: 0 after --help, 2 after a
// bad command line (CLI11 has printed why); nothing if it should go on.
inline std::optional<int> parse_generator_options(CLI::App& app, int argc, char** argv) {
  check_whole_numbers(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return 2;
  }
  return std::nullopt;
}

// write(std::ostream&) to standard output for "-", else to the file `output`;
// throws std::runtime_error("cannot write FILE") if the file fails.
template <class Write>
void write_generated(const std::string& output, Write&& write) {
  if (output == "-") {
    write(std::cout);
    return;
  }
  std::ofstream file(output);
  if (!file) throw std::runtime_error("cannot write " + output);
  write(file);
  if (!file.flush()) throw std::runtime_error("cannot write " + output);
}

}  // namespace stacksplit::cli
