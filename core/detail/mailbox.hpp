#pragma once
// A worker's mailbox in one shared memory, and the loop that drives a worker
// from it on a thread of its own: the threads runtime's workers, and the
// threads of an MPI rank beyond its first (core/mpi/mpi_runtime.hpp).

#include <tbb/concurrent_queue.h>

#include <atomic>
#include <memory>
#include <utility>

#include "core/detail/agent.hpp"
#include "core/stop_signal.hpp"

namespace stacksplit::core {

// oneTBB's own allocator hands a mailbox page freed by one thread to another
// without passing through malloc, where ThreadSanitizer would see the hand-over;
// under TSan the pages come from std::allocator, so that TSan checks the
// project's code rather than report libtbbmalloc's reuse as races
// (tests/sanitizers/tsan.supp tells how that was settled).
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) && !defined(__SANITIZE_THREAD__)
#define __SANITIZE_THREAD__ 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
template <class T>
using MailboxAllocator = std::allocator<T>;
#else
template <class T>
using MailboxAllocator = tbb::cache_aligned_allocator<T>;
#endif

// A wake-up carries no message: it only unblocks an idle worker so that it
// looks at the stop signal (or at the run's failure).
template <class Message>
struct Envelope {
  Message message;
  bool wake_only = false;
  bool urgent = false;  // urgent_message(message) (core/detail/agent.hpp)
};

// Each mailbox on its own cache lines: the owner pops while others push.
// It counts the urgent messages in it, so that its owner, in the middle of
// a long node, can ask whether one waits without popping anything.
template <class Message>
struct alignas(128) Mailbox {
  tbb::concurrent_bounded_queue<Envelope<Message>, MailboxAllocator<Envelope<Message>>> queue;
  std::atomic<int> urgent_count{0};

  void post(Message&& message) {
    const bool urgent = urgent_message(message);
    // Counted before it is queued, so the count never drops below zero.
    if (urgent) urgent_count.fetch_add(1, std::memory_order_relaxed);
    queue.push(Envelope<Message>{std::move(message), false, urgent});
  }
  void wake() { queue.push(Envelope<Message>{Message{}, true, false}); }

  bool try_pop(Envelope<Message>& envelope) {
    if (!queue.try_pop(envelope)) return false;
    uncount(envelope);
    return true;
  }
  void pop(Envelope<Message>& envelope) {  // blocks until someone writes
    queue.pop(envelope);
    uncount(envelope);
  }
  bool urgent_waiting() const { return urgent_count.load(std::memory_order_relaxed) > 0; }

 private:
  void uncount(const Envelope<Message>& envelope) {
    if (envelope.urgent) urgent_count.fetch_sub(1, std::memory_order_relaxed);
  }
};

// Runs `agent` until it terminates or `aborted` is raised: the mail first,
// then a quantum of work; an idle worker blocks on its mailbox, so idle
// threads cost no CPU (a wake-up unblocks it).
template <Agent A>
void drive_from_mailbox(A& agent, Mailbox<typename A::Message>& box, const StopSignal* interrupt,
                        const std::atomic<bool>& aborted) {
  agent.start();
  bool interrupted = false;
  Envelope<typename A::Message> envelope;
  while (!agent.terminated() && !aborted.load(std::memory_order_relaxed)) {
    if (!interrupted && interrupt != nullptr && interrupt->raised()) {
      agent.interrupt();
      interrupted = true;
    }
    while (box.try_pop(envelope)) {
      if (!envelope.wake_only) agent.handle(std::move(envelope.message));
      if (agent.terminated()) return;
    }
    if (agent.has_work()) {
      agent.work();
    } else {
      box.pop(envelope);  // blocks until someone writes
      if (!envelope.wake_only) agent.handle(std::move(envelope.message));
    }
  }
}

}  // namespace stacksplit::core
