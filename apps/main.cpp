// stacksplit: the command-line front end (apps/cli/front_end.hpp) over every
// application of the tree, the analysis of run records and the DRAT proof
// checker.

#include "analysis/analyze_command.hpp"
#include "apps/cli/front_end.hpp"
#include "apps/proof_check/check_proof_command.hpp"
#include "apps/registered_apps.hpp"

int main(int argc, char** argv) {
  return stacksplit::cli::run_front_end(
      argc, argv, stacksplit::apps::registered_apps(),
      {"stacksplit",
       "stacksplit: parallel depth-first search with stack splitting, and parallel loops",
       [](CLI::App& app) {
         stacksplit::analysis::add_analyze_command(app);
         stacksplit::apps::proof_check::add_check_proof_command(app);
       }});
}
