#pragma once
// A loop application's subcommand, under `stacksplit loop`: the common
// options (those that apply to a loop), the loop's own (--speeds, --load,
// --steps, --bitonic, the scheme tunables, --predict, --network), the
// application's, and a body. The applications under apps/ (mxm, trfd, ac,
// maptri, ep, synthetic) show the use: the body makes the kernel and calls
// run_checked_loop.

#include <CLI/CLI.hpp>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <utility>

#include "apps/cli/app_registry.hpp"
#include "apps/cli/command_run.hpp"
#include "apps/cli/common_options.hpp"
#include "apps/cli/exit_status.hpp"
#include "apps/cli/loop_prediction.hpp"
#include "core/loop/load_model.hpp"
#include "core/loop/loop_scheme.hpp"
#include "core/loop/run_loop.hpp"
#include "schemes/loop/cost_model/network_model.hpp"
#include "schemes/loop/loop_scheme_options.hpp"
#include "schemes/scheme_registry.hpp"

namespace stacksplit::cli {

// The options of every loop command beyond the common ones.
struct LoopOptions {
  std::string speeds;  // "1,1,0.5": S_i, one per processor
  std::string load;    // "ml=5,tl=1"
  int steps = 1;
  bool bitonic = false;
  bool predict = false;  // print the model's predictions, do not run
  std::string network;   // a `stacksplit netchar --out` file
  schemes::LoopSchemeOptions scheme;
};

// What a loop command's body gets: the loop configuration the options give
// (its scheme still to be made: run_checked_loop makes it, with the loop's
// model where the scheme predicts) and the options themselves.
struct LoopSetup {
  core::LoopConfig loop;
  LoopOptions options;
};

void add_loop_options(CLI::App& command, LoopOptions& options);

// Throws std::invalid_argument naming what is wrong.
LoopSetup make_loop_setup(const LoopOptions& options, const core::RunConfig& config);

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
  void on_run(std::function<void(CommandRun&, const LoopSetup&)> body) { body_ = std::move(body); }

 private:
  friend LoopCommand& add_loop_command(CLI::App& parent, const AppEntry& app);
  CLI::App* command_;
  CommonOptions common_;
  LoopOptions loop_;
  CommandDefaults defaults_;
  std::function<void(CommandRun&, const LoopSetup&)> body_;
};

// Adds `app`'s subcommand under `stacksplit loop` (`parent` is that command).
LoopCommand& add_loop_command(CLI::App& parent, const AppEntry& app);

// The network model for the run: --network FILE, else measured now on the
// run's own runtime (netchar, one round of each measurement).
schemes::loop::cost_model::NetworkModel network_for(const LoopOptions& options,
                                                    const core::RunConfig& config);

// What every loop command does: make the scheme (with the loop's model, for
// auto), run the loop, then check its output against a sequential run of the
// same program (`print(output)` says what it is); a difference is an error
// (exit status 1). With --predict it prints the model's predictions instead.
template <core::LoopKernel K, class Print, class AppDetails = NoAppDetails>
std::optional<core::LoopResult<typename K::Output>> run_checked_loop(
    CommandRun& run, const LoopSetup& setup, const std::string& instance, const K& prototype,
    Print&& print, AppDetails&& details = {}) {
  core::LoopConfig loop = setup.loop;
  schemes::LoopSchemeOptions options = setup.options.scheme;
  const bool needs_model =
      setup.options.predict ||
      schemes::scheme_registry().at(run.config().scheme).payload.needs_loop_model;
  std::shared_ptr<const schemes::FunctionLoopModel> model;
  if (needs_model) {
    model = make_loop_model(prototype, run.config(), setup.loop.bitonic,
                            network_for(setup.options, run.config()));
    options.model = model;
  }
  if (setup.options.predict) {
    if (run.speaks()) print_predictions(std::cout, prototype, run.config(), loop, options, *model);
    return std::nullopt;
  }
  loop.make_scheme = [name = run.config().scheme, options] {
    return schemes::make_loop_scheme(name, options);
  };
  auto result = run.loop<K>(
      instance, loop, [&] { return prototype; }, details);
  if (!result.reporting || result.interrupted) return result;
  const typename K::Output expected = core::run_loops_sequentially(prototype);
  const bool same = prototype.matches(expected, result.output);
  print(result.output);
  std::cout << "result " << (same ? "agrees with" : "DIFFERS from") << " the sequential run\n";
  if (!same) throw RunFailure("the parallel result differs from the sequential one");
  return result;
}

}  // namespace stacksplit::cli
