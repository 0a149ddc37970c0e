#include "apps/cli/command_run.hpp"

#include <unistd.h>

#include "core/mpi/launcher.hpp"

namespace stacksplit::cli {

CommandRun::CommandRun(std::string app, const CommonOptions& options,
                       const CommandDefaults& defaults)
    : app_(std::move(app)),
      config_(make_run_config(options, defaults)),
      speaks_(core::is_first_rank()),
      quiet_(options.quiet),
      baseline_nodes_(options.baseline_nodes) {
  // Only the rank that reports writes the record; a path it cannot write
  // fails now, not after the search.
  if (!options.json.empty() && speaks_) record_.emplace(options.json);
  // Made once, before the command starts work of its own beside the search
  // (SAT's race polls it from its thread): never replaced afterwards.
  config_.interrupt = std::make_shared<core::StopSignal>();
}

void CommandRun::agree_with_first_rank(std::string& text) const {
  if (config_.runtime == core::RuntimeKind::kMpi) core::broadcast_from_first_rank(text);
}

void CommandRun::prepare() {
  if (!config_.interrupt) config_.interrupt = std::make_shared<core::StopSignal>();
  if (speaks_ && !quiet_ && isatty(STDERR_FILENO) != 0)
    config_.observers.push_back(std::make_shared<ProgressLine>(
        config_.runtime == core::RuntimeKind::kSim, progress_extra_));
}

void CommandRun::report(const core::RunIdentity& identity, const core::RunStatistics& result) {
  const std::optional<SearchOverhead> overhead = search_overhead(config_, result, baseline_nodes_);
  if (!quiet_ && common_summary_) print_run_summary(std::cout, identity, config_, result, overhead);
  if (record_) {
    nlohmann::json record = core::make_run_record(identity, config_, result);
    add_search_overhead(record, overhead);
    record_->append(record);
  }
}

}  // namespace stacksplit::cli
