// The `stacksplit nqueens` command: the board size, the search, the answer.

#include <iostream>
#include <memory>
#include <string>

#include "apps/cli/search_command.hpp"
#include "apps/nqueens/nqueens.hpp"

namespace stacksplit::apps::nqueens {

namespace {

void add_command(CLI::App& parent, const cli::AppEntry& app) {
  auto size = std::make_shared<int>(8);
  cli::SearchCommand& command = cli::add_search_command(parent, app);
  command.add_option("n", *size, "board size (1.." + std::to_string(NQueens::kMaxSize) + ")")
      ->required();
  command.on_run([size](cli::CommandRun& run) {
    const NQueens prototype(*size);  // checks the size before anything runs
    auto result = run.search<NQueens>(std::to_string(*size), [&] { return prototype; });
    if (!result.reporting) return;
    std::cout << "solutions = " << result.total.solutions << run.partial_mark(result) << '\n';
    if (result.solution && run.config().search.mode == core::SearchMode::kFirst) {
      std::cout << "solution =";
      for (int column : *result.solution) std::cout << ' ' << column;
      std::cout << '\n';
    }
  });
}

}  // namespace

void register_nqueens_app(cli::AppRegistry& apps) {
  apps.add({"nqueens",
            cli::kSearchApp,
            "count the placements of N non-attacking queens",
            {&add_command}});
}

}  // namespace stacksplit::apps::nqueens
