#include "apps/cli/search_command.hpp"

#include <memory>

namespace stacksplit::cli {

SearchCommand::SearchCommand(CLI::App& parent, const AppEntry& app, CommandDefaults defaults)
    : command_(parent.add_subcommand(app.name, app.summary)), defaults_(std::move(defaults)) {
  add_common_options(*command_, common_, defaults_);
}

SearchCommand& add_search_command(CLI::App& parent, const AppEntry& app, CommandDefaults defaults) {
  auto command = std::make_shared<SearchCommand>(parent, app, std::move(defaults));
  SearchCommand& reference = *command;
  // The callback owns the command, so it lives as long as the parser.
  command->cli().callback([command] {
    CommandRun run(command->cli().get_name(), command->common(), command->defaults());
    if (command->body()) command->body()(run);
  });
  return reference;
}

}  // namespace stacksplit::cli
