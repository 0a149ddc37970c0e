#pragma once
// One run of a command, from its parsed options to its record: the run
// configuration (made and validated when the run is created, before the
// command prints anything), the --json file (opened then too), Ctrl-C, the
// progress line, the summary and the run record.

#include <functional>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>

#include "apps/cli/common_options.hpp"
#include "apps/cli/exit_status.hpp"
#include "apps/cli/interrupt_handler.hpp"
#include "apps/cli/loop_summary.hpp"
#include "apps/cli/progress_line.hpp"
#include "apps/cli/run_summary.hpp"
#include "core/loop/load_model.hpp"
#include "core/loop/loop_record.hpp"
#include "core/loop/run_loop.hpp"
#include "core/run_config.hpp"
#include "core/run_record.hpp"
#include "core/run_search.hpp"

namespace stacksplit::cli {

// An application with nothing of its own to record.
struct NoAppDetails {
  template <class Result>
  nlohmann::json operator()(const Result&) const {
    return nlohmann::json::object();
  }
};

class CommandRun {
 public:
  // Throws std::invalid_argument (a bad option) or std::runtime_error (a
  // --json file that cannot be opened) before anything runs.
  CommandRun(std::string app, const CommonOptions& options, const CommandDefaults& defaults);

  const core::RunConfig& config() const { return config_; }
  // For what the command decides itself (SAT: count or first from --count).
  core::RunConfig& config() { return config_; }

  // Whether this process prints: everywhere but MPI ranks other than 0.
  bool speaks() const { return speaks_; }
  bool quiet() const { return quiet_; }
  // What follows an answer line of an interrupted run.
  static const char* partial_mark(const core::RunStatistics& result) {
    return result.interrupted ? " (partial: interrupted)" : "";
  }

  // The command prints its own summary (SAT's c lines) instead of the common one.
  void use_own_summary() { common_summary_ = false; }
  // Under the mpi runtime every rank leaves with rank 0's `text` (every rank
  // must call it); elsewhere `text` stays. For decisions every rank must
  // share that a rank could make differently on its own (a probe cut by the
  // time limit).
  void agree_with_first_rank(std::string& text) const { agree_with_rank(text, 0); }
  // The same with rank `root`'s `text`.
  void agree_with_rank(std::string& text, int root) const;
  // The same, where a rank that waits and finds `root`'s decision moot
  // (`hurry` says so) tells `root` to hurry: asked_to_hurry() there. Every
  // rank passes a `hurry` (core/mpi/launcher.hpp).
  void agree_with_rank(std::string& text, int root, const std::function<bool()>& hurry) const;
  // On the `root` of an agree_with_rank with `hurry` to come, from the
  // command's thread: whether another rank asked it to hurry (false but
  // under the mpi runtime).
  bool asked_to_hurry() const;
  // Under the mpi runtime, starts MPI now if it has not started (a wait for
  // every rank: core/mpi/launcher.hpp); elsewhere nothing.
  void start_mpi() const;
  // Under the mpi runtime this process's rank and how many there are; else 0 and 1.
  int rank() const { return rank_; }
  int ranks() const { return ranks_; }
  // The command's own fields in the progress line.
  void show_in_progress(ProgressLine::Extra extra) { progress_extra_ = std::move(extra); }

  // Runs the search, prints the summary unless --quiet, appends the run
  // record if --json was given, and returns the result for the command to
  // print. `app_details(result)` gives the record's "app_details" object.
  // An interrupted run sets the exit status 130 (a command may change it).
  template <core::SearchSpace S, class MakeSpace, class AppDetails = NoAppDetails>
  core::SearchResult<S> search(std::string instance, MakeSpace&& make_space,
                               AppDetails&& app_details = {}) {
    prepare();
    std::cout.flush();  // what the command printed so far is out before a long search
    core::SearchResult<S> result;
    {
      InterruptHandler interrupts(config_.interrupt, speaks_);
      result = core::run_search<S>(config_, make_space);
    }
    if (result.reporting) {
      core::RunIdentity identity{app_, std::move(instance), app_details(result)};
      report(identity, result);
    }
    if (result.interrupted) set_exit_status(kExitInterrupted);
    return result;
  }

  // Runs a loop program the same way: summary, record, Ctrl-C.
  template <core::LoopKernel K, class MakeKernel, class AppDetails = NoAppDetails>
  core::LoopResult<typename K::Output> loop(std::string instance, const core::LoopConfig& loop,
                                            MakeKernel&& make_kernel,
                                            AppDetails&& app_details = {}) {
    if (!config_.interrupt) config_.interrupt = std::make_shared<core::StopSignal>();
    std::cout.flush();
    core::LoopResult<typename K::Output> result;
    {
      InterruptHandler interrupts(config_.interrupt, speaks_);
      result = core::run_loop<K>(config_, loop, make_kernel);
    }
    if (result.reporting) {
      core::RunIdentity identity{app_, std::move(instance), app_details(result)};
      const core::LoopRunStatistics statistics{
          &result.per_worker, result.total,         result.iterations,         loop.steps,
          result.seconds,     result.time_kind,     result.sequential_seconds, result.sim_events,
          result.interrupted, &result.scheme_report};
      if (!quiet_) print_loop_summary(std::cout, identity, config_, statistics);
      if (record_)
        record_->append(core::make_loop_record(
            identity, config_, core::LoadModel(loop.load, config_.workers), statistics));
    }
    if (result.interrupted) set_exit_status(kExitInterrupted);
    return result;
  }

 private:
  void prepare();
  void report(const core::RunIdentity& identity, const core::RunStatistics& result);

  std::string app_;
  core::RunConfig config_;
  bool speaks_ = true;
  int rank_ = 0;
  int ranks_ = 1;
  bool quiet_ = false;
  bool common_summary_ = true;
  std::optional<std::uint64_t> baseline_nodes_;  // --baseline-nodes, for the search overhead
  std::optional<core::RunRecordFile> record_;
  ProgressLine::Extra progress_extra_;
};

}  // namespace stacksplit::cli
