// `stacksplit loop mxm --n N --r R --m M [options]`: Z = X·Y by rows of X.

#include <iostream>
#include <memory>
#include <string>

#include "apps/cli/loop_command.hpp"
#include "apps/mxm/mxm_loop.hpp"

namespace stacksplit::apps::mxm {

namespace {

void add_command(CLI::App& parent, const cli::AppEntry& app) {
  auto options = std::make_shared<MxmOptions>();
  cli::LoopCommand& command = cli::add_loop_command(parent, app);
  command.add_option("--n", options->n, "rows of X and Z (the iterations)")->capture_default_str();
  command.add_option("--r", options->r, "columns of X, rows of Y")->capture_default_str();
  command.add_option("--m", options->m, "columns of Y and Z")->capture_default_str();
  command.on_run([options](cli::CommandRun& run, const cli::LoopSetup& loop) {
    const MxmLoop prototype(*options);
    const std::string instance = "n=" + std::to_string(options->n) +
                                 ",r=" + std::to_string(options->r) +
                                 ",m=" + std::to_string(options->m);
    cli::run_checked_loop(run, loop, instance, prototype, [](const MxmLoop::Output& out) {
      double trace = 0;
      for (double v : out.values) trace += v;
      std::cout << "sum of Z = " << trace << '\n';
    });
  });
}

}  // namespace

void register_mxm_app(cli::AppRegistry& apps) {
  apps.add({"mxm",
            cli::kLoopApp,
            "matrix multiplication Z = X·Y by rows (rows of X move)",
            {&add_command}});
}

}  // namespace stacksplit::apps::mxm
