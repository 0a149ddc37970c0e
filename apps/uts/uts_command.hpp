#pragma once

#include <CLI/CLI.hpp>

namespace stacksplit::apps::uts {

// `stacksplit uts [--tree T1] [-t -a -d -b -r -q -m -f -g VALUE]... [common options]`:
// counts a UTS tree, a sample tree by name or the benchmark's own flags (over
// the sample tree when both are given), and prints the benchmark's result line.
// A sample tree that does not come out at its published size is exit status 1.
// Here --quiet has no short form: -q is UTS's.
void add_uts_command(CLI::App& app);

}  // namespace stacksplit::apps::uts
