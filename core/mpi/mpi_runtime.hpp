#pragma once
// The MPI runtime: R ranks started by `mpirun`, each running T workers on
// threads of its own (R x T workers; T = 1 is one agent per rank). Worker ids
// are global, rank * T + thread, and the workers of a rank are a node of the
// Placement (core/topology/placement.hpp): the schemes and termination see
// R nodes of T cores, as on the simulator's clusters.
//
// Transport: a message to a worker of the same rank goes through memory, to
// its mailbox (core/detail/mailbox.hpp), as on the threads runtime; a
// message to another rank is encoded with Boost.Serialization
// (core/mpi/wire_format.hpp) and sent with MPI_Isend, its tag naming the
// destination's thread. Only the rank's first thread calls MPI
// (MPI_THREAD_FUNNELED, which every MPI gives): it runs worker rank * T
// and is the rank's post office besides. It receives every message and hands
// it to its own worker or to the mailbox of the thread it is for, and it
// sends what the other threads queued for other ranks. The other threads run
// their workers as the threads runtime does and block on their mailboxes
// when idle. With T = 1 there is no other thread and no queue: one agent and
// MPI, as before.
//
// Polling: a busy first thread probes (MPI_Iprobe) every k quanta; k drops to
// 1 when a message arrives and doubles after a probe that finds nothing, up
// to about kQuietPollPeriod of work (measured, so cheap and costly nodes
// alike): cheap when nobody asks, responsive when somebody does. It looks at
// its own mailbox every quantum (an atomic load). An idle first thread probes
// in a loop that spins, then yields, then sleeps between probes, so
// oversubscribed ranks leave the cores to the busy ones; between probes it
// gives its worker an idle turn (Worker::idle_turn). Once its own worker has
// terminated it keeps serving the rank's other threads until they have too.
//
// Sends: each message gets its own buffer, queued per destination rank until
// MPI_Test says MPI is done with it. The worker keeps at most one work request
// per thief outstanding.
//
// Draining: Safra's detection (over the two-level tree of
// core/detail/termination.hpp) ends with kTerminate from worker 0, but
// requests, rejects, stops and scheme messages may still be in flight (Safra
// counts only work). Once every worker of the rank has terminated, each rank
// counts the messages it sent to every other; a non-blocking reduce-scatter
// of the counts tells each rank how many it must receive, and it receives
// (and drops) until it has them all and its own sends completed. A receive is
// only posted for a message a probe has found, so none is ever cancelled.
//
// Reduction: gather() brings every rank's report (statistics, time, solution)
// to rank 0, which alone reports.
//
// Failure: mpirun aborts the job when a rank dies or exits non-zero. A rank
// whose run throws once the search has started (on any of its threads: the
// others are stopped and joined first) prints the error and calls
// MPI_Abort, since unwinding would free send buffers MPI may still be reading.
// A throw before that (bad setup, the same on every rank) propagates with MPI
// left unfinalized (finalize would wait for the others forever), so the
// rank's non-zero exit ends the job.

#include "core/detail/agent.hpp"
#include "core/detail/outbox.hpp"
#include "core/mpi/launcher.hpp"
#include "core/stop_signal.hpp"
#include "core/thread_binding.hpp"

#ifdef STACKSPLIT_HAVE_MPI
#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "core/detail/mailbox.hpp"
#include "core/mpi/mpi_environment.hpp"
#include "core/mpi/wire_format.hpp"
#endif

namespace stacksplit::core {

#ifdef STACKSPLIT_HAVE_MPI

template <Agent A>
class MpiRuntime final : public Outbox<typename A::Message> {
 public:
  using Message = typename A::Message;

  // Makes this rank's agents, make_agent(worker, outbox) for its `workers` /
  // ranks workers, and runs them until the search is over everywhere, with
  // no message left in flight.
  template <class MakeAgent>
  RunClock run(int workers, MakeAgent&& make_agent, const StopSignal* interrupt = nullptr) {
    MpiEnvironment& mpi = MpiEnvironment::instance();
    comm_ = mpi.comm();
    rank_ = mpi.rank();
    size_ = mpi.size();
    try {
      check_mpi_setup(workers, size_);
      threads_ = workers / size_;
      if (kTag + 2 * threads_ >= kLargestPortableTag)
        throw std::invalid_argument("at most " + std::to_string((kLargestPortableTag - kTag) / 2) +
                                    " worker threads a rank under mpirun (" +
                                    std::to_string(threads_) + " asked)");
      if constexpr (requires { A::kUsesSharedCounters; }) {
        // The shared counters are an MPI window, and only the first thread calls MPI.
        if (threads_ > 1)
          throw std::invalid_argument("the loop family runs one worker per rank under mpirun (" +
                                      std::to_string(threads_) +
                                      " a rank asked): leave out --workers");
      }
      sends_.assign(size_, {});
      sent_to_.assign(size_, 0);
      mailboxes_ = std::vector<Box>(threads_);
      agents_.clear();
      for (int thread = 0; thread < threads_; ++thread)
        agents_.push_back(make_agent(rank_ * threads_ + thread, *this));
      if constexpr (requires { A::kUsesSharedCounters; }) counters_.open(comm_, rank_);
      MPI_Barrier(comm_);  // the clocks start together
      searching_ = true;   // from here on, messages may be in flight
      start_ = last_poll_ = Clock::now();
      first_thread_ = std::this_thread::get_id();
      {
        OtherThreads others(*this, interrupt);
        drive(*agents_[0], interrupt);
        serve_other_threads(interrupt);
      }
      if (failure_) std::rethrow_exception(failure_);
      RunClock clock;
      clock.seconds = now();
      clock.interrupted = interrupt != nullptr && interrupt->raised();
      send_queued();
      drain();
      counters_.close();
      searching_ = false;
      return clock;
    } catch (...) {
      if (searching_) abort_mpi_job(comm_, rank_, std::current_exception());
      mpi.abandon();
      throw;
    }
  }

  // This rank's agents, its first thread's first.
  std::vector<std::unique_ptr<A>>& agents() { return agents_; }
  A& agent() { return *agents_.front(); }
  int rank() const { return rank_; }
  int size() const { return size_; }

  // Every rank's `mine`, in rank order, at rank 0; empty elsewhere.
  template <class Report>
  std::vector<Report> gather(const Report& mine) {
    std::vector<char> bytes;
    encode(mine, bytes);
    int length = static_cast<int>(bytes.size());
    std::vector<int> lengths(rank_ == 0 ? size_ : 0);
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, comm_);
    std::vector<int> offsets(lengths.size());
    std::vector<char> all;
    for (std::size_t r = 0; r < lengths.size(); ++r) {
      offsets[r] = static_cast<int>(all.size());
      all.resize(all.size() + static_cast<std::size_t>(lengths[r]));
    }
    MPI_Gatherv(bytes.data(), length, MPI_BYTE, all.data(), lengths.data(), offsets.data(),
                MPI_BYTE, 0, comm_);
    std::vector<Report> reports(lengths.size());
    for (std::size_t r = 0; r < lengths.size(); ++r)
      decode(std::span<const char>(all.data() + offsets[r], static_cast<std::size_t>(lengths[r])),
             reports[r]);
    return reports;
  }

  // Rank 0's `value` on every rank.
  template <class T>
  T broadcast(T value) {
    static_assert(std::is_trivially_copyable_v<T>);
    MPI_Bcast(&value, sizeof(T), MPI_BYTE, 0, comm_);
    return value;
  }

  // From any thread of the rank: through memory to a worker of this rank;
  // to another rank's at once from the first thread, through the first
  // thread's queue from the others.
  void send(int to, Message&& message) override {
    const int rank = to / threads_;
    if (rank == rank_) {
      mailboxes_[to - rank * threads_].post(std::move(message));
    } else if (threads_ > 1 && std::this_thread::get_id() != first_thread_) {
      outgoing_.push(Outgoing{to, std::move(message)});
    } else {
      send_now(to, message);
    }
  }

  double now() const override {
    return std::chrono::duration<double>(Clock::now() - start_).count();
  }

  SharedCounters* shared_counters() override { return counters_.open_ ? &counters_ : nullptr; }
  // The worker's mailbox, and on the first thread one probe for an urgent
  // message's tag: it also moves MPI's progress on, so a stop is seen.
  // Another thread's mail from other ranks shows once the first thread has
  // passed it on.
  bool mail_waiting(int worker) override {
    const int thread = worker % threads_;
    if (mailboxes_[thread].urgent_waiting()) return true;
    if (thread != 0) return false;
    int arrived = 0;
    MPI_Iprobe(MPI_ANY_SOURCE, kTag + threads_, comm_, &arrived, MPI_STATUS_IGNORE);
    return arrived != 0;
  }

 private:
  using Clock = std::chrono::steady_clock;
  using Box = Mailbox<Message>;

  // The shared counters in an MPI window on rank 0, updated one-sided
  // (MPI_Fetch_and_op, MPI_Compare_and_swap): no rank serves them.
  class WindowCounters final : public SharedCounters {
   public:
    void open(MPI_Comm comm, int rank) {
      MPI_Win_allocate(rank == 0 ? static_cast<MPI_Aint>(kCount * sizeof(std::uint64_t)) : 0,
                       sizeof(std::uint64_t), MPI_INFO_NULL, comm, &base_, &window_);
      if (rank == 0) std::fill(base_, base_ + kCount, std::uint64_t{0});
      MPI_Barrier(comm);
      MPI_Win_lock_all(0, window_);
      open_ = true;
    }
    void close() {
      if (!open_) return;
      MPI_Win_unlock_all(window_);
      MPI_Win_free(&window_);
      open_ = false;
    }
    std::uint64_t load(int index) override { return operate(index, 0, MPI_NO_OP); }
    void store(int index, std::uint64_t value) override { operate(index, value, MPI_REPLACE); }
    std::uint64_t fetch_add(int index, std::uint64_t value) override {
      return operate(index, value, MPI_SUM);
    }
    bool compare_exchange(int index, std::uint64_t& expected, std::uint64_t desired) override {
      std::uint64_t found = 0;
      MPI_Compare_and_swap(&desired, &expected, &found, MPI_UINT64_T, 0, index, window_);
      MPI_Win_flush(0, window_);
      const bool swapped = found == expected;
      expected = found;
      return swapped;
    }
    bool open_ = false;

   private:
    std::uint64_t operate(int index, std::uint64_t value, MPI_Op op) {
      std::uint64_t result = 0;
      MPI_Fetch_and_op(&value, &result, MPI_UINT64_T, 0, index, op, window_);
      MPI_Win_flush(0, window_);
      return result;
    }
    std::uint64_t* base_ = nullptr;
    MPI_Win window_ = MPI_WIN_NULL;
  };

  // The rank's threads beyond the first, each driving its worker from its
  // mailbox; joined when this goes out of scope, also when the first thread
  // throws (then they are told to stop first).
  class OtherThreads {
   public:
    OtherThreads(MpiRuntime& runtime, const StopSignal* interrupt) : runtime_(runtime) {
      runtime.running_.store(runtime.threads_ - 1);
      for (int thread = 1; thread < runtime.threads_; ++thread)
        threads_.emplace_back([&runtime, interrupt, thread] {
          // mpirun binds a rank of two ranks or fewer to one core unless told
          // otherwise: these threads would share the first one's core.
          unbind_thread_from_launcher_default();
          try {
            drive_from_mailbox(*runtime.agents_[thread], runtime.mailboxes_[thread], interrupt,
                               runtime.aborted_);
          } catch (...) {
            std::lock_guard lock(runtime.failure_mutex_);
            if (!runtime.failure_) runtime.failure_ = std::current_exception();
            runtime.aborted_.store(true);
          }
          runtime.running_.fetch_sub(1);
        });
    }
    OtherThreads(const OtherThreads&) = delete;
    OtherThreads& operator=(const OtherThreads&) = delete;
    ~OtherThreads() {
      if (std::uncaught_exceptions() > 0) runtime_.aborted_.store(true);
      if (runtime_.aborted_.load()) runtime_.wake_other_threads();
      for (std::thread& thread : threads_) thread.join();
    }

   private:
    MpiRuntime& runtime_;
    std::vector<std::thread> threads_;
  };

  // What another thread sends to another rank, waiting for the first thread.
  struct Outgoing {
    int to = 0;
    Message message;
  };

  // Polling and idling, tuned on a 2-core machine (experiments/mpi_benchmark).
  // A probe costs about 0.3 us; a quiet rank probes every ~100 us of work.
  static constexpr double kQuietPollPeriod = 100e-6;  // seconds of work between quiet probes
  static constexpr int kMaxPollInterval = 4096;       // quanta, whatever the nodes cost
  static constexpr int kIdleSpins = 64;               // empty probes before yielding the core
  static constexpr int kIdleYields = 1024;            // empty probes before sleeping
  static constexpr std::chrono::microseconds kIdleSleep{50};
  static constexpr std::size_t kSpareBuffers = 64;
  // A message's tag: kTag + the destination's thread in its rank, + T more
  // when it is urgent, so that a probe finds an urgent one without
  // receiving the rest. Receives take any tag, and MPI keeps one sender's
  // messages in order for a receive that matches them all, so the two tags
  // reorder nothing.
  static constexpr int kTag = 1;
  static constexpr int kLargestPortableTag = 32767;  // every MPI allows it; the hurry tag

  struct PendingSend {
    MPI_Request request;
    std::vector<char> bytes;
  };

  // The first thread's own worker.
  void drive(A& agent, const StopSignal* interrupt) {
    agent.start();
    bool interrupted = false;
    while (!agent.terminated() && !aborted_.load(std::memory_order_relaxed)) {
      if (!interrupted && interrupt != nullptr && interrupt->raised()) {
        agent.interrupt();
        wake_other_threads();
        interrupted = true;
      }
      if (take_local_mail(agent) > 0 && agent.terminated()) break;
      if (agent.has_work()) {
        agent.work();
        if (--quanta_to_poll_ <= 0) poll();
      } else {
        wait_for_message(agent, interrupt, interrupted);
      }
    }
  }

  // Hands the mail from the rank's other threads to the first thread's worker.
  int take_local_mail(A& agent) {
    int count = 0;
    Envelope<Message> envelope;
    while (mailboxes_[0].try_pop(envelope)) {
      ++count;
      if (!envelope.wake_only && !agent.terminated()) agent.handle(std::move(envelope.message));
    }
    return count;
  }

  void poll() {
    const bool heard = receive(true) > 0;
    send_queued();
    complete_sends();
    const Clock::time_point polled = Clock::now();
    if (heard) {
      poll_interval_ = 1;
    } else {
      const double quantum_seconds =
          std::chrono::duration<double>(polled - last_poll_).count() / poll_interval_;
      const int quiet_interval =
          quantum_seconds * kMaxPollInterval > kQuietPollPeriod
              ? std::max(1, static_cast<int>(kQuietPollPeriod / quantum_seconds))
              : kMaxPollInterval;
      poll_interval_ = std::min(2 * poll_interval_, quiet_interval);
    }
    last_poll_ = polled;
    quanta_to_poll_ = poll_interval_;
  }

  // Waits for a message; returns early once the stop signal is raised, so
  // that the caller interrupts the agent.
  void wait_for_message(A& agent, const StopSignal* interrupt, bool interrupted) {
    for (int attempt = 0; receive(true) + take_local_mail(agent) == 0;
         attempt = std::min(attempt + 1, kIdleYields)) {
      if constexpr (requires { agent.idle_turn(); }) agent.idle_turn();
      send_queued();
      complete_sends();
      if (!interrupted && interrupt != nullptr && interrupt->raised()) return;
      if (aborted_.load(std::memory_order_relaxed)) return;
      back_off(attempt);
    }
    send_queued();
    complete_sends();
    poll_interval_ = quanta_to_poll_ = 1;
    last_poll_ = Clock::now();
  }

  // The first thread's worker has terminated: it still passes on the mail of
  // the rank's other threads until they have terminated too.
  void serve_other_threads(const StopSignal* interrupt) {
    bool woken = false;
    for (int attempt = 0; running_.load() > 0 && !aborted_.load();
         attempt = std::min(attempt + 1, kIdleYields)) {
      if (!woken && interrupt != nullptr && interrupt->raised()) {
        wake_other_threads();
        woken = true;
      }
      if (receive(true) > 0) attempt = 0;
      take_local_mail(*agents_[0]);
      send_queued();
      complete_sends();
      back_off(attempt);
    }
  }

  void wake_other_threads() {
    for (int thread = 1; thread < threads_; ++thread) mailboxes_[thread].wake();
  }

  static void back_off(int attempt) {
    if (attempt < kIdleSpins) return;
    if (attempt < kIdleYields) {
      std::this_thread::yield();
    } else {
      std::this_thread::sleep_for(kIdleSleep);
    }
  }

  // Receives every message that has arrived; with `deliver`, hands each to
  // the first thread's worker (unless it has terminated) or to the mailbox
  // of the thread it is for, and drops it otherwise (draining).
  int receive(bool deliver) {
    int count = 0;
    for (;;) {
      int arrived = 0;
      MPI_Status status;
      MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_, &arrived, &status);
      if (!arrived) return count;
      int length = 0;
      MPI_Get_count(&status, MPI_BYTE, &length);
      inbox_.resize(static_cast<std::size_t>(length));
      MPI_Recv(inbox_.data(), length, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, comm_,
               MPI_STATUS_IGNORE);
      ++received_;
      ++count;
      if (!deliver) continue;
      const int thread = (status.MPI_TAG - kTag) % threads_;
      A& first = *agents_[0];
      if (thread == 0 && first.terminated()) continue;
      Message message;
      decode(inbox_, message);
      if (thread == 0) {
        first.handle(std::move(message));
      } else {
        mailboxes_[thread].post(std::move(message));
      }
    }
  }

  // On the first thread: encodes and sends a message to another rank.
  void send_now(int to, const Message& message) {
    const int rank = to / threads_;
    std::vector<char> bytes = take_buffer();
    encode(message, bytes);
    ++sent_to_[rank];
    std::deque<PendingSend>& queue = sends_[rank];
    queue.push_back(PendingSend{MPI_REQUEST_NULL, std::move(bytes)});
    PendingSend& pending = queue.back();  // deque elements stay put
    const int tag = kTag + to - rank * threads_ + (urgent_message(message) ? threads_ : 0);
    MPI_Isend(pending.bytes.data(), static_cast<int>(pending.bytes.size()), MPI_BYTE, rank, tag,
              comm_, &pending.request);
    ++in_flight_;
  }

  // Sends what the other threads queued for other ranks.
  void send_queued() {
    if (threads_ == 1) return;
    Outgoing outgoing;
    while (outgoing_.try_pop(outgoing)) send_now(outgoing.to, outgoing.message);
  }

  void complete_sends() {
    for (auto& queue : sends_) {
      if (in_flight_ == 0) return;
      while (!queue.empty()) {
        int done = 0;
        MPI_Test(&queue.front().request, &done, MPI_STATUS_IGNORE);
        if (!done) break;
        if (spare_.size() < kSpareBuffers) spare_.push_back(std::move(queue.front().bytes));
        queue.pop_front();
        --in_flight_;
      }
    }
  }

  std::vector<char> take_buffer() {
    if (spare_.empty()) return {};
    std::vector<char> bytes = std::move(spare_.back());
    spare_.pop_back();
    return bytes;
  }

  // Leaves no message in flight: see the comment at the top.
  void drain() {
    std::uint64_t expected = 0;
    MPI_Request counting;
    MPI_Ireduce_scatter_block(sent_to_.data(), &expected, 1, MPI_UINT64_T, MPI_SUM, comm_,
                              &counting);
    int counted = 0;
    for (int attempt = 0; !counted; attempt = std::min(attempt + 1, kIdleYields)) {
      receive(false);
      complete_sends();
      MPI_Test(&counting, &counted, MPI_STATUS_IGNORE);
      if (!counted) back_off(attempt);
    }
    for (int attempt = 0; received_ < expected || in_flight_ > 0;
         attempt = std::min(attempt + 1, kIdleYields)) {
      receive(false);
      complete_sends();
      back_off(attempt);
    }
  }

  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0;
  int size_ = 1;
  int threads_ = 1;  // workers a rank
  bool searching_ = false;
  std::vector<std::unique_ptr<A>> agents_;
  WindowCounters counters_;
  Clock::time_point start_ = Clock::now();

  // The rank's threads.
  std::thread::id first_thread_;
  std::vector<Box> mailboxes_;  // one a thread; the first's holds mail from the others
  tbb::concurrent_queue<Outgoing> outgoing_;  // from the other threads to other ranks
  std::atomic<int> running_{0};               // other threads still driving their worker
  std::atomic<bool> aborted_{false};          // a thread failed: every thread stops
  std::mutex failure_mutex_;
  std::exception_ptr failure_;

  // Polling state.
  int poll_interval_ = 1;  // quanta between probes while busy
  int quanta_to_poll_ = 1;
  Clock::time_point last_poll_ = Clock::now();

  // Traffic, on the first thread.
  std::vector<std::deque<PendingSend>> sends_;  // per destination rank, oldest first
  std::vector<std::uint64_t> sent_to_;          // messages ever sent, per destination rank
  std::vector<std::vector<char>> spare_;        // send buffers to reuse
  std::vector<char> inbox_;
  std::size_t in_flight_ = 0;
  std::uint64_t received_ = 0;
};

#else  // built without MPI

template <Agent A>
class MpiRuntime {
 public:
  template <class MakeAgent>
  RunClock run(int /*workers*/, MakeAgent&& /*make_agent*/, const StopSignal* = nullptr) {
    throw_mpi_unavailable();
  }
  A& agent() { throw_mpi_unavailable(); }
  std::vector<std::unique_ptr<A>>& agents() { throw_mpi_unavailable(); }
  int rank() const { return 0; }
  int size() const { return 1; }
  template <class Report>
  std::vector<Report> gather(const Report&) {
    throw_mpi_unavailable();
  }
  template <class T>
  T broadcast(T) {
    throw_mpi_unavailable();
  }
};

#endif

}  // namespace stacksplit::core
