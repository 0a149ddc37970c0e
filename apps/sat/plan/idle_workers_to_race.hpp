#pragma once
// Tells --solver auto's race how many of this process's workers have no
// work, from the workers' idle and busy events: a core the search leaves
// idle is the race's (cdcl_race.hpp).

#include <memory>
#include <vector>

#include "apps/sat/cdcl/cdcl_race.hpp"
#include "core/observer.hpp"

namespace stacksplit::apps::sat {

class IdleWorkersToRace final : public core::WorkerObserver {
 public:
  explicit IdleWorkersToRace(std::shared_ptr<CdclRace> race) : race_(std::move(race)) {}

  void set_up(int workers) override {
    idle_ = std::vector<char>(static_cast<std::size_t>(workers), 0);
  }

  // One rank's events come from one thread: its slot is its own.
  void on_event(int rank, const core::WorkerEvent& event, const core::WorkerStatistics&) override {
    if (rank < 0 || static_cast<std::size_t>(rank) >= idle_.size()) return;
    char& idle = idle_[static_cast<std::size_t>(rank)];
    switch (event.kind) {
      case core::WorkerEventKind::kIdle:
        if (idle == 0) {
          idle = 1;
          race_->add_idle_workers(1);
        }
        break;
      case core::WorkerEventKind::kBusy:
      case core::WorkerEventKind::kStopped:
      case core::WorkerEventKind::kTerminated:
        // A stopped or finished worker: the search is over, or ending.
        if (idle != 0) {
          idle = 0;
          race_->add_idle_workers(-1);
        }
        break;
      default:
        break;
    }
  }

 private:
  std::shared_ptr<CdclRace> race_;
  std::vector<char> idle_;
};

}  // namespace stacksplit::apps::sat
