#pragma once
// `stacksplit list [schemes|topologies|runtimes|machines|apps] [--json]`:
// every name the command line accepts, from the registries themselves, so
// scripts never scrape help texts.

#include <CLI/CLI.hpp>

#include "apps/cli/app_registry.hpp"

namespace stacksplit::cli {

// `apps` must outlive the parse: the command lists it when it runs.
void add_list_command(CLI::App& app, const AppRegistry& apps);

}  // namespace stacksplit::cli
