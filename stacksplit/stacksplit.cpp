#include "stacksplit/stacksplit.hpp"

#include <stdexcept>
#include <vector>

#include "core/registry.hpp"
#include "core/search_options.hpp"
#include "schemes/scheme_registry.hpp"

namespace stacksplit {

core::RunConfig make_run_config(const RunOptions& options) {
  core::RunConfig config;
  config.workers = options.workers;
  config.runtime = core::parse_runtime(options.runtime);
  config.search.mode = core::parse_search_mode(options.mode);
  config.search.split.strategy = core::parse_split_strategy(options.split);
  config.search.seed = options.seed;
  // As on the command line: the simulated machine checks its mailbox at its own pace.
  if (config.runtime == core::RuntimeKind::kSim) config.search.quantum = config.machine.quantum;
  // Loop schemes balance parallel loops, not a tree: only the tree's are offered.
  schemes::use_scheme(config, options.scheme, schemes::tree_scheme_names());
  config.validate();
  return config;
}

}  // namespace stacksplit
