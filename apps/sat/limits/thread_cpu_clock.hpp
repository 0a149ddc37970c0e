#pragma once
// The calling thread's CPU time as a std::chrono clock. auto's probes are
// timed by it: with one worker the race runs its turns while the probing
// thread waits (cdcl_race.hpp), and those turns are not the probes' time,
// nor is the time another program on the host takes from them.

#include <time.h>

#include <chrono>
#include <cstdint>

namespace stacksplit::apps::sat {

struct ThreadCpuClock {
  using duration = std::chrono::nanoseconds;
  using rep = duration::rep;
  using period = duration::period;
  using time_point = std::chrono::time_point<ThreadCpuClock>;
  static constexpr bool is_steady = true;  // per thread: never goes back
  static time_point now() noexcept {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return time_point(
        duration(static_cast<std::int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec));
  }
};

}  // namespace stacksplit::apps::sat
