// YieldingThread: the calling thread, and the threads it starts meanwhile,
// run at the lowest priority; other threads keep theirs.

#include "core/thread_priority.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <thread>

namespace stacksplit::core {
namespace {

int this_thread_nice() {
  errno = 0;
  return getpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)));
}

// Each case in a thread of its own: a thread that could not lower its
// priority back (no privilege) is not the test runner's.
TEST(YieldingThread, LowersThisThreadAndTheThreadsItStarts) {
  std::thread([] {
    const int before = this_thread_nice();
    if (before >= YieldingThread::kNice) GTEST_SKIP() << "already at the lowest priority";
    int inside = before, started = before, beside = before;
    std::thread other;
    {
      const YieldingThread yielding(true);
      ASSERT_TRUE(yielding.yields());
      inside = this_thread_nice();
      std::thread([&] { started = this_thread_nice(); }).join();
      other = std::thread([&] { beside = this_thread_nice(); });
      other.join();
    }
    EXPECT_EQ(inside, YieldingThread::kNice);
    EXPECT_EQ(started, YieldingThread::kNice) << "a thread inherits its creator's nice value";
    EXPECT_EQ(beside, YieldingThread::kNice);
    if (geteuid() == 0) {
      EXPECT_EQ(this_thread_nice(), before) << "root may lower it back";
    }
  }).join();
}

TEST(YieldingThread, LeavesOtherThreadsAndAskedNotToLeavesThisOne) {
  const int main_before = this_thread_nice();
  std::thread([] {
    const int before = this_thread_nice();
    const YieldingThread untouched(false);
    EXPECT_FALSE(untouched.yields());
    EXPECT_EQ(this_thread_nice(), before);
    const YieldingThread yielding(true);
    EXPECT_EQ(this_thread_nice(), YieldingThread::kNice);
  }).join();
  EXPECT_EQ(this_thread_nice(), main_before) << "only the calling thread's priority changes";
}

}  // namespace
}  // namespace stacksplit::core
