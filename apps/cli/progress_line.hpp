#pragma once
// A one-line status of a long run on stderr, redrawn a few times a second
// from its own thread: nodes, rate, the share of idle workers, the time (the
// virtual time on the sim runtime) and whatever the command adds (SAT: how
// much of the tree is closed). An observer, so it works alike on every
// runtime; the command attaches it only when stderr is a terminal and
// --quiet was not given. Under mpirun it shows rank 0's own worker.

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/observer.hpp"
#include "core/worker_statistics.hpp"

namespace stacksplit::cli {

class ProgressLine final : public core::WorkerObserver {
 public:
  // `extra(total)` gives the command's own fields from the workers' summed
  // statistics (application counters, deepest node).
  using Extra = std::function<std::string(const core::WorkerStatistics& total)>;

  ProgressLine(bool virtual_time, Extra extra);
  ~ProgressLine() override;

  void set_up(int workers) override;
  void on_event(int rank, const core::WorkerEvent& event,
                const core::WorkerStatistics& so_far) override;
  void tear_down() override;

 private:
  // What one worker last reported; written by its thread, read by the drawer.
  struct alignas(64) Slot {
    std::atomic<std::uint64_t> nodes{0};
    std::atomic<std::uint32_t> max_depth{0};
    std::atomic<bool> idle{true};
    std::atomic<double> time{0};
    std::array<std::atomic<std::uint64_t>, core::kMaxAppCounters> app_counters{};
  };

  void draw_until_stopped();
  void draw(double seconds, double interval, std::uint64_t& last_nodes);

  bool virtual_time_;
  Extra extra_;
  std::unique_ptr<Slot[]> slots_;
  int workers_ = 0;
  std::thread drawer_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  bool drawn_ = false;
};

}  // namespace stacksplit::cli
