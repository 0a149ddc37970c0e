#pragma once
// A loop scheme decides how the iterations of a parallel loop are shared out
// and moved: by chunks from a shared pool (self-scheduling and its family),
// by a fixed partition (static), or by interrupting, profiling and moving
// work between processors (Zaki et al.'s strategies, profiled
// re-partitioning). It reacts to its worker's events and acts through
// LoopContext; it never sees the kernel or the runtime.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

#include "core/loop/iteration_set.hpp"
#include "core/loop/loop_message.hpp"

namespace stacksplit::core {

// How a pool chunk is reached: one-sided (an atomic, an MPI window; on the
// simulator an owner charged per access), or by asking a master that answers
// between its own chunks of work.
enum class PoolAccess : std::uint8_t { kSharedCounter, kMaster };

// What a scheme may know of the external load before it measures anything:
// the processors' nominal speeds S_i and the load model's parameters the run
// was given (mℓ, tℓ). Not the loads themselves: the run's seed and each
// period's draw, future periods included, are the simulated world's, and a
// processor sees them only as the time its work took (done_since_mark,
// busy_since_mark).
struct LoadParameters {
  std::vector<double> speeds;  // S_i, one per processor
  int max_load = 0;            // mℓ; 0: no external load
  double persistence = 1;      // tℓ, seconds
};

class LoopContext {
 public:
  virtual ~LoopContext() = default;

  virtual int rank() const = 0;
  virtual int size() const = 0;
  virtual double now() const = 0;
  // The loop under way: its index (all steps' nests counted) and its size N.
  virtual int loop() const = 0;
  virtual std::uint64_t iterations() const = 0;
  virtual const LoadParameters& load_parameters() const = 0;

  // Iterations this worker holds and has not done yet.
  virtual std::uint64_t remaining() const = 0;
  // Those iterations, in the order this worker would do them.
  virtual std::vector<IterationSet> held() const = 0;
  // The profile since the last mark: iterations done and the seconds spent
  // doing them (busy time, the load included).
  virtual std::uint64_t done_since_mark() const = 0;
  virtual double busy_since_mark() const = 0;
  virtual void mark_profile() = 0;

  // Asks the pool for its next chunk; on_chunk() answers.
  virtual void take_from_pool(PoolAccess access) = 0;
  // From now on (this loop) the pool is these ranges, each with the processor
  // that holds its data, in this order; every processor must say the same.
  // A processor gives up what it holds to the pool with release_remaining()
  // (the data stays where it is until a chunk's taker asks for it).
  virtual void refill_pool(const std::vector<std::pair<IterationSet, int>>& pieces) = 0;
  virtual void release_remaining() = 0;
  // Sends up to `count` of the iterations left, from the back, with their
  // data; returns how many went.
  virtual std::uint64_t send_iterations(int to, std::uint64_t count) = 0;
  virtual void send(int to, const LoopSchemeMessage& message) = 0;
  // While paused the worker does no iterations (a synchronization).
  virtual void pause() = 0;
  virtual void resume() = 0;
  virtual bool paused() const = 0;
  // For the statistics: this processor took part in a synchronization (which
  // moved work or not), or sent instructions as a central balancer.
  virtual void note_synchronization(bool moved) = 0;
  virtual void note_instructions(std::uint64_t messages) = 0;
};

class LoopScheme {
 public:
  virtual ~LoopScheme() = default;
  virtual std::string_view name() const = 0;

  // The iterations `rank` starts a loop of n iterations with.
  virtual std::vector<IterationSet> initial_share(int rank, int size, std::uint64_t n) = 0;
  // A pool scheme starts everyone with nothing: the iterations wait in the
  // pool (at rank 0, with their data) for take_from_pool().
  virtual bool uses_pool() const { return false; }
  // The size of the next pool chunk, when `remaining` iterations are left and
  // `index` chunks were handed out, for processor `requester` of `size`, who
  // asks with `weight` (its pool_weight()). Called wherever the pool is
  // updated: on the asking processor (a shared counter) or on rank 0.
  virtual std::uint64_t chunk_size(std::uint64_t /*remaining*/, std::uint64_t /*index*/,
                                   double /*weight*/, int /*requester*/, int /*size*/) {
    return 1;
  }
  // The weight this processor asks the pool with (AWF: its measured speed).
  virtual double pool_weight() const { return 1; }

  // What the scheme carries from one loop to the next (profiled: the
  // partition it ended with): rank 0's goes to everyone with the next loop's
  // start, so that all start from the same.
  virtual std::vector<std::int64_t> carry_over() const { return {}; }
  virtual void take_carry_over(const std::vector<std::int64_t>& /*carried*/) {}

  virtual void on_loop_start(LoopContext& /*ctx*/) {}
  // After every quantum of iterations this processor did.
  virtual void on_quantum(LoopContext& /*ctx*/) {}
  // The worker has done every iteration it holds.
  virtual void on_idle(LoopContext& /*ctx*/) {}
  // A chunk from the pool (empty: the pool is dry). Its iterations are this
  // worker's already (their data may still be on the way).
  virtual void on_chunk(LoopContext& /*ctx*/, const IterationSet& /*chunk*/) {}
  // `count` iterations arrived from `from`.
  virtual void on_work(LoopContext& /*ctx*/, int /*from*/, std::uint64_t /*count*/) {}
  virtual void on_message(LoopContext& /*ctx*/, int /*from*/, const LoopSchemeMessage& /*m*/) {}

  // What the scheme has to say about the run, for the summary and the record
  // (auto: its choice and the predictions); null when nothing.
  virtual nlohmann::json report() const { return nullptr; }
};

}  // namespace stacksplit::core
