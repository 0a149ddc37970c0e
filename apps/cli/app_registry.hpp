#pragma once
// The applications by name. The front end (apps/cli/front_end.hpp) adds one
// subcommand per entry; `list apps` prints them. stacksplit's own apps fill
// the registry of apps/registered_apps.hpp (each app's CMakeLists.txt names
// its registering function); a program built outside the tree fills its own.

#include <CLI/CLI.hpp>

#include "core/registry.hpp"

namespace stacksplit::cli {

struct AppCommand;
using AppRegistry = core::Registry<AppCommand>;

// Adds the application's subcommand to `parent`, named and described as
// `entry` says.
struct AppCommand {
  void (*add)(CLI::App& parent, const core::Registry<AppCommand>::Entry& entry) = nullptr;
};
using AppEntry = AppRegistry::Entry;

// The families: tree searches (the stack-splitting engine) and parallel loops.
inline constexpr const char* kSearchApp = "search";
inline constexpr const char* kLoopApp = "loop";

}  // namespace stacksplit::cli
