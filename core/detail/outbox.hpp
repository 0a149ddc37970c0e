#pragma once
// How a worker reaches the others: the one thing a runtime must give it.

#include <atomic>
#include <cstdint>

#include "core/detail/message.hpp"

namespace stacksplit::core {

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
};

}  // namespace stacksplit::core
