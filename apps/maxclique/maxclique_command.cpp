// The `stacksplit maxclique FILE` command: read a DIMACS graph, branch and
// bound (optimize mode unless --mode says otherwise), print the clique number
// and a clique attaining it, vertices numbered as in the file.

#include <algorithm>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "apps/cli/search_command.hpp"
#include "apps/maxclique/dimacs_graph.hpp"
#include "apps/maxclique/max_clique_space.hpp"

namespace stacksplit::apps::maxclique {

namespace {

// An engine or space fault must not print a wrong answer as if it were right.
void check_clique(const Graph& graph, const MaxCliqueSpace::Solution& clique,
                  std::int64_t objective) {
  if (static_cast<std::int64_t>(clique.size()) != objective)
    throw std::runtime_error("internal error: the clique found does not have the optimum's size");
  for (std::size_t a = 0; a < clique.size(); ++a)
    for (std::size_t b = a + 1; b < clique.size(); ++b)
      if (!std::binary_search(graph.edges.begin(), graph.edges.end(),
                              std::pair<int, int>(clique[a], clique[b])))
        throw std::runtime_error("internal error: the vertices found are not a clique");
}

void add_command(CLI::App& parent, const cli::AppEntry& app) {
  auto file = std::make_shared<std::string>();
  cli::CommandDefaults defaults;
  defaults.mode = "optimize";
  cli::SearchCommand& command = cli::add_search_command(parent, app, defaults);
  command.add_option("file", *file, "graph in DIMACS format ('p edge N M', 'e U V')")->required();
  command.on_run([file](cli::CommandRun& run) {
    const DimacsGraph input = read_dimacs_graph(*file);
    // Under mpirun every rank reads the file; only rank 0 speaks.
    if (run.speaks())
      for (const std::string& warning : input.warnings) std::cerr << "warning: " << warning << '\n';
    const MaxCliqueSpace prototype(input.graph);
    auto details = [&](const core::RunStatistics&) {
      return nlohmann::json{{"vertices", input.graph.vertices},
                            {"edges", input.graph.edges.size()},
                            {"greedy_colours", prototype.root_colours()}};
    };
    auto result = run.search<MaxCliqueSpace>(
        *file, [&] { return prototype; }, details);
    if (!result.reporting) return;
    if (run.config().search.mode != core::SearchMode::kOptimize) {
      std::cout << "nodes = " << result.total.nodes << run.partial_mark(result) << '\n';
      return;
    }
    if (!result.solution) throw std::runtime_error("internal error: no clique was found");
    check_clique(input.graph, *result.solution, result.objective);
    std::cout << "clique size = " << result.objective << run.partial_mark(result) << '\n';
    std::cout << "clique =";
    for (int vertex : *result.solution) std::cout << ' ' << vertex + 1;
    std::cout << '\n';
  });
}

}  // namespace

void register_maxclique_app(cli::AppRegistry& apps) {
  apps.add({"maxclique",
            cli::kSearchApp,
            "maximum clique of a DIMACS graph by bit-parallel colouring branch and bound",
            {&add_command}});
}

}  // namespace stacksplit::apps::maxclique
