#pragma once
// A loop worker: one processor's share of a parallel loop program, as a
// reactive agent that the same runtimes drive as the tree search's workers
// (core/detail/agent.hpp). It executes the iterations it holds a quantum at a
// time, hands its scheme the events (out of work, a chunk, work arrived, a
// scheme message) and carries out what the scheme asks through LoopContext.
//
// The loop's life (docs/design.md, "The loop family"):
// - start: every worker takes the scheme's initial share; in a program's
//   first loop nest it makes the share's data itself (generate), in a later
//   nest rank 0, which ran the sequential step, sends it. A pool's data stays
//   with rank 0, which hands it out with the chunks.
// - end: a worker out of work reports the iterations it did since its last
//   report (a shared counter's fetch-and-add, or a message to rank 0); who
//   completes the count tells everyone the loop is over. Every worker then
//   sends its output to rank 0, which merges them and starts the next nest,
//   the next step, or ends the program.
// - time: on the simulator an iteration costs cost(i)·t_unit + t_node of
//   virtual time at the processor's effective speed (core/loop/load_model.hpp);
//   on the threads and MPI runtimes a piece of work that took t seconds is
//   stretched by a busy wait to what the load model says it takes.
//
// It decides with three explicit states (docs/design.md, "The loop worker's
// states"): where it stands in the program (Stage), what it does in the loop
// under way (Activity), and the pool chunk on its way (ChunkWait). Every
// change of state is one of the transitions listed there. A loop's next one
// begins only when the call that ended it returns (advance()), never inside
// a scheme's callback.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <span>
#include <sstream>
#include <utility>
#include <variant>
#include <vector>

#include "core/detail/outbox.hpp"
#include "core/loop/held_iterations.hpp"
#include "core/loop/iteration_pool.hpp"
#include "core/loop/iteration_set.hpp"
#include "core/loop/load_model.hpp"
#include "core/loop/loop_kernel.hpp"
#include "core/loop/loop_message.hpp"
#include "core/loop/loop_run_options.hpp"
#include "core/loop/loop_scheme.hpp"
#include "core/loop/loop_statistics.hpp"
#include "core/mpi/wire_format.hpp"

namespace stacksplit::core {

template <LoopKernel K>
class LoopWorker final : private LoopContext {
 public:
  using Message = LoopMessage;
  using Output = typename K::Output;
  // The pool and the count of iterations done live in shared counters where
  // the runtime has them (an MPI window is opened for it).
  static constexpr bool kUsesSharedCounters = true;

  LoopWorker(int rank, int size, K kernel, std::unique_ptr<LoopScheme> scheme,
             Outbox<Message>& outbox, const LoopRunOptions& options, const LoadModel& load)
      : rank_(rank),
        size_(size),
        kernel_(std::move(kernel)),
        scheme_(std::move(scheme)),
        outbox_(outbox),
        options_(options),
        load_(load),
        loops_(options.steps * kernel_.loop_count()) {
    for (int i = 0; i < size_; ++i) load_parameters_.speeds.push_back(load_.speed(i));
    load_parameters_.max_load = load_.options().max_load;
    load_parameters_.persistence = load_.options().persistence;
  }

  LoopWorker(const LoopWorker&) = delete;
  LoopWorker& operator=(const LoopWorker&) = delete;

  // ---- States ----

  // Where this worker stands in the program.
  enum class Stage : std::uint8_t {
    kRunning,      // a loop under way here
    kLoopOver,     // the loop is over here, its output sent (rank 0: merged); the next
                   // loop's start or the end is awaited
    kOutputsIn,    // rank 0: every output in; the sequential step and the next loop (or the
                   // end) follow when the call under way returns
    kFinished,     // the program is over
    kInterrupted,  // stopped before the end
  };
  // In the loop under way: whether it works, and whether its scheme has been
  // told it is out of work (it is told once, until work comes).
  enum class Activity : std::uint8_t {
    kWorking,     // holds iterations or waits for some; the scheme not told it is out
    kIdle,        // out of work, and the scheme told so
    kPaused,      // paused by the scheme (a synchronization) before it ran out
    kPausedIdle,  // paused after it ran out and told the scheme
  };
  // A pool chunk on its way: one at a time, all of it.
  enum class ChunkWait : std::uint8_t {
    kNone,
    kGrant,  // asked rank 0 for it
    kData,   // its parts' data from the processors that hold them (data_awaited_)
  };

  Stage stage() const { return stage_; }
  Activity activity() const { return activity_; }
  ChunkWait chunk_wait() const { return chunk_wait_; }

  // ---- The agent, as runtimes drive it ----

  void start() {
    begin_loop(0);
    advance();
  }

  void work() {
    if (!has_work()) return;
    std::uint64_t budget = options_.quantum;
    const double start = outbox_.now();
    const auto wall_start = std::chrono::steady_clock::now();
    double modelled = 0;  // base-processor seconds, for virtual time
    std::uint64_t done = 0;
    while (!owned_.empty()) {
      if (budget == 0) {
        // On threads and MPI a quantum also lasts kShortestQuantum: iterations
        // of a few microseconds would otherwise spend as long at the mailbox
        // as in their body. step and sim keep it exact (deterministic).
        if (!options_.timed_quantum ||
            std::chrono::steady_clock::now() - wall_start >= kShortestQuantum)
          break;
        budget = options_.quantum;
      }
      std::vector<IterationSet>& head = head_scratch_;
      owned_.take_front(budget, head);
      for (const IterationSet& set : head) {
        set.for_each_range([&](std::uint64_t first, std::uint64_t count) {
          kernel_.run(first, count);
          if (options_.virtual_time) {
            for (std::uint64_t i = first; i < first + count; ++i) modelled += kernel_.cost(i);
          }
        });
        budget -= set.count;
        done += set.count;
      }
    }
    double elapsed;
    if (options_.virtual_time) {
      modelled =
          modelled * options_.machine.t_unit + static_cast<double>(done) * options_.machine.t_node;
      elapsed = load_.elapsed(rank_, start, modelled);
      busy_ += elapsed;  // the simulator's clock moves by it
    } else {
      const double real =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
      elapsed = load_.uniform() ? real : load_.elapsed(rank_, start, real);
      stretch_to(wall_start, elapsed);
      busy_ += elapsed;
    }
    statistics_.busy_seconds += elapsed;
    statistics_.iterations += done;
    done_since_report_ += done;
    profile_done_ += done;
    profile_busy_ += elapsed;
    scheme_->on_quantum(*this);
    check_idle();
    advance();
  }

  void handle(Message&& message) {
    dispatch(std::move(message));
    advance();
  }

  void interrupt() {
    // Stop where it stands: the iterations not done are not done; rank 0
    // learns it from the stop signal too, so the program ends at once.
    owned_.clear();
    stage_ = Stage::kInterrupted;
    finished_at_ = outbox_.now();
  }

  bool terminated() const { return stage_ == Stage::kFinished || stage_ == Stage::kInterrupted; }
  bool has_work() const { return stage_ == Stage::kRunning && !paused() && !owned_.empty(); }
  double busy_seconds(const MachineModel& /*machine*/) const { return busy_; }

  // ---- Results ----

  LoopStatistics statistics() const {
    LoopStatistics statistics = statistics_;
    statistics.idle_seconds = std::max(0.0, finished_at_ - statistics_.busy_seconds);
    return statistics;
  }
  // Rank 0, after the program: every worker's output of the last loop, merged.
  const Output& output() const { return result_; }
  bool interrupted() const { return stage_ == Stage::kInterrupted; }
  const LoopScheme& scheme() const { return *scheme_; }

 private:
  // A message, within the call that handles it (the runtime's, or one kept
  // for later: of a loop not begun, a request waiting for a release).
  void dispatch(Message&& message) {
    if (stage_ == Stage::kInterrupted) return;  // it stopped where it stood
    if (message.loop > loop_ && !is_transition(message)) {
      early_.push_back(std::move(message));  // the sender began the next loop first
      return;
    }
    if (message.loop < loop_ && !is_transition(message)) return;  // of a loop already over
    const int from = message.from;
    std::visit([&](auto& body) { on(from, body); }, message.body);
  }

  // ---- LoopContext ----

  int rank() const override { return rank_; }
  int size() const override { return size_; }
  double now() const override { return outbox_.now(); }
  int loop() const override { return loop_; }
  std::uint64_t iterations() const override { return iterations_; }
  const LoadParameters& load_parameters() const override { return load_parameters_; }
  std::uint64_t remaining() const override { return owned_.count(); }
  std::vector<IterationSet> held() const override { return owned_.sets(); }
  std::uint64_t done_since_mark() const override { return profile_done_; }
  double busy_since_mark() const override { return profile_busy_; }
  void mark_profile() override {
    profile_done_ = 0;
    profile_busy_ = 0;
  }
  // Activity: kWorking → kPaused, kIdle → kPausedIdle, and back.
  void pause() override {
    if (activity_ == Activity::kWorking) activity_ = Activity::kPaused;
    if (activity_ == Activity::kIdle) activity_ = Activity::kPausedIdle;
  }
  void resume() override {
    if (activity_ == Activity::kPaused) activity_ = Activity::kWorking;
    if (activity_ == Activity::kPausedIdle) activity_ = Activity::kIdle;
    check_idle();
  }
  bool paused() const override {
    return activity_ == Activity::kPaused || activity_ == Activity::kPausedIdle;
  }
  void note_synchronization(bool moved) override {
    ++statistics_.synchronizations;
    if (moved) ++statistics_.redistributions;
  }
  void note_instructions(std::uint64_t messages) override {
    statistics_.instruction_messages += messages;
  }

  void send(int to, const LoopSchemeMessage& message) override { send_message(to, message); }

  void take_from_pool(PoolAccess access) override {
    // One chunk at a time: asked again while it holds work, or while a chunk
    // or its data is on the way, a processor takes nothing (another chunk
    // would be one it does not need yet, and the first chunks are the
    // largest).
    if (!owned_.empty() || chunk_wait_ != ChunkWait::kNone) return;
    if (access == PoolAccess::kSharedCounter) {
      if (SharedCounters* counters = outbox_.shared_counters()) {
        const int slot = pool_slot();
        std::uint64_t state = counters->load(slot);
        IterationSet chunk;
        std::uint64_t next_state;
        do {
          chunk = next_chunk(state, scheme_->pool_weight(), rank_, next_state);
        } while (!chunk.empty() && !counters->compare_exchange(slot, state, next_state));
        receive_chunk(chunk);
        return;
      }
    }
    if (rank_ == 0) {
      std::uint64_t next_state;
      const IterationSet chunk = next_chunk(pool_state_, scheme_->pool_weight(), rank_, next_state);
      pool_state_ = next_state;
      receive_chunk(chunk);
    } else {
      chunk_wait_ = ChunkWait::kGrant;
      send_message(0, loop_message::ChunkRequest{scheme_->pool_weight(), pool_.refilled()});
    }
  }

  void refill_pool(const std::vector<std::pair<IterationSet, int>>& pieces) override {
    pool_.refill(pieces);
    pool_state_ = 0;
    serve_deferred();
  }

  void release_remaining() override {
    owned_.clear();
    serve_deferred();
    check_idle();
  }

  std::uint64_t send_iterations(int to, std::uint64_t count) override {
    std::vector<IterationSet> sets = owned_.take_back(count);
    const std::uint64_t sent = iteration_count(sets);
    if (sent == 0) return 0;
    send_work(to, std::move(sets));
    check_idle();
    return sent;
  }

  // ---- Messages ----

  static bool is_transition(const Message& message) {
    return std::holds_alternative<loop_message::LoopStart>(message.body) ||
           std::holds_alternative<loop_message::Finish>(message.body);
  }

  void on(int from, loop_message::Work& work) {
    std::size_t offset = 0;
    const std::size_t bytes = kernel_.bytes_per_iteration();
    std::uint64_t count = 0;
    for (const IterationSet& set : work.sets) {
      if (bytes != 0) {
        set.for_each_range([&](std::uint64_t first, std::uint64_t n) {
          kernel_.unpack(first, n,
                         std::span<const std::byte>(work.data).subspan(offset, n * bytes));
          offset += n * bytes;
        });
      }
      owned_.push_back(set);
      count += set.count;
      // A chunk's part: the chunk is here when every part is.
      if (chunk_wait_ == ChunkWait::kData) {
        auto part = std::find(data_awaited_.begin(), data_awaited_.end(), set);
        if (part != data_awaited_.end()) data_awaited_.erase(part);
        if (data_awaited_.empty()) chunk_wait_ = ChunkWait::kNone;
      }
    }
    statistics_.iterations_received += count;
    work_came();
    scheme_->on_work(*this, from, count);
  }

  void on(int from, loop_message::DataRequest& request) {
    if (owned_.overlaps(request.set)) {  // still this processor's own, until it releases them
      deferred_.push_back(Message{from, loop_, request});
      return;
    }
    send_work(from, {request.set});  // the holder keeps no claim on them
  }

  // Requests that waited for a refill or a release.
  void serve_deferred() {
    std::deque<Message> waiting = std::move(deferred_);
    deferred_.clear();
    for (Message& message : waiting) dispatch(std::move(message));
  }

  int pool_slot() const { return pool_.refilled() ? kRefilledPoolCounter : kPoolCounter; }

  void on(int from, loop_message::ChunkRequest& request) {
    if (request.refilled && !pool_.refilled()) {  // its pool is not made here yet
      deferred_.push_back(Message{from, loop_, request});
      return;
    }
    std::uint64_t next_state;
    const IterationSet chunk = next_chunk(pool_state_, request.weight, from, next_state);
    pool_state_ = next_state;
    send_message(from, loop_message::ChunkGrant{chunk});
  }

  void on(int /*from*/, loop_message::ChunkGrant& grant) {
    chunk_wait_ = ChunkWait::kNone;
    receive_chunk(grant.set);
  }

  void on(int /*from*/, loop_message::Executed& executed) { count_executed(executed.count); }

  void on(int /*from*/, loop_message::LoopEnd&) { end_loop(); }

  void on(int /*from*/, loop_message::Output& output) {
    Output theirs;
    decode(output.bytes, theirs);
    K::merge(merged_, std::move(theirs));
    // Rank 0's own is in once its loop is over (kLoopOver).
    if (++outputs_ == size_) stage_ = Stage::kOutputsIn;
  }

  void on(int /*from*/, loop_message::LoopStart& start) {
    scheme_->take_carry_over(start.carried);
    begin_loop(loop_ + 1);
  }

  void on(int /*from*/, loop_message::Finish&) { finish(); }

  void on(int from, LoopSchemeMessage& message) {
    if (stage_ == Stage::kRunning) scheme_->on_message(*this, from, message);
  }

  template <class Body>
  void send_message(int to, Body&& body) {
    Message message{rank_, loop_, std::forward<Body>(body)};
    ++statistics_.messages_sent;
    statistics_.bytes_sent += message_bytes(message, outbox_.header_bytes());
    outbox_.send(to, std::move(message));
  }

  // Sends iterations with their data; they are the receiver's from now on.
  void send_work(int to, std::vector<IterationSet> sets) {
    loop_message::Work work;
    const std::size_t bytes = kernel_.bytes_per_iteration();
    if (bytes != 0) {
      for (const IterationSet& set : sets)
        set.for_each_range(
            [&](std::uint64_t first, std::uint64_t n) { kernel_.pack(first, n, work.data); });
      statistics_.data_bytes_sent += work.data.size();
    }
    statistics_.iterations_sent += iteration_count(sets);
    work.sets = std::move(sets);
    send_message(to, std::move(work));
  }

  // ---- The pool ----

  // Shared counters (core/detail/agent.hpp): the pool's state word
  // (core/loop/iteration_pool.hpp) before and after a refill, and the
  // iterations executed.
  static constexpr int kPoolCounter = 0;
  static constexpr int kExecutedCounter = 1;
  static constexpr int kRefilledPoolCounter = 2;

  IterationSet next_chunk(std::uint64_t state, double weight, int requester,
                          std::uint64_t& next_state) {
    return pool_.next_chunk(
        state,
        [&](std::uint64_t left, std::uint64_t index) {
          return scheme_->chunk_size(left, index, weight, requester, size_);
        },
        next_state);
  }

  // A chunk in pool order: its iterations, their data from where it is held
  // (ChunkWait::kData till every part's has come).
  void receive_chunk(const IterationSet& chunk) {
    if (!chunk.empty()) {
      ++statistics_.chunks;
      const bool data = kernel_.bytes_per_iteration() != 0;
      auto take = [&](const IterationSet& set, int holder) {
        if (data && holder != rank_) {
          chunk_wait_ = ChunkWait::kData;
          data_awaited_.push_back(set);
          send_message(holder, loop_message::DataRequest{set});
        } else {
          owned_.push_back(set);
          work_came();
        }
      };
      pool_.for_each_holder(chunk, take);
    }
    scheme_->on_chunk(*this, chunk);
  }

  // ---- A loop's life ----

  void begin_loop(int loop) {
    loop_ = loop;
    const int nest = loop % kernel_.loop_count();
    kernel_.begin_loop(nest);
    iterations_ = kernel_.iterations();
    owned_.clear();
    stage_ = Stage::kRunning;
    activity_ = Activity::kWorking;
    chunk_wait_ = ChunkWait::kNone;
    data_awaited_.clear();
    done_since_report_ = 0;
    executed_ = 0;
    outputs_ = 0;
    pool_state_ = 0;
    pool_.reset(iterations_);
    deferred_.clear();
    mark_profile();
    const std::vector<IterationSet> mine = scheme_->initial_share(rank_, size_, iterations_);
    if (nest == 0) {
      for (const IterationSet& set : mine)
        set.for_each_range(
            [&](std::uint64_t first, std::uint64_t n) { kernel_.generate(first, n); });
      if (rank_ == 0 && pool_loop()) kernel_.generate(0, iterations_);
      for (const IterationSet& set : mine) owned_.push_back(set);
    } else if (rank_ == 0) {
      // The sequential step left every iteration's data here.
      for (int other = 1; other < size_; ++other) {
        std::vector<IterationSet> theirs = scheme_->initial_share(other, size_, iterations_);
        if (!theirs.empty()) send_work(other, std::move(theirs));
      }
      for (const IterationSet& set : mine) owned_.push_back(set);
    }
    scheme_->on_loop_start(*this);
    // Messages of this loop that came before its start.
    std::deque<Message> early = std::move(early_);
    early_.clear();
    for (Message& message : early) dispatch(std::move(message));
    if (iterations_ == 0) {
      if (rank_ == 0) count_executed(0);
      return;
    }
    // A share still on its way from rank 0 is not idleness.
    if (owned_.empty() && (mine.empty() || nest == 0 || rank_ == 0)) check_idle();
  }

  bool pool_loop() const { return scheme_->uses_pool(); }

  // Activity: work came (a message, or a chunk's own part): kIdle → kWorking,
  // kPausedIdle → kPaused.
  void work_came() {
    if (activity_ == Activity::kIdle) activity_ = Activity::kWorking;
    if (activity_ == Activity::kPausedIdle) activity_ = Activity::kPaused;
  }

  // Out of work: report what was done, and let the scheme find more
  // (Activity kWorking → kIdle).
  void check_idle() {
    if (!owned_.empty() || stage_ != Stage::kRunning) return;
    if (done_since_report_ > 0) {
      const std::uint64_t done = done_since_report_;
      done_since_report_ = 0;
      if (SharedCounters* counters = outbox_.shared_counters()) {
        if (counters->fetch_add(kExecutedCounter, done) + done == iterations_) announce_end();
      } else if (rank_ == 0) {
        count_executed(done);
      } else {
        send_message(0, loop_message::Executed{done});
      }
      // The report may have ended the loop.
      if (stage_ != Stage::kRunning || !owned_.empty()) return;
    }
    if (activity_ != Activity::kWorking) return;
    activity_ = Activity::kIdle;
    scheme_->on_idle(*this);
  }

  void count_executed(std::uint64_t done) {
    executed_ += done;
    if (executed_ == iterations_) announce_end();
  }

  void announce_end() {
    for (int other = 0; other < size_; ++other)
      if (other != rank_) send_message(other, loop_message::LoopEnd{});
    end_loop();
  }

  // Stage: kRunning → kLoopOver (rank 0, every output in: kOutputsIn).
  void end_loop() {
    if (stage_ != Stage::kRunning) return;
    stage_ = Stage::kLoopOver;
    owned_.clear();
    Output output = kernel_.take_output();
    if (rank_ == 0) {
      // Others' outputs may be in before rank 0 hears that the loop is over.
      K::merge(merged_, std::move(output));
      if (++outputs_ == size_) stage_ = Stage::kOutputsIn;
    } else {
      loop_message::Output message;
      encode(output, message.bytes);
      send_message(0, std::move(message));
    }
  }

  // At the end of every call from the runtime: rank 0 with every output in
  // runs the sequential step and begins the next loop (Stage kOutputsIn →
  // kRunning) or ends the program (→ kFinished); a loop begun so may end at
  // once (no iterations), hence the loop.
  void advance() {
    while (stage_ == Stage::kOutputsIn) after_loop_at_root();
  }

  // Rank 0, every output in: the sequential step, then the next loop or the end.
  void after_loop_at_root() {
    const int nest = loop_ % kernel_.loop_count();
    if (loop_ + 1 >= loops_) {
      result_ = std::move(merged_);
      for (int other = 1; other < size_; ++other) send_message(other, loop_message::Finish{});
      finish();
      return;
    }
    if (nest + 1 < kernel_.loop_count()) kernel_.between_loops(nest, std::move(merged_));
    merged_ = Output{};
    if (SharedCounters* counters = outbox_.shared_counters()) {
      counters->store(kPoolCounter, 0);
      counters->store(kExecutedCounter, 0);
      counters->store(kRefilledPoolCounter, 0);
    }
    const loop_message::LoopStart start{scheme_->carry_over()};
    scheme_->take_carry_over(start.carried);  // rank 0 starts from exactly what the others get
    for (int other = 1; other < size_; ++other) send_message(other, start);
    begin_loop(loop_ + 1);
  }

  // Stage: → kFinished.
  void finish() {
    stage_ = Stage::kFinished;
    finished_at_ = outbox_.now();
  }

  const int rank_;
  const int size_;
  K kernel_;
  std::unique_ptr<LoopScheme> scheme_;
  Outbox<Message>& outbox_;
  const LoopRunOptions options_;
  const LoadModel& load_;  // the simulated world's: charged here, never shown to the scheme
  LoadParameters load_parameters_;
  const int loops_;  // steps × nests

  int loop_ = 0;
  std::uint64_t iterations_ = 0;
  HeldIterations owned_;
  std::vector<IterationSet> head_scratch_;  // work()'s, kept for its capacity
  std::deque<Message> early_;               // of a loop not begun here yet
  std::deque<Message> deferred_;            // requests waiting for a refill or a release
  Stage stage_ = Stage::kRunning;
  Activity activity_ = Activity::kWorking;
  ChunkWait chunk_wait_ = ChunkWait::kNone;
  std::vector<IterationSet> data_awaited_;  // the parts of the chunk whose data is on its way
  std::uint64_t done_since_report_ = 0;
  std::uint64_t profile_done_ = 0;
  double profile_busy_ = 0;
  double busy_ = 0;
  double finished_at_ = 0;
  LoopStatistics statistics_;

  // Rank 0 only.
  std::uint64_t executed_ = 0;    // iterations reported done in this loop
  std::uint64_t pool_state_ = 0;  // the pool, where there are no shared counters
  IterationPool pool_;            // every processor: the pool's iterations and holders
  int outputs_ = 0;
  Output merged_{};
  Output result_{};
};

}  // namespace stacksplit::core
