#include "apps/cli/command_run.hpp"

#include <unistd.h>

#include <iostream>
#include <string>
#include <thread>

#include "core/mpi/launcher.hpp"

namespace stacksplit::cli {

namespace {

// Worker threads beyond this host's cores under mpirun are allowed (tests
// and small machines oversubscribe) but said, once, by rank 0.
void warn_of_oversubscribed_ranks(const core::RunConfig& config) {
  const int threads = config.per_node();
  if (config.runtime != core::RuntimeKind::kMpi || threads < 2) return;
  const int ranks_here = core::mpirun_local_rank_count().value_or(1);
  const int cores = static_cast<int>(std::thread::hardware_concurrency());
  if (cores <= 0 || threads * ranks_here <= cores) return;
  std::cerr << "stacksplit: warning: --workers " << threads << " in each of the " << ranks_here
            << (ranks_here == 1 ? " rank" : " ranks") << " on this host is " << threads * ranks_here
            << " worker threads on its " << cores << " cores (oversubscribed: allowed, but slower)"
            << std::endl;
}

}  // namespace

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
  if (speaks_) warn_of_oversubscribed_ranks(config_);
  if (config_.runtime == core::RuntimeKind::kMpi) {
    rank_ = core::mpirun_rank().value_or(0);
    ranks_ = core::mpirun_rank_count().value_or(1);
  }
  // Made once, before the command starts work of its own beside the search
  // (SAT's race polls it from its thread): never replaced afterwards.
  config_.interrupt = std::make_shared<core::StopSignal>();
}

void CommandRun::agree_with_rank(std::string& text, int root) const {
  if (config_.runtime == core::RuntimeKind::kMpi) core::broadcast_from_rank(text, root);
}

void CommandRun::agree_with_rank(std::string& text, int root,
                                 const std::function<bool()>& hurry) const {
  if (config_.runtime == core::RuntimeKind::kMpi) core::broadcast_from_rank(text, root, hurry);
}

bool CommandRun::asked_to_hurry() const {
  return config_.runtime == core::RuntimeKind::kMpi && core::asked_to_hurry();
}

void CommandRun::start_mpi() const {
  if (config_.runtime == core::RuntimeKind::kMpi) core::start_mpi();
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
