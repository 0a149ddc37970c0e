#pragma once
// A request to end a run early: Ctrl-C, a deadline, or a solution found
// elsewhere while an application is deep in a long computation. It can be
// raised from any thread or a signal handler (a lock-free atomic); every
// runtime looks at it between quanta, and an application may look at it
// inside a long node (a CDCL call at a cube) through the run configuration.

#include <atomic>

namespace stacksplit::core {

class StopSignal {
 public:
  void raise() noexcept { raised_.store(true, std::memory_order_relaxed); }
  bool raised() const noexcept { return raised_.load(std::memory_order_relaxed); }

 private:
  std::atomic<bool> raised_{false};
  static_assert(std::atomic<bool>::is_always_lock_free, "raised from signal handlers");
};

}  // namespace stacksplit::core
