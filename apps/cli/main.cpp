// stacksplit: the command-line front end. Each registered application adds
// one subcommand (apps/cli/app_registry.hpp); errors a user can cause end here
// with a one-line message.
//
// Exit status: 0 success, 1 bad input file or run failure, 2 bad command line
// (unknown app, scheme, option or value); a command may ask for its own (SAT:
// 10 satisfiable, 20 unsatisfiable; an interrupted run: 130).

#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <stdexcept>
#include <string>

#include "analysis/analyze_command.hpp"
#include "analysis/cost_model/network_model_file.hpp"
#include "apps/cli/app_registry.hpp"
#include "apps/cli/exit_status.hpp"
#include "apps/cli/list_command.hpp"
#include "apps/cli/loop_command.hpp"
#include "apps/cli/netchar_command.hpp"
#include "core/input_error.hpp"
#include "core/mpi/launcher.hpp"

int main(int argc, char** argv) {
  CLI::App app{"stacksplit: parallel depth-first search with stack splitting, and parallel loops",
               "stacksplit"};
  app.require_subcommand(1);
  // Search apps are commands of their own; loop apps live under `stacksplit loop`.
  for (const auto& entry : stacksplit::cli::app_registry().entries())
    entry.payload.add(entry.family == stacksplit::cli::kLoopApp
                          ? stacksplit::cli::loop_command(app)
                          : app,
                      entry);
  stacksplit::analysis::add_analyze_command(app);
  stacksplit::cli::add_list_command(app);
  stacksplit::cli::add_netchar_command(app);
  // Under mpirun every rank parses the same command line: one complaint is enough.
  const bool first_rank = stacksplit::core::is_first_rank();
  try {
    if (argc > 1 && argv[1][0] != '-') {
      std::vector<std::string> known;
      bool found = false;
      for (const CLI::App* command : app.get_subcommands({})) {
        known.push_back(command->get_name());
        found = found || command->check_name(argv[1]);
      }
      if (!found) throw stacksplit::core::unknown_name("command", argv[1], known);
      // `stacksplit loop APP`: the application by name too.
      if (std::string(argv[1]) == "loop" && argc > 2 && argv[2][0] != '-') {
        const auto& apps = stacksplit::cli::app_registry();
        const auto* entry = apps.find(argv[2]);
        if (entry == nullptr || entry->family != stacksplit::cli::kLoopApp)
          throw stacksplit::core::unknown_name("loop application", argv[2],
                                               apps.names(stacksplit::cli::kLoopApp));
      }
    }
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    if (first_rank) std::cerr << "stacksplit: error: " << e.what() << '\n';
    return 2;
  } catch (const std::invalid_argument& e) {
    if (first_rank) std::cerr << "stacksplit: error: " << e.what() << '\n';
    return 2;
  } catch (const stacksplit::analysis::cost_model::NetworkFileError& e) {
    if (first_rank) std::cerr << "stacksplit: error: " << e.what() << '\n';
    return 2;
  } catch (const stacksplit::core::InputError& e) {
    // FILE:LINE: what is wrong, as compilers say it
    if (first_rank) std::cerr << e.what() << '\n';
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "stacksplit: error: " << e.what() << '\n';
    return 1;
  }
  return stacksplit::cli::exit_status();
}
