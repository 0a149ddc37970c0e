#pragma once
// An option whose value is a name of a core::Registry (--mode, --split, an
// app's --loop or --reverse): the help lists the names with their summaries,
// and a name not in the registry is refused at the parse as every unknown name
// is ("unknown mode 'x' (known: count, first, optimize)", exit status 2). An
// app that offers such an option also lists it for `stacksplit list options`
// (AppCommand::option_names, apps/cli/app_registry.hpp):
//
//   const core::Registry<int>& loop_registry();   // the app's names, once
//   add_choice_option(command.cli(), "--loop", options->loop, loop_registry(), "...");
//   std::vector<cli::OptionNames> option_names() {
//     return {cli::option_names("--loop", loop_registry())};
//   }
//   apps.add({"trfd", cli::kLoopApp, "...", {&add_command, &option_names}});

#include <CLI/CLI.hpp>
#include <string>

#include "core/registry.hpp"

namespace stacksplit::cli {

// `registry` must outlive the command (registries are function-local statics).
template <class Payload>
CLI::Option* add_choice_option(CLI::App& command, const std::string& flags, std::string& value,
                               const core::Registry<Payload>& registry,
                               const std::string& meaning) {
  const core::Registry<Payload>* names = &registry;
  CLI::Validator known(
      [names](std::string& text) -> std::string {
        if (names->find(text) != nullptr) return {};
        return core::unknown_name(names->kind(), text, names->names()).what();
      },
      "NAME");
  return command.add_option(flags, value, meaning + ": " + registry.described_names())
      ->check(known);
}

}  // namespace stacksplit::cli
