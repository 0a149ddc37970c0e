#pragma once
// The MPI runtime: one worker per MPI rank, started by `mpirun`. It is the
// threads runtime's loop around the same worker; messages are encoded with
// Boost.Serialization (core/runtime/wire_format.hpp) and sent with MPI_Isend.
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
// Reduction: every rank's statistics, time and solution go to rank 0, which
// alone reports. Here `bytes_sent` is the serialized size handed to MPI, not
// the engine's estimate.
//
// Failure: mpirun aborts the job when a rank dies or exits non-zero. A rank
// whose run throws once the search has started prints the error and calls
// MPI_Abort, since unwinding would free send buffers MPI may still be reading.
// A throw before that (bad setup, the same on every rank) propagates with MPI
// left unfinalized (finalize would wait for the others forever), so the
// rank's non-zero exit ends the job.

#include <optional>

#include "core/run_result.hpp"
#include "core/worker.hpp"

#ifdef STACKSPLIT_HAVE_MPI
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <deque>
#include <exception>
#include <stdexcept>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/runtime/wire_format.hpp"
#endif

namespace stacksplit::core {

// True when a launcher we know (Open MPI's mpirun, PMIx, MPICH's Hydra)
// started this process. Reads the environment only; MPI is not started.
bool launched_by_mpirun();

// How many ranks the launcher started, from its environment; nullopt when not
// launched by mpirun or when the launcher does not say.
std::optional<int> mpirun_rank_count();

// This process's rank, from the launcher's environment; nullopt when not
// launched by mpirun. For output before a run: only rank 0 may print.
std::optional<int> mpirun_rank();

// Throws std::invalid_argument with a message fit to print when the mpi
// runtime cannot run `workers` workers: built without MPI, or `workers` is not
// the number of ranks (1 for a process not started by mpirun).
void check_mpi_setup(int workers, std::optional<int> ranks = mpirun_rank_count());

[[noreturn]] void throw_mpi_unavailable();

#ifdef STACKSPLIT_HAVE_MPI

// The process's MPI, started on first use (only the main thread calls MPI) and
// finalized at exit, unless a run failed: see abandon().
class MpiEnvironment {
 public:
  static MpiEnvironment& instance();

  MpiEnvironment(const MpiEnvironment&) = delete;
  MpiEnvironment& operator=(const MpiEnvironment&) = delete;
  ~MpiEnvironment();

  int rank() const { return rank_; }
  int size() const { return size_; }
  // stacksplit's own communicator, a duplicate of MPI_COMM_WORLD.
  MPI_Comm comm() const { return comm_; }

  // After a failed run the other ranks may wait forever in MPI_Finalize; skip
  // it and let the non-zero exit make mpirun end the job.
  void abandon() { abandoned_ = true; }

 private:
  MpiEnvironment();

  int rank_ = 0;
  int size_ = 1;
  MPI_Comm comm_ = MPI_COMM_NULL;
  bool abandoned_ = false;
};

// Prints the exception `failure` with the rank that threw it, then ends the
// whole job with MPI_Abort: the way out of a rank that fails mid-search.
[[noreturn]] void abort_mpi_job(MPI_Comm comm, int rank, std::exception_ptr failure);

template <SearchSpace S>
class MpiRuntime final : public Outbox<typename S::Choice> {
 public:
  using Choice = typename S::Choice;
  using Msg = Message<Choice>;
  using Solution = typename Worker<S>::Solution;
  using Result = RunResult<Solution>;

  template <class MakeSpace>
  Result run(const RunSetup& setup, MakeSpace&& make_space) {
    MpiEnvironment& mpi = MpiEnvironment::instance();
    try {
      return run_rank(mpi, setup, make_space);
    } catch (...) {
      if (searching_) abort_mpi_job(comm_, rank_, std::current_exception());
      mpi.abandon();
      throw;
    }
  }

  void send(int to, Msg&& message) override {
    std::vector<char> bytes = take_buffer();
    encode(message, bytes);
    bytes_sent_ += bytes.size();
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

 private:
  using Clock = std::chrono::steady_clock;

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

  // What a rank hands to rank 0 at the end.
  struct RankReport {
    WorkerStatistics statistics;
    double seconds = 0;
    bool has_solution = false;
    Solution solution{};

    template <class Archive>
    void serialize(Archive& ar, unsigned /*version*/) {
      ar& statistics;
      ar& seconds;
      ar& has_solution;
      if constexpr (!std::is_same_v<Solution, std::monostate>) {
        if (has_solution) ar& solution;
      }
    }
  };

  template <class MakeSpace>
  Result run_rank(MpiEnvironment& mpi, const RunSetup& setup, MakeSpace& make_space) {
    comm_ = mpi.comm();
    rank_ = mpi.rank();
    size_ = mpi.size();
    check_mpi_setup(setup.workers, size_);
    auto topology = make_topology(setup.topology, size_);
    sends_.assign(size_, {});
    sent_to_.assign(size_, 0);
    Worker<S> worker(rank_, make_space(), setup.make_scheme(), *topology, *this, setup.options);

    MPI_Barrier(comm_);  // the clocks start together
    searching_ = true;   // from here on, messages may be in flight
    start_ = last_poll_ = Clock::now();
    drive(worker);
    const double seconds = now();
    drain();
    return gather(worker, seconds);
  }

  void drive(Worker<S>& worker) {
    worker.start();
    while (!worker.terminated()) {
      if (worker.has_work()) {
        worker.work();
        if (--quanta_to_poll_ <= 0) poll(worker);
      } else {
        wait_for_message(worker);
      }
    }
  }

  void poll(Worker<S>& worker) {
    const bool heard = receive(&worker) > 0;
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

  void wait_for_message(Worker<S>& worker) {
    for (int attempt = 0; receive(&worker) == 0; attempt = std::min(attempt + 1, kIdleYields)) {
      complete_sends();
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

  // Receives every message that has arrived and hands it to the worker (or
  // drops it once the worker has terminated, or when there is none).
  int receive(Worker<S>* worker) {
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
      if (worker != nullptr && !worker->terminated()) {
        Msg message;
        decode(inbox_, message);
        worker->handle(std::move(message));
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

  Result gather(const Worker<S>& worker, double seconds) {
    RankReport mine;
    mine.statistics = worker.statistics();
    mine.statistics.bytes_sent = bytes_sent_;
    mine.seconds = seconds;
    if (worker.solution()) {
      mine.has_solution = true;
      mine.solution = *worker.solution();
    }
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

    Result result;
    if (rank_ == 0) {
      for (int r = 0; r < size_; ++r) {
        RankReport report;
        decode(std::span<const char>(all.data() + offsets[r], static_cast<std::size_t>(lengths[r])),
               report);
        result.add_worker(report.statistics);
        result.seconds = std::max(result.seconds, report.seconds);
        if (!result.solution && report.has_solution) result.solution = std::move(report.solution);
      }
    } else {
      result.reporting = false;
      result.seconds = seconds;
      result.add_worker(mine.statistics);
    }
    // Every rank learns whether there is a solution, so that all can exit
    // with the status the answer asks for (SAT: 10 or 20).
    int found = result.solution.has_value() ? 1 : 0;
    MPI_Bcast(&found, 1, MPI_INT, 0, comm_);
    result.solution_found = found != 0;
    return result;
  }

  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0;
  int size_ = 1;
  bool searching_ = false;
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
  std::uint64_t bytes_sent_ = 0;
};

#else  // built without MPI

template <SearchSpace S>
class MpiRuntime {
 public:
  template <class MakeSpace>
  RunResult<typename Worker<S>::Solution> run(const RunSetup& /*setup*/,
                                              MakeSpace&& /*make_space*/) {
    throw_mpi_unavailable();
  }
};

#endif

}  // namespace stacksplit::core
