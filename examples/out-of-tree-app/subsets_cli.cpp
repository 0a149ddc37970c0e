// subsets_cli: the subset-sum space behind stacksplit's command line, with
// every common option (--workers, --scheme, --runtime, --mode, --json, ...):
//
//   subsets_cli subsets 20 --workers 4 --scheme rp
//   subsets_cli list schemes

#include <iostream>
#include <memory>
#include <string>

#include "apps/cli/front_end.hpp"
#include "apps/cli/search_command.hpp"
#include "subset_sum.hpp"

namespace {

void add_subsets_command(CLI::App& parent, const stacksplit::cli::AppEntry& app) {
  auto items = std::make_shared<int>(10);
  stacksplit::cli::SearchCommand& command = stacksplit::cli::add_search_command(parent, app);
  command.add_option("n", *items, "the items are 1..n")->required();
  command.on_run([items](stacksplit::cli::CommandRun& run) {
    const subsets::SubsetSum prototype(*items, subsets::SubsetSum::half_total(*items));
    auto result = run.search<subsets::SubsetSum>(std::to_string(*items), [&] { return prototype; });
    if (!result.reporting) return;
    std::cout << "subsets = " << result.total.solutions << run.partial_mark(result) << '\n';
    if (result.solution && run.config().search.mode == stacksplit::core::SearchMode::kFirst) {
      std::cout << "subset =";
      for (int item = 1; item <= *items; ++item)
        if ((*result.solution >> (item - 1)) & 1) std::cout << ' ' << item;
      std::cout << '\n';
    }
  });
}

}  // namespace

int main(int argc, char** argv) {
  stacksplit::cli::AppRegistry apps("application");
  apps.add({"subsets",
            stacksplit::cli::kSearchApp,
            "count the subsets of 1..n that add up to half their total",
            {&add_subsets_command}});
  return stacksplit::cli::run_front_end(
      argc, argv, apps, {"subsets_cli", "subset sums with stacksplit's command line", {}});
}
