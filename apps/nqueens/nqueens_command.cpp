#include "apps/nqueens/nqueens_command.hpp"

#include <iostream>
#include <memory>
#include <string>

#include "apps/cli/search_command.hpp"
#include "apps/nqueens/nqueens.hpp"

namespace stacksplit::apps::nqueens {

void add_nqueens_command(CLI::App& app) {
  struct Options {
    int size = 8;
    cli::CommonOptions common;
  };
  auto options = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand("nqueens", "count the placements of N non-attacking queens");
  command->add_option("n", options->size, "board size (1.." + std::to_string(NQueens::kMaxSize) + ")")
      ->required();
  cli::add_common_options(*command, options->common);
  command->callback([options] {
    const NQueens prototype(options->size);  // checks the size before anything runs
    auto result = cli::run_and_report<NQueens>(options->common, "nqueens",
                                               std::to_string(options->size),
                                               [&] { return prototype; });
    if (!result.reporting) return;
    std::cout << "solutions = " << result.total.solutions << '\n';
    if (result.solution && options->common.mode == "first") {
      std::cout << "solution =";
      for (int column : *result.solution) std::cout << ' ' << column;
      std::cout << '\n';
    }
  });
}

}  // namespace stacksplit::apps::nqueens
