// stacksplit: the command-line front end. Each application registers one
// subcommand; errors a user can cause end here with a one-line message.
//
// Exit status: 0 success, 1 bad input file or run failure, 2 bad command line
// (unknown app, scheme, option or value); a command may ask for its own (SAT:
// 10 satisfiable, 20 unsatisfiable).

#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <stdexcept>
#include <string>

#include "analysis/analyze_command.hpp"
#include "apps/cli/search_command.hpp"
#include "apps/nqueens/nqueens_command.hpp"
#include "apps/sat/dimacs_reader.hpp"
#include "apps/sat/sat_command.hpp"
#include "apps/uts/uts_command.hpp"

int main(int argc, char** argv) {
  CLI::App app{"stacksplit: parallel depth-first search with stack splitting", "stacksplit"};
  app.require_subcommand(1);
  stacksplit::apps::nqueens::add_nqueens_command(app);
  stacksplit::apps::sat::add_sat_command(app);
  stacksplit::apps::uts::add_uts_command(app);
  stacksplit::analysis::add_analyze_command(app);
  // Under mpirun every rank parses the same command line: one complaint is enough.
  const bool first_rank = stacksplit::core::mpirun_rank().value_or(0) == 0;
  try {
    if (argc > 1 && argv[1][0] != '-') {
      std::string known;
      bool found = false;
      for (const CLI::App* command : app.get_subcommands({})) {
        known += (known.empty() ? "" : ", ") + command->get_name();
        found = found || command->check_name(argv[1]);
      }
      if (!found)
        throw std::invalid_argument("unknown command '" + std::string(argv[1]) +
                                    "' (known: " + known + ")");
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
  } catch (const stacksplit::apps::sat::DimacsError& e) {
    std::cerr << e.what() << '\n';  // FILE:LINE: what is wrong, as compilers say it
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "stacksplit: error: " << e.what() << '\n';
    return 1;
  }
  return stacksplit::cli::exit_status();
}
