#pragma once
// Network characterization as an agent the runtimes drive like any other
// (core/detail/agent.hpp), so `stacksplit netchar` measures whatever runtime
// it is given — the simulated machine included, which the cost model then
// never has to read (Zaki, Parthasarathy & Li, "Customized Dynamic Load
// Balancing", §1.5.1: latency, bandwidth, and the one-to-all, all-to-one
// and all-to-all exchanges against P and the message size).
//
// Rank 0 runs the rounds one after another, among the first p ranks:
// - a ping-pong of m bytes between ranks 0 and 1: a message is half the round;
// - one-to-all: m bytes from 0 to the others, each acknowledging (an empty
//   message); the exchange ends when the last has its message;
// - all-to-one: a start sent to the others, each then sending m bytes to 0;
// - all-to-all: a start, then every one sends m bytes to every other and
//   tells 0 when it has them all.
// A round's time is rank 0's from its start to its last message in, less
// what the empty start and end messages cost (measured the same way first).

#include <algorithm>
#include <boost/serialization/vector.hpp>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/detail/outbox.hpp"
#include "core/detail/work_unit.hpp"
#include "core/sim/machine_model.hpp"

namespace stacksplit::cli {

enum class ProbePattern : std::uint8_t { kPingPong, kOneToAll, kAllToOne, kAllToAll };

struct ProbeRound {
  ProbePattern pattern;
  int processors;
  std::uint64_t bytes;
};

struct ProbeMeasurement {
  ProbeRound round;
  double seconds;  // the raw time of the round at rank 0
};

struct ProbeMessage {
  enum Kind : std::uint8_t { kData, kAck, kStart, kDone, kFinish };
  std::int32_t from = -1;
  std::uint8_t kind = kData;
  std::vector<std::byte> payload;

  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar& from;
    ar& kind;
    core::serialize_trivial_vector(ar, payload);
  }
};

inline std::uint64_t message_bytes(const ProbeMessage& message, std::uint64_t header_bytes) {
  return header_bytes + message.payload.size();
}

class ExchangeProbe {
 public:
  using Message = ProbeMessage;

  ExchangeProbe(int rank, int size, std::vector<ProbeRound> rounds, core::Outbox<Message>& outbox)
      : rank_(rank), size_(size), rounds_(std::move(rounds)), outbox_(outbox) {}

  void start() {
    if (rank_ == 0) next_round();
  }
  void work() {}
  void interrupt() { terminated_ = true; }
  bool terminated() const { return terminated_; }
  bool has_work() const { return false; }
  double busy_seconds(const core::MachineModel&) const { return 0; }

  void handle(Message&& message) {
    if (message.kind == ProbeMessage::kFinish) {
      terminated_ = true;
      return;
    }
    if (rank_ == 0) {
      at_root(message);
    } else {
      at_other(message);
    }
  }

  // Rank 0, after the run: every round's time, in order.
  const std::vector<ProbeMeasurement>& measurements() const { return measurements_; }

 private:
  const ProbeRound& round() const { return rounds_[current_]; }

  void send(int to, std::uint8_t kind, std::uint64_t bytes = 0) {
    ProbeMessage message{rank_, kind, std::vector<std::byte>(bytes)};
    outbox_.send(to, std::move(message));
  }

  void next_round() {
    if (current_ == rounds_.size()) {
      for (int other = 1; other < size_; ++other) send(other, ProbeMessage::kFinish);
      terminated_ = true;
      return;
    }
    const ProbeRound& r = round();
    awaited_ = 0;
    started_ = outbox_.now();
    switch (r.pattern) {
      case ProbePattern::kPingPong:
        send(1, ProbeMessage::kData, r.bytes);
        awaited_ = 1;
        break;
      case ProbePattern::kOneToAll:
        for (int other = 1; other < r.processors; ++other)
          send(other, ProbeMessage::kData, r.bytes);
        awaited_ = r.processors - 1;
        break;
      case ProbePattern::kAllToOne:
        for (int other = 1; other < r.processors; ++other) send(other, ProbeMessage::kStart);
        awaited_ = r.processors - 1;
        break;
      case ProbePattern::kAllToAll:
        for (int other = 1; other < r.processors; ++other) send(other, ProbeMessage::kStart);
        for (int other = 1; other < r.processors; ++other)
          send(other, ProbeMessage::kData, r.bytes);
        // The others' data to 0, and each one's word that it has all.
        awaited_ = 2 * (r.processors - 1);
        break;
    }
  }

  void at_root(const Message& /*message*/) {
    if (--awaited_ > 0) return;
    measurements_.push_back({round(), outbox_.now() - started_});
    ++current_;
    next_round();
  }

  // The others keep to the same list of rounds, skipping those they are not in;
  // rank 0 starts a round only when every one has finished the last.
  void at_other(const Message& message) {
    while (cursor_ < rounds_.size() && rank_ >= rounds_[cursor_].processors) ++cursor_;
    if (cursor_ == rounds_.size()) return;
    const ProbeRound& r = rounds_[cursor_];
    switch (r.pattern) {
      case ProbePattern::kPingPong:
        send(0, ProbeMessage::kData, r.bytes);
        ++cursor_;
        break;
      case ProbePattern::kOneToAll:
        send(0, ProbeMessage::kAck);
        ++cursor_;
        break;
      case ProbePattern::kAllToOne:
        send(0, ProbeMessage::kData, r.bytes);
        ++cursor_;
        break;
      case ProbePattern::kAllToAll:
        if (message.kind == ProbeMessage::kStart) {
          started_here_ = true;
          for (int other = 0; other < r.processors; ++other)
            if (other != rank_) send(other, ProbeMessage::kData, r.bytes);
        } else {
          ++received_;
        }
        if (started_here_ && received_ == r.processors - 1) {
          send(0, ProbeMessage::kDone);
          started_here_ = false;
          received_ = 0;
          ++cursor_;
        }
        break;
    }
  }

  int rank_;
  int size_;
  std::vector<ProbeRound> rounds_;
  core::Outbox<Message>& outbox_;
  bool terminated_ = false;
  // Rank 0.
  std::size_t current_ = 0;
  int awaited_ = 0;
  double started_ = 0;
  std::vector<ProbeMeasurement> measurements_;
  // The others.
  std::size_t cursor_ = 0;  // the round under way here
  bool started_here_ = false;
  int received_ = 0;
};

}  // namespace stacksplit::cli
