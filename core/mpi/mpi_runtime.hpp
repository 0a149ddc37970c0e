#pragma once
// The MPI runtime: one agent per MPI rank, started by `mpirun`. It is the
// threads runtime's loop around the same agent; messages are encoded with
// Boost.Serialization (core/mpi/wire_format.hpp) and sent with MPI_Isend.
//
// Polling: a busy rank probes (MPI_Iprobe) every k quanta; k drops to 1 when a
// message arrives and doubles after a probe that finds nothing, up to about
// kQuietPollPeriod of work (measured, so cheap and costly nodes alike): cheap
// when nobody asks, responsive when somebody does. An idle rank probes in a
// loop that spins, then yields, then sleeps between probes, so oversubscribed
// ranks leave the cores to the busy ones.
//
// Sends: each message gets its own buffer, queued per destination until
// MPI_Test says MPI is done with it. The worker keeps at most one work request
// per thief outstanding.
//
// Draining: Safra's detection ends with kTerminate from rank 0, but requests,
// rejects, stops and scheme messages may still be in flight (Safra counts only
// work). Each rank counts the messages it sent to every other; a non-blocking
// reduce-scatter of the counts tells each rank how many it must receive, and
// it receives (and drops) until it has them all and its own sends completed.
// A receive is only posted for a message a probe has found, so none is ever
// cancelled.
//
// Reduction: gather() brings every rank's report (statistics, time, solution)
// to rank 0, which alone reports.
//
// Failure: mpirun aborts the job when a rank dies or exits non-zero. A rank
// whose run throws once the search has started prints the error and calls
// MPI_Abort, since unwinding would free send buffers MPI may still be reading.
// A throw before that (bad setup, the same on every rank) propagates with MPI
// left unfinalized (finalize would wait for the others forever), so the
// rank's non-zero exit ends the job.

#include "core/detail/agent.hpp"
#include "core/detail/outbox.hpp"
#include "core/mpi/launcher.hpp"
#include "core/stop_signal.hpp"

#ifdef STACKSPLIT_HAVE_MPI
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <span>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include "core/mpi/mpi_environment.hpp"
#include "core/mpi/wire_format.hpp"
#endif

namespace stacksplit::core {

#ifdef STACKSPLIT_HAVE_MPI

template <Agent A>
class MpiRuntime final : public Outbox<typename A::Message> {
 public:
  using Message = typename A::Message;

  // Makes this rank's agent, make_agent(rank, outbox), and runs it until the
  // search is over everywhere, with no message left in flight.
  template <class MakeAgent>
  RunClock run(int workers, MakeAgent&& make_agent, const StopSignal* interrupt = nullptr) {
    MpiEnvironment& mpi = MpiEnvironment::instance();
    comm_ = mpi.comm();
    rank_ = mpi.rank();
    size_ = mpi.size();
    try {
      check_mpi_setup(workers, size_);
      sends_.assign(size_, {});
      sent_to_.assign(size_, 0);
      agent_ = make_agent(rank_, *this);
      if constexpr (requires { A::kUsesSharedCounters; }) counters_.open(comm_, rank_);
      MPI_Barrier(comm_);  // the clocks start together
      searching_ = true;   // from here on, messages may be in flight
      start_ = last_poll_ = Clock::now();
      drive(*agent_, interrupt);
      RunClock clock;
      clock.seconds = now();
      clock.interrupted = interrupt != nullptr && interrupt->raised();
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

  A& agent() { return *agent_; }
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

  void send(int to, Message&& message) override {
    std::vector<char> bytes = take_buffer();
    encode(message, bytes);
    ++sent_to_[to];
    std::deque<PendingSend>& queue = sends_[to];
    queue.push_back(PendingSend{MPI_REQUEST_NULL, std::move(bytes)});
    PendingSend& pending = queue.back();  // deque elements stay put
    MPI_Isend(pending.bytes.data(), static_cast<int>(pending.bytes.size()), MPI_BYTE, to, kTag,
              comm_, &pending.request);
    ++in_flight_;
  }

  double now() const override {
    return std::chrono::duration<double>(Clock::now() - start_).count();
  }

  SharedCounters* shared_counters() override { return counters_.open_ ? &counters_ : nullptr; }
  // One probe: it also moves MPI's progress on, so a stop is seen.
  bool mail_waiting(int /*rank*/) override {
    int arrived = 0;
    MPI_Iprobe(MPI_ANY_SOURCE, kTag, comm_, &arrived, MPI_STATUS_IGNORE);
    return arrived != 0;
  }

 private:
  using Clock = std::chrono::steady_clock;

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

  // Polling and idling, tuned on a 2-core machine (experiments/mpi_benchmark).
  // A probe costs about 0.3 us; a quiet rank probes every ~100 us of work.
  static constexpr double kQuietPollPeriod = 100e-6;  // seconds of work between quiet probes
  static constexpr int kMaxPollInterval = 4096;       // quanta, whatever the nodes cost
  static constexpr int kIdleSpins = 64;               // empty probes before yielding the core
  static constexpr int kIdleYields = 1024;            // empty probes before sleeping
  static constexpr std::chrono::microseconds kIdleSleep{50};
  static constexpr std::size_t kSpareBuffers = 64;
  static constexpr int kTag = 1;

  struct PendingSend {
    MPI_Request request;
    std::vector<char> bytes;
  };

  void drive(A& agent, const StopSignal* interrupt) {
    agent.start();
    bool interrupted = false;
    while (!agent.terminated()) {
      if (!interrupted && interrupt != nullptr && interrupt->raised()) {
        agent.interrupt();
        interrupted = true;
      }
      if (agent.has_work()) {
        agent.work();
        if (--quanta_to_poll_ <= 0) poll(agent);
      } else {
        wait_for_message(agent, interrupt, interrupted);
      }
    }
  }

  void poll(A& agent) {
    const bool heard = receive(&agent) > 0;
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
    for (int attempt = 0; receive(&agent) == 0; attempt = std::min(attempt + 1, kIdleYields)) {
      complete_sends();
      if (!interrupted && interrupt != nullptr && interrupt->raised()) return;
      back_off(attempt);
    }
    complete_sends();
    poll_interval_ = quanta_to_poll_ = 1;
    last_poll_ = Clock::now();
  }

  static void back_off(int attempt) {
    if (attempt < kIdleSpins) return;
    if (attempt < kIdleYields) {
      std::this_thread::yield();
    } else {
      std::this_thread::sleep_for(kIdleSleep);
    }
  }

  // Receives every message that has arrived and hands it to the agent (or
  // drops it once the agent has terminated, or when there is none).
  int receive(A* agent) {
    int count = 0;
    for (;;) {
      int arrived = 0;
      MPI_Status status;
      MPI_Iprobe(MPI_ANY_SOURCE, kTag, comm_, &arrived, &status);
      if (!arrived) return count;
      int length = 0;
      MPI_Get_count(&status, MPI_BYTE, &length);
      inbox_.resize(static_cast<std::size_t>(length));
      MPI_Recv(inbox_.data(), length, MPI_BYTE, status.MPI_SOURCE, kTag, comm_, MPI_STATUS_IGNORE);
      ++received_;
      ++count;
      if (agent != nullptr && !agent->terminated()) {
        Message message;
        decode(inbox_, message);
        agent->handle(std::move(message));
      }
    }
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
      receive(nullptr);
      complete_sends();
      MPI_Test(&counting, &counted, MPI_STATUS_IGNORE);
      if (!counted) back_off(attempt);
    }
    for (int attempt = 0; received_ < expected || in_flight_ > 0;
         attempt = std::min(attempt + 1, kIdleYields)) {
      receive(nullptr);
      complete_sends();
      back_off(attempt);
    }
  }

  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0;
  int size_ = 1;
  bool searching_ = false;
  std::unique_ptr<A> agent_;
  WindowCounters counters_;
  Clock::time_point start_ = Clock::now();

  // Polling state.
  int poll_interval_ = 1;  // quanta between probes while busy
  int quanta_to_poll_ = 1;
  Clock::time_point last_poll_ = Clock::now();

  // Traffic.
  std::vector<std::deque<PendingSend>> sends_;  // per destination, oldest first
  std::vector<std::uint64_t> sent_to_;          // messages ever sent, per destination
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
