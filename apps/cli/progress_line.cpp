#include "apps/cli/progress_line.hpp"

#include <chrono>
#include <cstdio>

namespace stacksplit::cli {

namespace {

constexpr auto kInterval = std::chrono::milliseconds(250);
constexpr auto kQuietStart = std::chrono::seconds(1);  // short runs show no line

}  // namespace

ProgressLine::ProgressLine(bool virtual_time, Extra extra)
    : virtual_time_(virtual_time), extra_(std::move(extra)) {}

ProgressLine::~ProgressLine() { tear_down(); }

void ProgressLine::set_up(int workers) {
  workers_ = workers;
  slots_ = std::make_unique<Slot[]>(static_cast<std::size_t>(workers));
  stop_ = false;
  drawer_ = std::thread([this] { draw_until_stopped(); });
}

void ProgressLine::on_event(int rank, const core::WorkerEvent& event,
                            const core::WorkerStatistics& so_far) {
  if (rank < 0 || rank >= workers_) return;  // another rank's under mpirun
  Slot& slot = slots_[rank];
  slot.nodes.store(so_far.nodes, std::memory_order_relaxed);
  slot.max_depth.store(so_far.max_depth, std::memory_order_relaxed);
  slot.time.store(event.time, std::memory_order_relaxed);
  if (event.kind == core::WorkerEventKind::kIdle) slot.idle.store(true, std::memory_order_relaxed);
  if (event.kind == core::WorkerEventKind::kBusy || event.kind == core::WorkerEventKind::kQuantum)
    slot.idle.store(false, std::memory_order_relaxed);
  if (event.kind == core::WorkerEventKind::kQuantum)
    for (std::size_t i = 0; i < core::kMaxAppCounters; ++i)
      slot.app_counters[i].store(so_far.app_counters[i], std::memory_order_relaxed);
}

void ProgressLine::tear_down() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  if (drawer_.joinable()) drawer_.join();
  if (drawn_) {
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
    drawn_ = false;
  }
}

void ProgressLine::draw_until_stopped() {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  Clock::time_point last = start;
  std::uint64_t last_nodes = 0;
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, kInterval, [this] { return stop_; })) {
    const Clock::time_point now = Clock::now();
    if (now - start < kQuietStart) continue;
    draw(std::chrono::duration<double>(now - start).count(),
         std::chrono::duration<double>(now - last).count(), last_nodes);
    last = now;
  }
}

void ProgressLine::draw(double seconds, double interval, std::uint64_t& last_nodes) {
  core::WorkerStatistics total;
  int idle = 0;
  double latest = 0;
  for (int rank = 0; rank < workers_; ++rank) {
    const Slot& slot = slots_[rank];
    total.nodes += slot.nodes.load(std::memory_order_relaxed);
    total.max_depth = std::max(total.max_depth, slot.max_depth.load(std::memory_order_relaxed));
    idle += slot.idle.load(std::memory_order_relaxed) ? 1 : 0;
    latest = std::max(latest, slot.time.load(std::memory_order_relaxed));
    for (std::size_t i = 0; i < core::kMaxAppCounters; ++i)
      total.app_counters[i] += slot.app_counters[i].load(std::memory_order_relaxed);
  }
  const double rate = interval > 0 ? static_cast<double>(total.nodes - last_nodes) / interval : 0;
  last_nodes = total.nodes;
  std::string line;
  char text[160];
  std::snprintf(text, sizeof text, "stacksplit: %.3g M nodes, %.3g M nodes/s, idle %.0f %%",
                total.nodes / 1e6, rate / 1e6, 100.0 * idle / std::max(workers_, 1));
  line = text;
  if (virtual_time_) {
    std::snprintf(text, sizeof text, ", virtual %.4g s", latest);
    line += text;
  }
  std::snprintf(text, sizeof text, ", %.0f s", seconds);
  line += text;
  if (extra_) line += ", " + extra_(total);
  std::fprintf(stderr, "\r\033[K%s", line.c_str());
  std::fflush(stderr);
  drawn_ = true;
}

}  // namespace stacksplit::cli
