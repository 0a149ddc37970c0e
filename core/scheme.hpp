#pragma once
// A load-balancing scheme decides who asks whom for work, or who pushes work
// to whom. It reacts to a worker's events and acts through SchemeContext; it
// never sees the search space, the stack or the runtime. Every hook has the
// receiver-initiated default, so a scheme overrides only what it changes.

#include <array>
#include <boost/serialization/array.hpp>
#include <cstdint>
#include <memory>
#include <string_view>

#include "core/split_request.hpp"
#include "core/topology/placement.hpp"
#include "core/topology/topology.hpp"

namespace stacksplit::core {

// A scheme's own message: a kind it defines and up to three integers (GRR's
// target, GRR-M's combined count, SB's pairing, ...).
struct SchemeMessage {
  std::int32_t kind = 0;
  std::array<std::int64_t, 3> values{};

  bool operator==(const SchemeMessage&) const = default;

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar& kind;
    ar& values;
  }
};

// What a scheme may do on behalf of its worker.
class SchemeContext {
 public:
  virtual ~SchemeContext() = default;

  virtual int rank() const = 0;
  virtual int size() const = 0;
  virtual const Topology& topology() const = 0;
  // Which workers share a node (nodes × cores); flat schemes ignore it, the
  // two-level policy reads it (schemes/two_level.hpp).
  virtual const Placement& placement() const = 0;
  virtual double now() const = 0;
  // A uniform integer in [0, bound), from the worker's seeded generator.
  virtual std::uint64_t random_below(std::uint64_t bound) = 0;

  virtual bool has_work() const = 0;
  // Untried alternatives on this worker's stack.
  virtual std::uint64_t untried() const = 0;
  // Depth of the node this worker is expanding (the root is 0).
  virtual std::uint32_t depth() const = 0;
  // True while a work request of this worker is unanswered.
  virtual bool request_outstanding() const = 0;
  // The run's cutoff depth (--cutoff), kNoCutoff when none was given.
  virtual std::uint32_t cutoff_depth() const = 0;
  // Nodes this deep are counted whole by the application and never stand on
  // a stack, so no part deeper than this can be sent (kNoCutoff: none).
  virtual std::uint32_t serial_depth() const = 0;

  // Asks `victim` for work. One request is outstanding at a time.
  virtual void request_work(int victim) = 0;
  // Splits this worker's stack and sends the part to `to`; false (nothing
  // sent) when the stack cannot be split.
  virtual bool send_work(int to) = 0;
  // Sends `to` the part of the running stack the scheme names (a queued unit
  // is never cut this way); false when nothing fits.
  virtual bool send_work(int to, const SplitRequest& part) = 0;
  // Answers a work request from `to` with a reject.
  virtual void reject(int to) = 0;
  virtual void send(int to, const SchemeMessage& message) = 0;
  // Asks for on_generated whenever expansion lays out new alternatives at
  // `depth` or shallower (0: never, the default).
  virtual void watch_generated(std::uint32_t depth) = 0;
};

class Scheme {
 public:
  virtual ~Scheme() = default;
  virtual std::string_view name() const = 0;

  // Once, before any message; rank 0 already holds the root.
  virtual void on_start(SchemeContext& /*ctx*/) {}
  // The worker has no work and no request outstanding: find some.
  virtual void on_idle(SchemeContext& ctx) = 0;
  // A request of ours was rejected; by default look elsewhere.
  virtual void on_reject(SchemeContext& ctx, int /*from*/) { on_idle(ctx); }
  // Someone asks us for work, whether or not we have any; by default split if
  // we can, else reject. A scheme may also hold the request and answer it
  // later (a manager with nothing to hand out yet).
  virtual void on_work_request(SchemeContext& ctx, int from) {
    if (!ctx.send_work(from)) ctx.reject(from);
  }
  // Work arrived (from a request of ours or pushed to us).
  virtual void on_work(SchemeContext& /*ctx*/, int /*from*/) {}
  // A busy worker finished a quantum of expansions (sender-initiated pushing).
  virtual void on_quantum(SchemeContext& /*ctx*/) {}
  // Expansion just laid out `count` new alternatives at `depth`, the deepest
  // level of the stack (only at depths the scheme watches).
  virtual void on_generated(SchemeContext& /*ctx*/, std::uint32_t /*depth*/,
                            std::uint32_t /*count*/) {}
  virtual void on_message(SchemeContext& /*ctx*/, int /*from*/, const SchemeMessage& /*m*/) {}
};

}  // namespace stacksplit::core
