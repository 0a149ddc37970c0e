#pragma once
// A one-line progress display on stderr for long runs: nodes so far and the
// current rate, redrawn in place about twice a second. Only used when stderr
// is a terminal; it never writes to stdout, which scripts parse.

#include <chrono>
#include <cstdint>
#include <cstdio>

namespace stacksplit::core {

class ProgressMeter {
 public:
  using Clock = std::chrono::steady_clock;

  explicit ProgressMeter(bool enabled) : enabled_(enabled), start_(Clock::now()), last_(start_) {}
  ~ProgressMeter() { finish(); }

  // Called often; draws at most every `kInterval`, and only after the first second.
  void update(std::uint64_t nodes) {
    if (!enabled_) return;
    const auto now = Clock::now();
    if (now - last_ < kInterval || now - start_ < std::chrono::seconds(1)) return;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    const double interval = std::chrono::duration<double>(now - last_).count();
    const double rate = (nodes - last_nodes_) / interval;
    std::fprintf(stderr, "\r\033[Kstacksplit: %.1f M nodes, %.2f M nodes/s, %.0f s", nodes / 1e6,
                 rate / 1e6, seconds);
    std::fflush(stderr);
    drawn_ = true;
    last_ = now;
    last_nodes_ = nodes;
  }

  void finish() {
    if (drawn_) std::fprintf(stderr, "\r\033[K");
    drawn_ = false;
  }

 private:
  static constexpr auto kInterval = std::chrono::milliseconds(500);
  bool enabled_;
  bool drawn_ = false;
  Clock::time_point start_, last_;
  std::uint64_t last_nodes_ = 0;
};

}  // namespace stacksplit::core
