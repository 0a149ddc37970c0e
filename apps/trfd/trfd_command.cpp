// `stacksplit loop trfd --n N [--loop L1|L2|both] [options]`: TRFD's two
// loop nests with the transpose between them on rank 0.

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "apps/cli/choice_option.hpp"
#include "apps/cli/loop_command.hpp"
#include "apps/trfd/trfd_loop.hpp"

namespace stacksplit::apps::trfd {

namespace {

// --loop: which of TRFD's nests run (TrfdLoop's `only`: 0 both).
const core::Registry<int>& loop_registry() {
  static const core::Registry<int> registry = [] {
    core::Registry<int> r("TRFD loop");
    r.add({"both", "", "L1, the transpose, then L2", 0});
    r.add({"L1", "", "the uniform loop alone", 1});
    r.add({"L2", "", "the triangular loop alone", 2});
    return r;
  }();
  return registry;
}

std::vector<cli::OptionNames> option_names() {
  return {cli::option_names("--loop", loop_registry())};
}

void add_command(CLI::App& parent, const cli::AppEntry& app) {
  struct Options {
    std::uint64_t n = 30;
    std::string loop = "both";
  };
  auto options = std::make_shared<Options>();
  cli::LoopCommand& command = cli::add_loop_command(parent, app);
  command.add_option("--n", options->n, "TRFD's n: the array is n(n+1)/2 square (30, 40, 50)")
      ->capture_default_str();
  cli::add_choice_option(command.cli(), "--loop", options->loop, loop_registry(),
                         "the loop nests run")
      ->capture_default_str();
  command.on_run([options](cli::CommandRun& run, const cli::LoopSetup& loop) {
    const int only = loop_registry().at(options->loop).payload;
    const TrfdLoop prototype(options->n, only);
    cli::run_checked_loop(run, loop, "n=" + std::to_string(options->n) + ",loop=" + options->loop,
                          prototype, [](const TrfdLoop::Output& out) {
                            double sum = 0;
                            for (double v : out.values) sum += v;
                            std::cout << "sum of the array = " << sum << '\n';
                          });
  });
}

}  // namespace

void register_trfd_app(cli::AppRegistry& apps) {
  apps.add({"trfd",
            cli::kLoopApp,
            "TRFD's shape: a uniform and a triangular loop over columns, a transpose between",
            {&add_command, &option_names}});
}

}  // namespace stacksplit::apps::trfd
