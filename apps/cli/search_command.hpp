#pragma once
// A search application's subcommand: the common options, the application's
// own, and a body that runs when the command line names it. The whole N-Queens
// command (apps/nqueens/nqueens_command.cpp) shows the use.

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <utility>

#include "apps/cli/app_registry.hpp"
#include "apps/cli/command_run.hpp"
#include "apps/cli/common_options.hpp"

namespace stacksplit::cli {

class SearchCommand {
 public:
  SearchCommand(CLI::App& parent, const AppEntry& app, CommandDefaults defaults);

  // The subcommand, for the application's own options.
  CLI::App& cli() { return *command_; }
  template <class... Args>
  CLI::Option* add_option(Args&&... args) {
    return command_->add_option(std::forward<Args>(args)...);
  }
  CommonOptions& common() { return common_; }

  // What the command does once its options are parsed; the run's
  // configuration is made and checked first.
  void on_run(std::function<void(CommandRun&)> body) { body_ = std::move(body); }
  const std::function<void(CommandRun&)>& body() const { return body_; }
  const CommandDefaults& defaults() const { return defaults_; }

 private:
  CLI::App* command_;
  CommonOptions common_;
  CommandDefaults defaults_;
  std::function<void(CommandRun&)> body_;
};

// Adds `app`'s subcommand to `parent` and keeps it alive as long as `parent`.
SearchCommand& add_search_command(CLI::App& parent, const AppEntry& app,
                                  CommandDefaults defaults = {});

}  // namespace stacksplit::cli
