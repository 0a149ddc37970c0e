// `stacksplit loop trfd --n N [--loop L1|L2|both] [options]`: TRFD's two
// loop nests with the transpose between them on rank 0.

#include <iostream>
#include <memory>
#include <string>

#include "apps/cli/loop_command.hpp"
#include "apps/trfd/trfd_loop.hpp"

namespace stacksplit::apps::trfd {

namespace {

void add_command(CLI::App& parent, const cli::AppEntry& app) {
  struct Options {
    std::uint64_t n = 30;
    std::string loop = "both";
  };
  auto options = std::make_shared<Options>();
  cli::LoopCommand& command = cli::add_loop_command(parent, app);
  command.add_option("--n", options->n, "TRFD's n: the array is n(n+1)/2 square (30, 40, 50)")
      ->capture_default_str();
  command.add_option("--loop", options->loop, "L1 (uniform), L2 (triangular) or both")
      ->check(CLI::IsMember({"L1", "L2", "both"}))
      ->capture_default_str();
  command.on_run([options](cli::CommandRun& run, const cli::LoopSetup& loop) {
    const int only = options->loop == "L1" ? 1 : options->loop == "L2" ? 2 : 0;
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
  apps.add({"trfd", cli::kLoopApp,
            "TRFD's shape: a uniform and a triangular loop over columns, a transpose between",
            {&add_command}});
}

}  // namespace stacksplit::apps::trfd
