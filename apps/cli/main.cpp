// stacksplit: the command-line front end (apps/cli/front_end.hpp) over every
// application of the tree, and the analysis of run records.

#include "analysis/analyze_command.hpp"
#include "apps/cli/front_end.hpp"
#include "apps/registered_apps.hpp"

int main(int argc, char** argv) {
  return stacksplit::cli::run_front_end(
      argc, argv, stacksplit::apps::registered_apps(),
      {"stacksplit",
       "stacksplit: parallel depth-first search with stack splitting, and parallel loops",
       [](CLI::App& app) { stacksplit::analysis::add_analyze_command(app); }});
}
