#pragma once

#include <CLI/CLI.hpp>

namespace stacksplit::apps::sat {

// `stacksplit sat FILE [--count] [--heuristic jw|lookahead] [--strict]
// [--time-limit S] [--lookahead-* ...] [common options]`. Answers in the SAT
// competition's form: `s SATISFIABLE` with `v` lines (the variables that occur
// in some clause: a partial model, as the competition allows) and exit status
// 10, `s UNSATISFIABLE` and 20, `s UNKNOWN` and 0 when the time limit cuts the
// search; statistics as `c` lines. A bad file is exit status 1 and one line,
// `FILE:LINE: what is wrong`. The run record's "app_details" holds the answer,
// the heuristic, its options and counters, the time limit and, with --count,
// the model count.
void add_sat_command(CLI::App& app);

}  // namespace stacksplit::apps::sat
