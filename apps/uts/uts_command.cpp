// `stacksplit uts [--tree T1] [-t -a -d -b -r -q -m -f -g VALUE]... [common options]`:
// counts a UTS tree, a sample tree by name or the benchmark's own flags (over
// the sample tree when both are given), and prints the benchmark's result line.
// A sample tree that does not come out at its published size is exit status 1.

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "apps/cli/choice_option.hpp"
#include "apps/cli/exit_status.hpp"
#include "apps/cli/search_command.hpp"
#include "apps/uts/uts_counts.hpp"
#include "apps/uts/uts_params.hpp"
#include "apps/uts/uts_presets.hpp"
#include "apps/uts/uts_tree.hpp"

namespace stacksplit::apps::uts {

namespace {

struct UtsOptions {
  std::string tree;
  std::vector<std::string> flag_values = std::vector<std::string>(uts_flags().size());
  std::vector<CLI::Option*> flag_options;
};

// The sample tree if one was named, with the UTS flags given applied over it.
UtsParams params_of(const UtsOptions& options) {
  UtsParams params;
  if (!options.tree.empty()) params = find_uts_preset(options.tree).params();
  std::vector<std::string> tokens;
  for (std::size_t i = 0; i < uts_flags().size(); ++i) {
    if (options.flag_options[i]->count() == 0) continue;
    tokens.push_back(std::string("-") + uts_flags()[i].letter);
    tokens.push_back(options.flag_values[i]);
  }
  apply_uts_flags(params, tokens);
  return params;
}

std::vector<cli::OptionNames> option_names() {
  return {cli::option_names("--tree", uts_tree_registry())};
}

void add_command(CLI::App& parent, const cli::AppEntry& app) {
  auto options = std::make_shared<UtsOptions>();
  cli::SearchCommand& command = cli::add_search_command(parent, app);
  cli::add_choice_option(command.cli(), "--tree", options->tree, uts_tree_registry(),
                         "a published sample tree");
  for (std::size_t i = 0; i < uts_flags().size(); ++i) {
    const UtsFlag& flag = uts_flags()[i];
    options->flag_options.push_back(
        command
            .add_option(std::string("-") + flag.letter, options->flag_values[i],
                        std::string(flag.meaning) + " (default " + flag.get(UtsParams{}) + ")")
            ->type_name(std::string(flag.value_kind)));
  }
  command.on_run([options](cli::CommandRun& run) {
    const UtsParams params = params_of(*options);
    const UtsTree prototype(params);
    const UtsPreset* preset = match_uts_preset(params);
    const std::string instance = preset ? std::string(preset->name) : uts_params_flags(params);
    if (!run.quiet() && run.speaks()) std::cout << uts_params_text(params);
    auto result = run.search<UtsTree>(instance, [&] { return prototype; });
    if (!result.reporting) return;
    const UtsCounts counts{result.total.nodes, result.total.max_depth, result.total.leaves};
    std::cout << uts_counts_text(counts) << cli::CommandRun::partial_mark(result) << '\n';
    if (preset != nullptr && !result.interrupted && counts != preset->expected)
      throw cli::RunFailure(std::string(preset->name) + " is published as " +
                            uts_counts_text(preset->expected));
  });
}

}  // namespace

void register_uts_app(cli::AppRegistry& apps) {
  apps.add({"uts",
            cli::kSearchApp,
            "count the nodes of an Unbalanced Tree Search tree",
            {&add_command, &option_names}});
}

}  // namespace stacksplit::apps::uts
