// The loop worker's states (docs/design.md, "The loop worker's states"):
// each transition, driven by hand on one worker with an outbox that keeps
// what it sends; and the rule of one chunk at a time seen from a scheme: a
// processor holds all of a chunk (its data from every holder) before it may
// take the next.

#include "core/loop/loop_worker.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/detail/outbox.hpp"
#include "core/loop/run_loop.hpp"
#include "core/mpi/wire_format.hpp"
#include "core/sim/machine_model.hpp"

namespace stacksplit::testing {
namespace {

// A loop of uniform iterations with 8 bytes of data each; an iteration whose
// data never came is counted apart.
class DataLoop {
 public:
  struct Output {
    std::uint64_t computed = 0;
    std::uint64_t without_data = 0;
    template <class Archive>
    void serialize(Archive& ar, unsigned) {
      ar& computed;
      ar& without_data;
    }
  };
  explicit DataLoop(std::uint64_t n) : n_(n) {}
  int loop_count() const { return 1; }
  void begin_loop(int) { data_.assign(n_, 0); }
  std::uint64_t iterations() const { return n_; }
  std::size_t bytes_per_iteration() const { return sizeof(std::uint64_t); }
  double cost(std::uint64_t) const { return 1; }
  void generate(std::uint64_t first, std::uint64_t count) {
    for (std::uint64_t i = first; i < first + count; ++i) data_[i] = i + 1;
  }
  void pack(std::uint64_t first, std::uint64_t count, std::vector<std::byte>& out) const {
    const auto* bytes = reinterpret_cast<const std::byte*>(data_.data() + first);
    out.insert(out.end(), bytes, bytes + count * sizeof(std::uint64_t));
  }
  void unpack(std::uint64_t first, std::uint64_t count, std::span<const std::byte> in) {
    std::memcpy(data_.data() + first, in.data(), count * sizeof(std::uint64_t));
  }
  void run(std::uint64_t first, std::uint64_t count) {
    for (std::uint64_t i = first; i < first + count; ++i) {
      ++output_.computed;
      if (data_[i] != i + 1) ++output_.without_data;
    }
  }
  Output take_output() { return std::exchange(output_, Output{}); }
  static void merge(Output& into, Output&& from) {
    into.computed += from.computed;
    into.without_data += from.without_data;
  }
  void between_loops(int, Output&&) {}
  bool matches(const Output&, const Output&) const { return true; }

 private:
  std::uint64_t n_;
  std::vector<std::uint64_t> data_;
  Output output_;
};

// Processors 0, 1 and 2 start with [0, 10), [10, 20) and [20, n) and give
// them to a pool in the order 1's, 2's, 0's; processor 0 alone takes from it,
// first a chunk of 1's and 2's pieces (its data from two holders: 1's small
// piece comes long before 2's large one), then the rest. Counts, on
// processor 0, the chunks it was handed while data of the one before was
// still on its way.
class SpreadPool final : public core::LoopScheme {
 public:
  explicit SpreadPool(std::shared_ptr<int> early) : early_(std::move(early)) {}
  std::string_view name() const override { return "spread-pool"; }
  std::vector<core::IterationSet> initial_share(int rank, int, std::uint64_t n) override {
    if (rank == 0) return {core::IterationSet::range(0, 10)};
    if (rank == 1) return {core::IterationSet::range(10, 10)};
    return {core::IterationSet::range(20, n - 20)};
  }
  void on_loop_start(core::LoopContext& ctx) override {
    const std::uint64_t n = ctx.iterations();
    ctx.refill_pool({{core::IterationSet::range(10, 10), 1},
                     {core::IterationSet::range(20, n - 20), 2},
                     {core::IterationSet::range(0, 10), 0}});
    ctx.release_remaining();
  }
  std::uint64_t chunk_size(std::uint64_t remaining, std::uint64_t index, double, int,
                           int) override {
    return index == 0 ? remaining - 10 : remaining;
  }
  void on_idle(core::LoopContext& ctx) override {
    if (ctx.rank() == 0) ctx.take_from_pool(core::PoolAccess::kMaster);
  }
  void on_chunk(core::LoopContext& ctx, const core::IterationSet& chunk) override {
    if (chunk.empty()) return;
    if (awaited_ > 0) ++*early_;
    // Positions before the last 10 are held by processors 1 and 2.
    const std::uint64_t remote_end = ctx.iterations() - 10;
    awaited_ = chunk.first >= remote_end
                   ? 0
                   : std::min(chunk.first + chunk.count, remote_end) - chunk.first;
  }
  void on_work(core::LoopContext&, int, std::uint64_t count) override {
    awaited_ -= std::min(awaited_, count);
  }

 private:
  std::shared_ptr<int> early_;
  std::uint64_t awaited_ = 0;
};

// Found on the way to making the worker a state machine: the first of a
// chunk's several data messages cleared "a chunk is on its way", and the
// processor took the next chunk while the rest of the first was coming.
TEST(LoopWorker, AChunkFromSeveralHoldersIsWholeBeforeTheNext) {
  core::RunConfig config;
  config.workers = 3;
  config.runtime = core::RuntimeKind::kSim;
  config.search.quantum = 1u << 30;
  // An iteration 1 ms; 2's piece of 20,000 × 8 bytes takes 128 ms to send.
  const std::vector<std::string> machine = {"t_unit=1e-3", "t_node=0"};
  config.machine = core::make_machine_model("now", machine);
  const std::uint64_t n = 20020;
  auto early = std::make_shared<int>(0);
  core::LoopConfig loop;
  loop.make_scheme = [early] { return std::make_unique<SpreadPool>(early); };
  const auto result = core::run_loop<DataLoop>(config, loop, [&] { return DataLoop(n); });
  EXPECT_EQ(result.output.computed, n);
  EXPECT_EQ(result.output.without_data, 0u);
  EXPECT_EQ(result.per_worker[0].iterations, n);
  EXPECT_EQ(result.per_worker[0].chunks, 2u);
  EXPECT_EQ(*early, 0) << "chunks handed out before the one before had all its data";
}

// ---- Each transition, on one worker driven by hand ----

using Worker = core::LoopWorker<DataLoop>;
using core::LoopMessage;
namespace message = core::loop_message;

// Keeps what is sent; no shared counters (rank 0 counts, a master hands chunks).
class KeptOutbox final : public core::Outbox<LoopMessage> {
 public:
  void send(int to, LoopMessage&& m) override { sent.emplace_back(to, std::move(m)); }
  double now() const override { return 0; }
  template <class Body>
  int count() const {
    int n = 0;
    for (const auto& [to, m] : sent) n += std::holds_alternative<Body>(m.body);
    return n;
  }
  std::vector<std::pair<int, LoopMessage>> sent;
};

// A scheme that does what a test tells it, and counts the events it hears.
class Scripted final : public core::LoopScheme {
 public:
  struct Script {
    std::vector<core::IterationSet> share;                   // every rank's initial share
    bool pool = false;                                       // out of work: take a chunk (kMaster)
    bool resume_in_quantum = false;                          // resume() from inside on_quantum
    std::vector<std::pair<core::IterationSet, int>> refill;  // at loop start, if any
    int idle = 0, loops_started = 0, loop_changed_inside_callback = 0;
    core::LoopContext* ctx = nullptr;  // the worker, as the scheme sees it
  };
  explicit Scripted(std::shared_ptr<Script> script) : script_(std::move(script)) {}
  std::string_view name() const override { return "scripted"; }
  std::vector<core::IterationSet> initial_share(int, int, std::uint64_t) override {
    return script_->share;
  }
  std::uint64_t chunk_size(std::uint64_t remaining, std::uint64_t, double, int, int) override {
    return remaining;
  }
  void on_loop_start(core::LoopContext& ctx) override {
    ++script_->loops_started;
    script_->ctx = &ctx;
    if (!script_->refill.empty()) ctx.refill_pool(script_->refill);
  }
  void on_idle(core::LoopContext& ctx) override {
    ++script_->idle;
    if (script_->pool) ctx.take_from_pool(core::PoolAccess::kMaster);
  }
  void on_quantum(core::LoopContext& ctx) override {
    if (!script_->resume_in_quantum) return;
    const int loop = ctx.loop();
    ctx.resume();  // may report the last iterations and so end the loop
    if (ctx.loop() != loop) ++script_->loop_changed_inside_callback;
  }

 private:
  std::shared_ptr<Script> script_;
};

struct Bench {
  Bench(int rank, int size, std::uint64_t n, std::shared_ptr<Scripted::Script> s, int steps = 1)
      : script(std::move(s)) {
    options.quantum = 1u << 30;
    options.steps = steps;
    worker = std::make_unique<Worker>(rank, size, DataLoop(n), std::make_unique<Scripted>(script),
                                      outbox, options, load);
  }
  void deliver(int from, int loop, LoopMessage::Body body) {
    worker->handle(LoopMessage{from, loop, std::move(body)});
  }
  std::shared_ptr<Scripted::Script> script;
  KeptOutbox outbox;
  core::LoopRunOptions options;
  core::LoadModel load;
  std::unique_ptr<Worker> worker;
};

std::shared_ptr<Scripted::Script> share(std::uint64_t first, std::uint64_t count) {
  auto script = std::make_shared<Scripted::Script>();
  script->share = {core::IterationSet::range(first, count)};
  return script;
}

TEST(LoopWorkerStage, OneProcessorRunsEveryLoopThenFinishes) {
  Bench bench(0, 1, 10, share(0, 10), /*steps=*/2);
  bench.worker->start();
  EXPECT_EQ(bench.worker->stage(), Worker::Stage::kRunning);
  bench.worker->work();  // loop 0 done: over, every output in, loop 1 begun
  EXPECT_EQ(bench.worker->stage(), Worker::Stage::kRunning);
  EXPECT_EQ(bench.script->loops_started, 2);
  bench.worker->work();  // loop 1 done: the program is over
  EXPECT_EQ(bench.worker->stage(), Worker::Stage::kFinished);
  EXPECT_TRUE(bench.worker->terminated());
  EXPECT_EQ(bench.worker->output().computed, 10u);
}

// Running → LoopOver → OutputsIn → Running happens when the runtime's call
// returns, not inside the scheme's call that ended the loop.
TEST(LoopWorkerStage, TheNextLoopDoesNotBeginInsideASchemeCallback) {
  auto script = share(0, 10);
  script->resume_in_quantum = true;
  Bench bench(0, 1, 10, script, /*steps=*/2);
  bench.worker->start();
  bench.worker->work();
  EXPECT_EQ(script->loop_changed_inside_callback, 0);
  EXPECT_EQ(script->loops_started, 2);
  EXPECT_EQ(bench.worker->stage(), Worker::Stage::kRunning);
}

TEST(LoopWorkerStage, RankZeroEndsTheLoopWhenTheCountIsCompleteAndEveryOutputIn) {
  Bench bench(0, 2, 20, share(0, 10));
  bench.worker->start();
  bench.worker->work();  // its 10 done, counted: 10 of 20
  EXPECT_EQ(bench.worker->stage(), Worker::Stage::kRunning);
  EXPECT_EQ(bench.worker->activity(), Worker::Activity::kIdle);
  bench.deliver(1, 0, message::Executed{10});  // Running → LoopOver: LoopEnd to 1
  EXPECT_EQ(bench.worker->stage(), Worker::Stage::kLoopOver);
  EXPECT_EQ(bench.outbox.count<message::LoopEnd>(), 1);
  message::Output output;
  DataLoop::Output theirs;
  theirs.computed = 10;
  core::encode(theirs, output.bytes);
  bench.deliver(1, 0, output);  // LoopOver → OutputsIn → (call returns) → Finished
  EXPECT_EQ(bench.worker->stage(), Worker::Stage::kFinished);
  EXPECT_EQ(bench.outbox.count<message::Finish>(), 1);
  EXPECT_EQ(bench.worker->output().computed, 20u);
}

TEST(LoopWorkerStage, AnotherRankSendsItsOutputAtLoopEndAndFinishesOnFinish) {
  Bench bench(1, 2, 20, share(10, 10));
  bench.worker->start();
  bench.worker->work();  // reports 10 to rank 0
  EXPECT_EQ(bench.outbox.count<message::Executed>(), 1);
  bench.deliver(0, 0, message::LoopEnd{});  // Running → LoopOver
  EXPECT_EQ(bench.worker->stage(), Worker::Stage::kLoopOver);
  EXPECT_EQ(bench.outbox.count<message::Output>(), 1);
  bench.deliver(0, 0, message::Finish{});  // LoopOver → Finished
  EXPECT_EQ(bench.worker->stage(), Worker::Stage::kFinished);
}

TEST(LoopWorkerStage, LoopStartBeginsTheNextLoop) {
  Bench bench(1, 2, 20, share(10, 10), /*steps=*/2);
  bench.worker->start();
  bench.worker->work();
  bench.deliver(0, 0, message::LoopEnd{});
  bench.deliver(0, 1, message::LoopStart{});  // LoopOver → Running, loop 1
  EXPECT_EQ(bench.worker->stage(), Worker::Stage::kRunning);
  EXPECT_EQ(bench.script->loops_started, 2);
}

TEST(LoopWorkerStage, AnInterruptedWorkerIgnoresWhatComes) {
  Bench bench(1, 2, 20, share(10, 10));
  bench.worker->start();
  bench.worker->interrupt();  // any → Interrupted
  EXPECT_EQ(bench.worker->stage(), Worker::Stage::kInterrupted);
  EXPECT_FALSE(bench.worker->has_work());
  const std::size_t sent = bench.outbox.sent.size();
  bench.deliver(0, 0, message::LoopEnd{});
  bench.deliver(0, 0, message::Finish{});
  EXPECT_EQ(bench.worker->stage(), Worker::Stage::kInterrupted);
  EXPECT_TRUE(bench.worker->interrupted());
  EXPECT_EQ(bench.outbox.sent.size(), sent);
}

// Work for `bench`'s worker: `set` with its data (DataLoop's values).
message::Work work_of(const core::IterationSet& set) {
  message::Work work;
  work.sets = {set};
  DataLoop source(set.first + set.count);
  source.begin_loop(0);
  source.generate(set.first, set.count);
  source.pack(set.first, set.count, work.data);
  return work;
}

TEST(LoopWorkerActivity, OutOfWorkTellsTheSchemeOnceUntilWorkComes) {
  Bench bench(1, 2, 20, share(10, 5));
  bench.worker->start();
  EXPECT_EQ(bench.worker->activity(), Worker::Activity::kWorking);
  bench.worker->work();  // Working → Idle
  EXPECT_EQ(bench.worker->activity(), Worker::Activity::kIdle);
  EXPECT_EQ(bench.script->idle, 1);
  bench.deliver(0, 0, work_of(core::IterationSet::range(0, 5)));  // Idle → Working
  EXPECT_EQ(bench.worker->activity(), Worker::Activity::kWorking);
  bench.worker->work();  // Working → Idle: told again
  EXPECT_EQ(bench.script->idle, 2);
}

TEST(LoopWorkerActivity, PauseAndResumeKeepWhetherTheSchemeWasTold) {
  auto script = share(10, 5);
  Bench bench(1, 2, 20, script);
  bench.worker->start();
  core::LoopContext& ctx = *script->ctx;
  ctx.pause();  // Working → Paused
  EXPECT_EQ(bench.worker->activity(), Worker::Activity::kPaused);
  EXPECT_FALSE(bench.worker->has_work());
  ctx.resume();  // Paused → Working
  EXPECT_EQ(bench.worker->activity(), Worker::Activity::kWorking);
  bench.worker->work();  // → Idle
  ctx.pause();           // Idle → PausedIdle
  EXPECT_EQ(bench.worker->activity(), Worker::Activity::kPausedIdle);
  ctx.resume();  // PausedIdle → Idle, the scheme not told again
  EXPECT_EQ(bench.worker->activity(), Worker::Activity::kIdle);
  EXPECT_EQ(script->idle, 1);
  ctx.pause();
  bench.deliver(0, 0, work_of(core::IterationSet::range(0, 5)));  // PausedIdle → Paused
  EXPECT_EQ(bench.worker->activity(), Worker::Activity::kPaused);
  EXPECT_FALSE(bench.worker->has_work());
}

TEST(LoopWorkerChunkWait, AGrantThenItsDataThenNone) {
  auto script = std::make_shared<Scripted::Script>();
  script->pool = true;
  Bench bench(1, 2, 20, script);
  bench.worker->start();  // holds nothing: None → Grant
  EXPECT_EQ(bench.worker->chunk_wait(), Worker::ChunkWait::kGrant);
  EXPECT_EQ(bench.outbox.count<message::ChunkRequest>(), 1);
  const core::IterationSet chunk = core::IterationSet::range(0, 8);
  bench.deliver(0, 0, message::ChunkGrant{chunk});  // Grant → Data: held by rank 0
  EXPECT_EQ(bench.worker->chunk_wait(), Worker::ChunkWait::kData);
  EXPECT_EQ(bench.outbox.count<message::DataRequest>(), 1);
  bench.deliver(0, 0, work_of(chunk));  // Data → None
  EXPECT_EQ(bench.worker->chunk_wait(), Worker::ChunkWait::kNone);
  EXPECT_TRUE(bench.worker->has_work());
}

TEST(LoopWorkerChunkWait, ADryPoolLeavesNone) {
  auto script = std::make_shared<Scripted::Script>();
  script->pool = true;
  Bench bench(1, 2, 20, script);
  bench.worker->start();
  bench.deliver(0, 0, message::ChunkGrant{});  // Grant → None
  EXPECT_EQ(bench.worker->chunk_wait(), Worker::ChunkWait::kNone);
}

// The bug: the first part's Work ended the wait.
TEST(LoopWorkerChunkWait, OnePartOfSeveralKeepsData) {
  auto script = std::make_shared<Scripted::Script>();
  script->pool = true;
  script->refill = {{core::IterationSet::range(0, 4), 0}, {core::IterationSet::range(4, 16), 2}};
  Bench bench(1, 3, 20, script);
  bench.worker->start();
  bench.deliver(0, 0, message::ChunkGrant{core::IterationSet::range(0, 20)});
  EXPECT_EQ(bench.outbox.count<message::DataRequest>(), 2);
  bench.deliver(0, 0, work_of(core::IterationSet::range(0, 4)));
  EXPECT_EQ(bench.worker->chunk_wait(), Worker::ChunkWait::kData);
  bench.worker->work();  // does the 4, is out of work: takes nothing
  EXPECT_EQ(bench.outbox.count<message::ChunkRequest>(), 1);
  bench.deliver(2, 0, work_of(core::IterationSet::range(4, 16)));  // the last part: → None
  EXPECT_EQ(bench.worker->chunk_wait(), Worker::ChunkWait::kNone);
}

}  // namespace
}  // namespace stacksplit::testing
