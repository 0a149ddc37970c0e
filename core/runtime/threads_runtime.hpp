#pragma once
// The threads runtime: one OS thread per worker on one machine. Each worker's
// mailbox is a oneTBB concurrent queue; nothing else is shared between
// workers. An idle worker blocks on its mailbox, so idle threads cost no CPU.

#include <tbb/concurrent_queue.h>

#include <atomic>
#include <chrono>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/progress_meter.hpp"
#include "core/run_result.hpp"
#include "core/worker_pool.hpp"

namespace stacksplit::core {

template <SearchSpace S>
class ThreadsRuntime final : public Outbox<typename S::Choice> {
 public:
  using Choice = typename S::Choice;
  using Msg = Message<Choice>;
  using Result = RunResult<typename Worker<S>::Solution>;

  template <class MakeSpace>
  Result run(const RunSetup& setup, MakeSpace&& make_space) {
    const int workers = setup.workers;
    auto topology = make_topology(setup.topology, workers);
    mailboxes_ = std::vector<Mailbox>(workers);
    WorkerPool<S> pool = make_worker_pool<S>(setup, *topology, *this, make_space);

    start_ = Clock::now();
    std::exception_ptr failure;
    std::mutex failure_mutex;
    std::vector<std::thread> threads;
    for (int rank = 0; rank < workers; ++rank) {
      threads.emplace_back([&, rank] {
        try {
          drive(*pool[rank], mailboxes_[rank]);
        } catch (...) {
          std::lock_guard lock(failure_mutex);
          if (!failure) failure = std::current_exception();
          abort_all();
        }
        mailboxes_[rank].done.store(true, std::memory_order_release);
      });
    }
    watch_progress(setup.show_progress);
    for (auto& thread : threads) thread.join();
    if (failure) std::rethrow_exception(failure);

    Result result;
    result.seconds = now();
    for (auto& worker : pool) {
      result.add_worker(worker->statistics());
      if (!result.solution && worker->solution()) result.solution = worker->solution();
    }
    return result;
  }

  void send(int to, Msg&& message) override { mailboxes_[to].queue.push(std::move(message)); }

  double now() const override {
    return std::chrono::duration<double>(Clock::now() - start_).count();
  }

 private:
  using Clock = std::chrono::steady_clock;

  // Each mailbox on its own cache lines: the owner pops while others push.
  // `nodes` is the owner's count, published once per quantum for the
  // progress line; nothing else reads it.
  struct alignas(128) Mailbox {
    tbb::concurrent_bounded_queue<Msg> queue;
    std::atomic<std::uint64_t> nodes{0};
    std::atomic<bool> done{false};
  };

  // The calling thread waits here until every worker is done, drawing the
  // progress line meanwhile.
  void watch_progress(bool show) {
    if (!show) return;
    ProgressMeter meter(true);
    for (;;) {
      std::uint64_t nodes = 0;
      bool all_done = true;
      for (const Mailbox& mailbox : mailboxes_) {
        nodes += mailbox.nodes.load(std::memory_order_relaxed);
        all_done = all_done && mailbox.done.load(std::memory_order_acquire);
      }
      if (all_done) return;
      meter.update(nodes);
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }

  void drive(Worker<S>& worker, Mailbox& box) {
    tbb::concurrent_bounded_queue<Msg>& mailbox = box.queue;
    worker.start();
    Msg message;
    while (!worker.terminated() && !aborted_.load(std::memory_order_relaxed)) {
      while (mailbox.try_pop(message)) {
        worker.handle(std::move(message));
        if (worker.terminated()) return;
      }
      if (worker.has_work()) {
        worker.work();
        box.nodes.store(worker.statistics().nodes, std::memory_order_relaxed);
      } else {
        mailbox.pop(message);  // blocks until someone writes
        worker.handle(std::move(message));
      }
    }
  }

  // A failing worker wakes the others with a terminate so nobody blocks forever.
  void abort_all() {
    aborted_.store(true);
    for (std::size_t rank = 0; rank < mailboxes_.size(); ++rank) {
      Msg wake;
      wake.tag = MessageTag::kTerminate;
      wake.from = -1;
      mailboxes_[rank].queue.push(std::move(wake));
    }
  }

  std::vector<Mailbox> mailboxes_;
  Clock::time_point start_ = Clock::now();
  std::atomic<bool> aborted_{false};
};

}  // namespace stacksplit::core
