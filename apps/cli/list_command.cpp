#include "apps/cli/list_command.hpp"

#include <iomanip>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "apps/cli/app_registry.hpp"
#include "apps/cli/choice_option.hpp"
#include "core/run_config.hpp"
#include "core/search_options.hpp"
#include "core/sim/machine_model.hpp"
#include "core/topology/topology_registry.hpp"
#include "schemes/balance_policy.hpp"
#include "schemes/scheme_registry.hpp"

namespace stacksplit::cli {

namespace {

using Row = core::NameRow;

// The names options take, the family saying whose option: the common ones,
// then each app's (AppCommand::option_names).
std::vector<Row> option_rows(const AppRegistry& apps) {
  std::vector<Row> rows;
  auto add = [&](const std::string& whose, const std::vector<Row>& names) {
    for (Row row : names) {
      row.family = whose;
      rows.push_back(std::move(row));
    }
  };
  add("--mode", core::search_mode_registry().rows());
  add("--split", core::split_strategy_registry().rows());
  add("--balance", schemes::balance_registry().rows());
  for (const AppEntry& app : apps.entries()) {
    if (app.payload.option_names == nullptr) continue;
    const std::string command = (app.family == kLoopApp ? "loop " : "") + app.name + " ";
    for (const OptionNames& option : app.payload.option_names())
      add(command + option.option, option.names);
  }
  return rows;
}

struct Listing {
  std::string kind;  // the plural the command line takes
  std::vector<Row> rows;
};

// The kinds of names `list` shows, by the plural it takes: a registry, so
// that its help and an unknown kind's error read it as every name's do.
using ListRows = std::vector<Row> (*)(const AppRegistry& apps);

const core::Registry<ListRows>& listing_registry() {
  static const core::Registry<ListRows> registry = [] {
    core::Registry<ListRows> r("kind of name");
    r.add({"schemes", "", "load-balancing schemes, by family",
           [](const AppRegistry&) { return schemes::scheme_registry().rows(); }});
    r.add({"topologies", "", "the workers' logical interconnections",
           [](const AppRegistry&) { return core::topology_registry().rows(); }});
    r.add({"runtimes", "", "what runs the workers",
           [](const AppRegistry&) { return core::runtime_registry().rows(); }});
    r.add({"machines", "", "the simulated machines",
           [](const AppRegistry&) { return core::machine_registry().rows(); }});
    r.add({"apps", "", "the applications, search or loop",
           [](const AppRegistry& apps) { return apps.rows(); }});
    r.add({"options", "", "the names options take, by option", &option_rows});
    return r;
  }();
  return registry;
}

std::vector<Listing> every_listing(const AppRegistry& apps) {
  std::vector<Listing> listings;
  for (const auto& entry : listing_registry().entries())
    listings.push_back({entry.name, entry.payload(apps)});
  return listings;
}

void print_text(const Listing& listing, bool with_heading) {
  if (with_heading) std::cout << listing.kind << ":\n";
  std::size_t width = 0, family_width = 0;
  for (const Row& row : listing.rows) {
    width = std::max(width, row.name.size());
    family_width = std::max(family_width, row.family.size());
  }
  for (const Row& row : listing.rows) {
    std::cout << (with_heading ? "  " : "") << std::left << std::setw(static_cast<int>(width) + 2)
              << row.name;
    if (family_width > 0) std::cout << std::setw(static_cast<int>(family_width) + 2) << row.family;
    std::cout << row.summary << '\n';
  }
}

nlohmann::json json_of(const Listing& listing) {
  nlohmann::json rows = nlohmann::json::array();
  for (const Row& row : listing.rows)
    rows.push_back({{"name", row.name}, {"family", row.family}, {"summary", row.summary}});
  return rows;
}

}  // namespace

void add_list_command(CLI::App& app, const AppRegistry& apps) {
  struct Options {
    std::string kind;
    bool json = false;
  };
  auto options = std::make_shared<Options>();
  CLI::App* command =
      app.add_subcommand("list", "list the names the command line accepts, from the registries");
  add_choice_option(*command, "what", options->kind, listing_registry(),
                    "the kind of names to list (default: all)");
  command->add_flag("--json", options->json, "print JSON: {kind: [{name, family, summary}]}");
  command->callback([options, &apps] {
    nlohmann::json all = nlohmann::json::object();
    bool first = true;
    for (const Listing& listing : every_listing(apps)) {
      if (!options->kind.empty() && listing.kind != options->kind) continue;
      if (options->json) {
        all[listing.kind] = json_of(listing);
        continue;
      }
      if (!first) std::cout << '\n';
      first = false;
      print_text(listing, options->kind.empty());
    }
    if (options->json) std::cout << all.dump(2) << '\n';
  });
}

}  // namespace stacksplit::cli
