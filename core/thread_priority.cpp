#include "core/thread_priority.hpp"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>

namespace stacksplit::core {

namespace {

// The calling thread's id: setpriority(PRIO_PROCESS, tid) sets one thread on Linux.
id_t this_thread_id() { return static_cast<id_t>(syscall(SYS_gettid)); }

}  // namespace

YieldingThread::YieldingThread(bool yield) {
  if (!yield) return;
  errno = 0;
  const int current = getpriority(PRIO_PROCESS, this_thread_id());
  if (current == -1 && errno != 0) return;
  if (current >= kNice) return;
  previous_ = current;
  lowered_ = setpriority(PRIO_PROCESS, this_thread_id(), kNice) == 0;
}

YieldingThread::~YieldingThread() {
  // Lowering a nice value back needs privilege (CAP_SYS_NICE) or a soft
  // RLIMIT_NICE that allows it: without either the thread stays nice, and
  // the process is about to end anyway.
  if (lowered_) setpriority(PRIO_PROCESS, this_thread_id(), previous_);
}

}  // namespace stacksplit::core
