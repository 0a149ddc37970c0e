#pragma once
// A wall-clock budget shared by every worker's solver. Once it runs out, the
// solvers stop branching (every node entered becomes a leaf), so the search
// drains in a few steps and the front end reports UNKNOWN. The engine has no
// deadline of its own; this keeps the cut inside the application.

#include <atomic>
#include <chrono>

namespace stacksplit::apps::sat {

class TimeLimit {
 public:
  using Clock = std::chrono::steady_clock;

  // Beyond kNever seconds (about 30 years) there is no deadline: adding such a
  // span to the clock would overflow it.
  static constexpr double kNever = 1e9;

  explicit TimeLimit(double seconds)
      : deadline_(seconds >= kNever ? Clock::time_point::max()
                                    : Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                         std::chrono::duration<double>(seconds))) {}

  // Looks at the clock; the first caller past the deadline raises the flag.
  bool expired() {
    if (expired_.load(std::memory_order_relaxed)) return true;
    if (Clock::now() < deadline_) return false;
    expired_.store(true, std::memory_order_relaxed);
    return true;
  }

  // Whether some search was cut, without looking at the clock.
  bool cut() const { return expired_.load(std::memory_order_relaxed); }

 private:
  Clock::time_point deadline_;
  std::atomic<bool> expired_{false};
};

}  // namespace stacksplit::apps::sat
