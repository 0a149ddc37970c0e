// `stacksplit loop ep --class S|W|A|B|C [options]`: NAS EP under any loop
// scheme; prints the NPB's verification (sums and counts).

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "apps/cli/choice_option.hpp"
#include "apps/cli/exit_status.hpp"
#include "apps/cli/loop_command.hpp"
#include "apps/ep/ep_loop.hpp"

namespace stacksplit::apps::ep {

namespace {

std::vector<cli::OptionNames> option_names() {
  return {cli::option_names("--class", ep_class_registry())};
}

void add_command(CLI::App& parent, const cli::AppEntry& app) {
  auto class_name = std::make_shared<std::string>("S");
  cli::LoopCommand& command = cli::add_loop_command(parent, app);
  cli::add_choice_option(command.cli(), "--class", *class_name, ep_class_registry(), "NPB class")
      ->capture_default_str();
  command.on_run([class_name](cli::CommandRun& run, const cli::LoopSetup& loop) {
    const EpLoop prototype(find_ep_class(*class_name));
    bool verified = false;
    cli::run_checked_loop(
        run, loop, "class=" + *class_name, prototype, [&](const EpLoop::Output& out) {
          char line[128];
          std::snprintf(line, sizeof line, "sx = %.15e, sy = %.15e\n", out.sx, out.sy);
          std::cout << line << "counts =";
          for (std::uint64_t q : out.q) std::cout << ' ' << q;
          verified = prototype.verified(out);
          std::cout << "\nverification " << (verified ? "SUCCESSFUL" : "FAILED") << " (NPB class "
                    << *class_name << ")\n";
        });
    if (!verified && run.speaks())
      throw cli::RunFailure("EP's verification failed (NPB class " + *class_name + ")");
  });
}

}  // namespace

void register_ep_app(cli::AppRegistry& apps) {
  apps.add({"ep",
            cli::kLoopApp,
            "NAS EP: Gaussian pairs from the NAS generator, verified",
            {&add_command, &option_names}});
}

}  // namespace stacksplit::apps::ep
