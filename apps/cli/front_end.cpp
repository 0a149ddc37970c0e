#include "apps/cli/front_end.hpp"

#include <chrono>
#include <exception>
#include <iostream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "apps/cli/exit_status.hpp"
#include "apps/cli/list_command.hpp"
#include "apps/cli/loop_command.hpp"
#include "apps/cli/netchar_command.hpp"
#include "apps/cli/number_check.hpp"
#include "core/input_error.hpp"
#include "core/mpi/launcher.hpp"
#include "schemes/loop/cost_model/network_model_file.hpp"

namespace stacksplit::cli {

namespace {

// An unknown command or loop application is named with the known ones before
// CLI11 parses (it would only say that an argument is extra).
void check_command_names(const CLI::App& app, const AppRegistry& apps, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return;
  std::vector<std::string> known;
  bool found = false;
  for (const CLI::App* command : app.get_subcommands({})) {
    known.push_back(command->get_name());
    found = found || command->check_name(argv[1]);
  }
  if (!found) throw core::unknown_name("command", argv[1], known);
  if (std::string(argv[1]) == "loop" && argc > 2 && argv[2][0] != '-') {
    const auto* entry = apps.find(argv[2]);
    if (entry == nullptr || entry->family != kLoopApp)
      throw core::unknown_name("loop application", argv[2], apps.names(kLoopApp));
  }
}

// Under mpirun every rank meets the same bad input, and only rank 0 reports it.
// A rank that returned first would make mpirun end the job, rank 0 with it,
// before its message was out; so the others give rank 0 time to report and
// end the job (its non-zero exit does), and return on their own only if it
// never does (rank 0 read the input well: the inputs differ between hosts).
int after_first_rank_reported(bool first_rank, int status) {
  if (!first_rank) std::this_thread::sleep_for(std::chrono::seconds(10));
  return status;
}

}  // namespace

int run_command_line(CLI::App& app, const std::string& program,
                     const std::function<void()>& parse_and_run) {
  // Under mpirun every rank parses the same command line: one complaint is enough.
  const bool first_rank = core::is_first_rank();
  const std::string error_prefix = program + ": error: ";
  try {
    parse_and_run();
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    if (first_rank) std::cerr << error_prefix << e.what() << '\n';
    return after_first_rank_reported(first_rank, 2);
  } catch (const std::invalid_argument& e) {
    if (first_rank) std::cerr << error_prefix << e.what() << '\n';
    return after_first_rank_reported(first_rank, 2);
  } catch (const schemes::loop::cost_model::NetworkFileError& e) {
    // A file's error, as core::InputError's (the model layer knows no core).
    if (first_rank) std::cerr << error_prefix << e.what() << '\n';
    return after_first_rank_reported(first_rank, 1);
  } catch (const core::InputError& e) {
    // FILE:LINE: what is wrong, as compilers say it
    if (first_rank) std::cerr << e.what() << '\n';
    return after_first_rank_reported(first_rank, 1);
  } catch (const std::exception& e) {
    // RunFailure and what else went wrong; under mpirun the rank that failed says it.
    std::cerr << error_prefix << e.what() << '\n';
    return 1;
  }
  return exit_status();
}

int run_front_end(int argc, char** argv, const AppRegistry& apps, const FrontEnd& front_end) {
  CLI::App app{front_end.description, front_end.program};
  app.require_subcommand(1);
  // Search apps are commands of their own; loop apps live under `loop`.
  for (const auto& entry : apps.entries())
    entry.payload.add(entry.family == kLoopApp ? loop_command(app) : app, entry);
  if (front_end.add_commands) front_end.add_commands(app);
  add_list_command(app, apps);
  add_netchar_command(app);
  check_whole_numbers(app);
  return run_command_line(app, front_end.program, [&] {
    check_command_names(app, apps, argc, argv);
    app.parse(argc, argv);
  });
}

}  // namespace stacksplit::cli
