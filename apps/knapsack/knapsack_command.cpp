// The `stacksplit knapsack FILE` command: read the instance, branch and bound
// (optimize mode unless --mode says otherwise), print the optimum and the
// items that attain it, numbered from 1 in the file's order.

#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "apps/cli/search_command.hpp"
#include "apps/knapsack/knapsack_instance.hpp"
#include "apps/knapsack/knapsack_space.hpp"

namespace stacksplit::apps::knapsack {

namespace {

// The solution's profit and weight, recomputed from the file's items; an
// engine or space fault must not print a wrong answer as if it were right.
Item checked_total(const KnapsackInstance& instance, const KnapsackSpace::Solution& chosen,
                   std::int64_t objective) {
  Item total;
  for (int index : chosen) {
    total.profit += instance.items.at(index).profit;
    total.weight += instance.items.at(index).weight;
  }
  if (total.weight > instance.capacity || total.profit != objective)
    throw std::runtime_error("internal error: the solution found does not attain the optimum");
  return total;
}

void add_command(CLI::App& parent, const cli::AppEntry& app) {
  auto file = std::make_shared<std::string>();
  cli::CommandDefaults defaults;
  defaults.mode = "optimize";
  cli::SearchCommand& command = cli::add_search_command(parent, app, defaults);
  command.add_option("file", *file, "instance: 'n capacity', then n lines 'profit weight'")
      ->required();
  command.on_run([file](cli::CommandRun& run) {
    const KnapsackInstance instance = read_knapsack(*file);
    const KnapsackSpace prototype(instance);
    auto details = [&](const core::RunStatistics&) {
      return nlohmann::json{{"items", instance.items.size()}, {"capacity", instance.capacity}};
    };
    auto result = run.search<KnapsackSpace>(
        *file, [&] { return prototype; }, details);
    if (!result.reporting) return;
    if (run.config().search.mode != core::SearchMode::kOptimize) {
      // Every complete selection that fits is a solution leaf.
      std::cout << "selections = " << result.total.solutions << run.partial_mark(result) << '\n';
      return;
    }
    if (!result.solution) throw std::runtime_error("internal error: no selection was found");
    const Item total = checked_total(instance, *result.solution, result.objective);
    std::cout << "optimum = " << result.objective << run.partial_mark(result) << '\n';
    std::cout << "weight = " << total.weight << " of " << instance.capacity << '\n';
    std::cout << "items =";
    for (int index : *result.solution) std::cout << ' ' << index + 1;
    std::cout << '\n';
  });
}

}  // namespace

void register_knapsack_app(cli::AppRegistry& apps) {
  apps.add({"knapsack",
            cli::kSearchApp,
            "0/1 knapsack by branch and bound (Dantzig bound), optimize mode by default",
            {&add_command}});
}

}  // namespace stacksplit::apps::knapsack
