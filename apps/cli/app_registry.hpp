#pragma once
// The applications by name. The front end (apps/cli/front_end.hpp) adds one
// subcommand per entry; `list apps` prints them. stacksplit's own apps fill
// the registry of apps/registered_apps.hpp (each app's CMakeLists.txt names
// its registering function); a program built outside the tree fills its own.

#include <CLI/CLI.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/registry.hpp"

namespace stacksplit::cli {

struct AppCommand;
using AppRegistry = core::Registry<AppCommand>;

// The names one option of an app takes (trfd's --loop, ...), for
// `stacksplit list options`.
struct OptionNames {
  std::string option;
  std::vector<core::NameRow> names;
};

template <class Payload>
OptionNames option_names(std::string option, const core::Registry<Payload>& registry) {
  return {std::move(option), registry.rows()};
}

// Adds the application's subcommand to `parent`, named and described as
// `entry` says; option_names, when given, lists the registries its options
// read (apps/cli/choice_option.hpp).
struct AppCommand {
  void (*add)(CLI::App& parent, const core::Registry<AppCommand>::Entry& entry) = nullptr;
  std::vector<OptionNames> (*option_names)() = nullptr;
};
using AppEntry = AppRegistry::Entry;

// The families: tree searches (the stack-splitting engine) and parallel loops.
inline constexpr const char* kSearchApp = "search";
inline constexpr const char* kLoopApp = "loop";

}  // namespace stacksplit::cli
