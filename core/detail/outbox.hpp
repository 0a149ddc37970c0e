#pragma once
// How a worker reaches the others: the one thing a runtime must give it.

#include <atomic>
#include <cstdint>

#include "core/detail/message.hpp"

namespace stacksplit::core {

// A few 64-bit counters every worker of a run updates atomically without
// their owner's help: the loop family's shared pool (an atomic on threads,
// an MPI window under MPI).
class SharedCounters {
 public:
  static constexpr int kCount = 4;
  virtual ~SharedCounters() = default;
  virtual std::uint64_t load(int index) = 0;
  virtual void store(int index, std::uint64_t value) = 0;
  virtual std::uint64_t fetch_add(int index, std::uint64_t value) = 0;
  // Like std::atomic::compare_exchange_strong.
  virtual bool compare_exchange(int index, std::uint64_t& expected, std::uint64_t desired) = 0;
};

template <class Message>
class Outbox {
 public:
  virtual ~Outbox() = default;
  // Delivers eventually, in order between any two workers; never blocks long.
  virtual void send(int to, Message&& message) = 0;
  // Seconds in the runtime's clock (wall, logical or virtual).
  virtual double now() const = 0;
  // The fixed part of every message's size (core/detail/message.hpp).
  virtual std::uint64_t header_bytes() const { return kDefaultHeaderBytes; }
  // Optimize mode on one shared memory: the incumbent every worker reads
  // before its next quantum, instead of a broadcast. Null elsewhere.
  virtual std::atomic<std::int64_t>* shared_incumbent() { return nullptr; }
  // Counters shared without messages, where the runtime has them; null
  // elsewhere (the loop engine then asks rank 0 by message).
  virtual SharedCounters* shared_counters() { return nullptr; }
  // Whether an urgent message (is_urgent, core/detail/message.hpp) for
  // worker `rank` waits, asked from that worker's own thread in the middle
  // of a long node; false where the runtime cannot tell (the simulator and
  // the step runtime, whose nodes take no wall time).
  virtual bool mail_waiting(int rank) {
    (void)rank;
    return false;
  }
};

}  // namespace stacksplit::core
