// `stacksplit loop ac --n N [options]`: the adjoint convolution of two
// n²-long vectors, a triangular loop.

#include <iostream>
#include <memory>
#include <string>

#include "apps/ac/ac_loop.hpp"
#include "apps/cli/loop_command.hpp"

namespace stacksplit::apps::ac {

namespace {

void add_command(CLI::App& parent, const cli::AppEntry& app) {
  auto n = std::make_shared<std::uint64_t>(100);
  cli::LoopCommand& command = cli::add_loop_command(parent, app);
  command.add_option("--n", *n, "the vectors have n² elements (the chapter: 100 to 250)")
      ->capture_default_str();
  command.on_run([n](cli::CommandRun& run, const cli::LoopSetup& loop) {
    const AcLoop prototype(*n);
    cli::run_checked_loop(run, loop, "n=" + std::to_string(*n), prototype,
                          [](const AcLoop::Output& out) {
                            double sum = 0;
                            for (double v : out.values) sum += v;
                            std::cout << "sum of z = " << sum << '\n';
                          });
  });
}

}  // namespace

void register_ac_app(cli::AppRegistry& apps) {
  apps.add({"ac",
            cli::kLoopApp,
            "adjoint convolution of two n²-long vectors (triangular)",
            {&add_command}});
}

}  // namespace stacksplit::apps::ac
