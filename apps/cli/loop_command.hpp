#pragma once
// A loop application's subcommand, under `stacksplit loop`: the common
// options (those that apply to a loop), the loop's own (--speeds, --load,
// --steps, the scheme tunables), the application's, and a body. The
// applications under apps/ (mxm, trfd, ac, maptri, ep, synthetic) show the use.

#include <CLI/CLI.hpp>
#include <functional>
#include <iostream>
#include <string>
#include <utility>

#include "apps/cli/app_registry.hpp"
#include "apps/cli/command_run.hpp"
#include "apps/cli/common_options.hpp"
#include "core/loop/load_model.hpp"
#include "core/loop/loop_scheme.hpp"
#include "core/loop/run_loop.hpp"

namespace stacksplit::cli {

// The options of every loop command beyond the common ones.
struct LoopOptions {
  std::string speeds;  // "1,1,0.5": S_i, one per processor
  std::string load;    // "ml=5,tl=1"
  int steps = 1;
  bool bitonic = false;
  core::LoopSchemeOptions scheme;
};

// Adds the loop options to `command`.
void add_loop_options(CLI::App& command, LoopOptions& options);

// The loop configuration the options give (the scheme by name from the
// registry's loop family); throws std::invalid_argument naming what is wrong.
core::LoopConfig make_loop_config(const LoopOptions& options, const core::RunConfig& config,
                                  int workers);

// The parent of every loop application's subcommand: `stacksplit loop`.
CLI::App& loop_command(CLI::App& app);

class LoopCommand {
 public:
  LoopCommand(CLI::App& parent, const AppEntry& app);

  CLI::App& cli() { return *command_; }
  template <class... Args>
  CLI::Option* add_option(Args&&... args) {
    return command_->add_option(std::forward<Args>(args)...);
  }
  void on_run(std::function<void(CommandRun&, const core::LoopConfig&)> body) {
    body_ = std::move(body);
  }

 private:
  friend LoopCommand& add_loop_command(CLI::App& parent, const AppEntry& app);
  CLI::App* command_;
  CommonOptions common_;
  LoopOptions loop_;
  CommandDefaults defaults_;
  std::function<void(CommandRun&, const core::LoopConfig&)> body_;
};

// Adds `app`'s subcommand under `stacksplit loop` (`parent` is that command).
LoopCommand& add_loop_command(CLI::App& parent, const AppEntry& app);

// What every loop command does: run the loop, then check its output against a
// sequential run of the same program (`print(output)` says what it is); a
// difference is an error (exit status 1). Returns the result.
template <core::LoopKernel K, class Print, class AppDetails = NoAppDetails>
core::LoopResult<typename K::Output> run_checked_loop(CommandRun& run,
                                                      const core::LoopConfig& loop,
                                                      const std::string& instance,
                                                      const K& prototype, Print&& print,
                                                      AppDetails&& details = {}) {
  auto result = run.loop<K>(instance, loop, [&] { return prototype; }, details);
  if (!result.reporting || result.interrupted) return result;
  const typename K::Output expected = core::run_loops_sequentially(prototype);
  const bool same = prototype.matches(expected, result.output);
  print(result.output);
  std::cout << "result " << (same ? "agrees with" : "DIFFERS from") << " the sequential run\n";
  if (!same) {
    std::cerr << "stacksplit: error: the parallel result differs from the sequential one\n";
    set_exit_status(1);
  }
  return result;
}

}  // namespace stacksplit::cli
