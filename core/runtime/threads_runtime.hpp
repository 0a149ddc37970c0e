#pragma once
// The threads runtime: one OS thread per worker on one machine. Each worker's
// mailbox is a oneTBB concurrent queue; nothing else is shared between
// workers but, in optimize mode, the incumbent. An idle worker blocks on its
// mailbox, so idle threads cost no CPU.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/detail/agent.hpp"
#include "core/detail/mailbox.hpp"
#include "core/detail/outbox.hpp"
#include "core/search_space.hpp"
#include "core/stop_signal.hpp"

namespace stacksplit::core {

template <Agent A>
class ThreadsRuntime final : public Outbox<typename A::Message> {
 public:
  using Message = typename A::Message;

  // Makes `workers` agents, make_agent(rank, outbox), and runs them until all
  // have terminated; raising `interrupt` interrupts every one.
  template <class MakeAgent>
  RunClock run(int workers, MakeAgent&& make_agent, const StopSignal* interrupt = nullptr) {
    mailboxes_ = std::vector<Box>(workers);
    agents_.clear();
    for (int rank = 0; rank < workers; ++rank) agents_.push_back(make_agent(rank, *this));

    start_ = Clock::now();
    std::exception_ptr failure;
    std::mutex mutex;  // guards failure and running
    std::condition_variable all_done;
    int running = workers;
    std::vector<double> finished_at(workers, 0);
    std::vector<std::thread> threads;
    for (int rank = 0; rank < workers; ++rank) {
      threads.emplace_back([&, rank] {
        try {
          drive_from_mailbox(*agents_[rank], mailboxes_[rank], interrupt, aborted_);
        } catch (...) {
          std::lock_guard lock(mutex);
          if (!failure) failure = std::current_exception();
          aborted_.store(true);
          wake_all();
        }
        finished_at[rank] = now();
        std::lock_guard lock(mutex);
        if (--running == 0) all_done.notify_one();
      });
    }
    // The calling thread wakes blocked workers once the signal is raised.
    {
      std::unique_lock lock(mutex);
      bool woken = false;
      while (running > 0) {
        all_done.wait_for(lock, std::chrono::milliseconds(20));
        if (interrupt != nullptr && interrupt->raised() && !woken) {
          wake_all();
          woken = true;
        }
      }
    }
    for (auto& thread : threads) thread.join();
    if (failure) std::rethrow_exception(failure);
    RunClock clock;
    for (const double time : finished_at) clock.seconds = std::max(clock.seconds, time);
    clock.interrupted = interrupt != nullptr && interrupt->raised();
    return clock;
  }

  std::vector<std::unique_ptr<A>>& agents() { return agents_; }

  void send(int to, Message&& message) override { mailboxes_[to].post(std::move(message)); }

  double now() const override {
    return std::chrono::duration<double>(Clock::now() - start_).count();
  }

  std::atomic<std::int64_t>* shared_incumbent() override { return &incumbent_; }
  SharedCounters* shared_counters() override { return &counters_; }
  bool mail_waiting(int rank) override { return mailboxes_[rank].urgent_waiting(); }

 private:
  using Clock = std::chrono::steady_clock;

  using Box = Mailbox<Message>;

  void wake_all() {
    for (Box& mailbox : mailboxes_) mailbox.wake();
  }

  // Shared memory: the counters are plain atomics, each on its own cache line.
  class AtomicCounters final : public SharedCounters {
   public:
    std::uint64_t load(int index) override { return slots_[index].value.load(); }
    void store(int index, std::uint64_t value) override { slots_[index].value.store(value); }
    std::uint64_t fetch_add(int index, std::uint64_t value) override {
      return slots_[index].value.fetch_add(value);
    }
    bool compare_exchange(int index, std::uint64_t& expected, std::uint64_t desired) override {
      return slots_[index].value.compare_exchange_strong(expected, desired);
    }

   private:
    struct alignas(128) Slot {
      std::atomic<std::uint64_t> value{0};
    };
    Slot slots_[kCount];
  };

  std::vector<Box> mailboxes_;
  AtomicCounters counters_;
  std::vector<std::unique_ptr<A>> agents_;
  Clock::time_point start_ = Clock::now();
  std::atomic<bool> aborted_{false};
  alignas(128) std::atomic<std::int64_t> incumbent_{kNoObjective};
};

}  // namespace stacksplit::core
