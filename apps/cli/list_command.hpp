#pragma once
// `stacksplit list [schemes|topologies|runtimes|machines|apps] [--json]`:
// every name the command line accepts, from the registries themselves, so
// scripts never scrape help texts.

#include <CLI/CLI.hpp>

namespace stacksplit::cli {

void add_list_command(CLI::App& app);

}  // namespace stacksplit::cli
