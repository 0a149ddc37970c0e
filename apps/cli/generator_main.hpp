#pragma once
// What the instance generators (stacksplit-gen-cnf, stacksplit-gen-knapsack)
// do alike around their own work: parse the command line, turn errors into
// exit statuses as the front end does, and write the instance to standard
// output or a file.

#include <CLI/CLI.hpp>
#include <fstream>
#include <functional>
#include <iostream>
#include <stdexcept>
#include <string>

#include "apps/cli/front_end.hpp"
#include "apps/cli/number_check.hpp"

namespace stacksplit::cli {

// A generator's main(): parses `app`'s command line and calls `generate`
// through run_command_line, so that its errors end as every command's do: a
// bad command line or option value (std::invalid_argument) "PROGRAM: error:
// ..." and exit status 2, an output file it cannot write 1.
inline int run_generator(CLI::App& app, const std::string& program, int argc, char** argv,
                         const std::function<void()>& generate) {
  check_whole_numbers(app);
  return run_command_line(app, program, [&] {
    app.parse(argc, argv);
    generate();
  });
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
