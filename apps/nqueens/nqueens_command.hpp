#pragma once

#include <CLI/CLI.hpp>

namespace stacksplit::apps::nqueens {

// `stacksplit nqueens N [common options]`
void add_nqueens_command(CLI::App& app);

}  // namespace stacksplit::apps::nqueens
