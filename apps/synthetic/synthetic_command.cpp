// `stacksplit loop synthetic --n N --profile P --work W --data D [options]`:
// a loop of chosen cost profile, for studying the strategies themselves. The
// result is checked against a sequential run of the same loop.

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "apps/cli/choice_option.hpp"
#include "apps/cli/loop_command.hpp"
#include "apps/synthetic/synthetic_loop.hpp"
#include "core/registry.hpp"

namespace stacksplit::apps::synthetic {

namespace {

std::vector<cli::OptionNames> option_names() {
  return {cli::option_names("--profile", profile_registry())};
}

void add_command(CLI::App& parent, const cli::AppEntry& app) {
  struct Options {
    SyntheticOptions loop;
    std::string profile = "uniform";
  };
  auto options = std::make_shared<Options>();
  cli::LoopCommand& command = cli::add_loop_command(parent, app);
  command.add_option("--n", options->loop.iterations, "iterations")->capture_default_str();
  cli::add_choice_option(command.cli(), "--profile", options->profile, profile_registry(),
                         "iteration cost profile")
      ->capture_default_str();
  command.add_option("--work", options->loop.work, "mix rounds of an iteration of cost 1")
      ->capture_default_str();
  command.add_option("--data", options->loop.data, "bytes that move with an iteration")
      ->capture_default_str();
  command.on_run([options](cli::CommandRun& run, const cli::LoopSetup& loop) {
    options->loop.profile = parse_profile(options->profile);
    options->loop.seed = run.config().search.seed;
    const SyntheticLoop prototype(options->loop);
    const std::string instance = "n=" + std::to_string(options->loop.iterations) +
                                 ",profile=" + options->profile +
                                 ",work=" + std::to_string(options->loop.work) +
                                 ",data=" + std::to_string(options->loop.data);
    cli::run_checked_loop(run, loop, instance, prototype, [](const SyntheticLoop::Output& out) {
      std::cout << "checksum = " << out.sum << '\n';
    });
  });
}

}  // namespace

void register_synthetic_app(cli::AppRegistry& apps) {
  apps.add({"synthetic",
            cli::kLoopApp,
            "a loop of chosen cost profile, to study the loop strategies",
            {&add_command, &option_names}});
}

}  // namespace stacksplit::apps::synthetic
