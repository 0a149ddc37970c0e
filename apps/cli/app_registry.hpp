#pragma once
// The applications by name: each app's folder registers its command here
// (apps/<name>/CMakeLists.txt names its registering function), so adding an
// app edits no list outside its folder. The front end adds one subcommand
// per entry; `stacksplit list apps` prints them.

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

const AppRegistry& app_registry();

}  // namespace stacksplit::cli
