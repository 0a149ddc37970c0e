#pragma once
// How a worker reaches the others: the one thing a runtime must give it.

#include "core/message.hpp"

namespace stacksplit::core {

template <class Choice>
class Outbox {
 public:
  virtual ~Outbox() = default;
  // Delivers eventually, in order between any two workers; never blocks long.
  virtual void send(int to, Message<Choice>&& message) = 0;
  // Seconds in the runtime's clock (wall, logical or virtual).
  virtual double now() const = 0;
};

}  // namespace stacksplit::core
