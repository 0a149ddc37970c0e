#include "apps/uts/uts_command.hpp"

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "apps/cli/search_command.hpp"
#include "apps/uts/uts_counts.hpp"
#include "apps/uts/uts_params.hpp"
#include "apps/uts/uts_presets.hpp"
#include "apps/uts/uts_tree.hpp"
#include "core/runtime/mpi_runtime.hpp"

namespace stacksplit::apps::uts {

namespace {

struct UtsOptions {
  std::string tree;
  std::vector<std::string> flag_values = std::vector<std::string>(uts_flags().size());
  std::vector<CLI::Option*> flag_options;
  cli::CommonOptions common;
};

// The common options spell --quiet -q too; UTS's -q (the binomial probability)
// must keep its meaning, so in this command quiet is --quiet alone.
void give_q_to_uts(CLI::App& command, bool& quiet) {
  CLI::Option* common_quiet = command.get_option_no_throw("-q");
  if (common_quiet == nullptr) return;
  const std::string meaning = common_quiet->get_description();
  command.remove_option(common_quiet);
  command.add_flag("--quiet", quiet, meaning);
}

std::string preset_names() {
  std::string names;
  for (const UtsPreset& preset : uts_presets()) {
    if (!names.empty()) names += ' ';
    names += preset.name;
  }
  return names;
}

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

}  // namespace

void add_uts_command(CLI::App& app) {
  auto options = std::make_shared<UtsOptions>();
  CLI::App* command =
      app.add_subcommand("uts", "count the nodes of an Unbalanced Tree Search tree");
  cli::add_common_options(*command, options->common);
  give_q_to_uts(*command, options->common.quiet);
  command->add_option("--tree", options->tree, "a published sample tree: " + preset_names());
  for (std::size_t i = 0; i < uts_flags().size(); ++i) {
    const UtsFlag& flag = uts_flags()[i];
    options->flag_options.push_back(
        command
            ->add_option(std::string("-") + flag.letter, options->flag_values[i],
                         std::string(flag.meaning) + " (default " + flag.get(UtsParams{}) + ")")
            ->type_name(std::string(flag.value_kind)));
  }
  command->callback([options] {
    const UtsParams params = params_of(*options);
    const UtsTree prototype(params);
    const UtsPreset* preset = match_uts_preset(params);
    const std::string instance = preset ? std::string(preset->name) : uts_params_flags(params);
    // Under mpirun every rank runs this; only rank 0 speaks, as it alone reports.
    const bool speaks = core::mpirun_rank().value_or(0) == 0;
    (void)cli::make_run_setup(options->common);  // bad options end here, before any output
    if (!options->common.quiet && speaks) std::cout << uts_params_text(params);
    auto result =
        cli::run_and_report<UtsTree>(options->common, "uts", instance, [&] { return prototype; });
    if (!result.reporting) return;
    const UtsCounts counts{result.total.nodes, result.total.max_depth, result.total.leaves};
    std::cout << uts_counts_text(counts) << '\n';
    if (preset != nullptr && counts != preset->expected) {
      std::cerr << "stacksplit: error: " << preset->name << " is published as "
                << uts_counts_text(preset->expected) << '\n';
      cli::set_exit_status(1);
    }
  });
}

}  // namespace stacksplit::apps::uts
