#pragma once

#include <CLI/CLI.hpp>

namespace stacksplit::apps::sat {

// `stacksplit sat FILE [--count] [--heuristic jw|lookahead] [--strict]
// [--time-limit S] [common options]`. Answers in the SAT competition's form:
// `s SATISFIABLE` with `v` lines and exit status 10, `s UNSATISFIABLE` and 20,
// `s UNKNOWN` and 0 when the time limit cuts the search; statistics as `c`
// lines. A bad file is exit status 1.
void add_sat_command(CLI::App& app);

}  // namespace stacksplit::apps::sat
