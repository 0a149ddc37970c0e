#pragma once
// Dijkstra–Safra termination detection (EWD998). Chosen because it needs no
// acknowledgements and no global clock, works on any runtime that delivers
// messages eventually (threads, MPI, the simulator), and is proven for
// asynchronous message passing with in-flight messages: every worker counts
// the activating messages it sends minus those it receives, turns black on
// receipt, and a token travelling the ring 0 → 1 → … → P−1 → 0 sums the
// counts; rank 0 declares termination when a round comes back white with a
// total of zero while it is passive and white itself.
//
// Only work units activate a worker; requests, rejects and scheme control do
// not, so they need not be counted.

#include <cstdint>
#include <optional>

namespace stacksplit::core {

struct Token {
  std::int64_t count = 0;
  bool black = false;
};

class SafraTermination {
 public:
  SafraTermination(int rank, int size) : rank_(rank), size_(size), holding_(rank == 0) {}

  void on_activating_sent() { ++counter_; }
  void on_activating_received() {
    --counter_;
    black_ = true;
  }

  void on_token(const Token& token) {
    holding_ = true;
    token_ = token;
    round_returned_ = (rank_ == 0);
  }

  // What to do when passive: nothing, forward/start the token, or terminate.
  struct Decision {
    std::optional<Token> send;  // to next()
    bool terminated = false;
  };

  Decision when_passive() {
    Decision decision;
    if (!holding_) return decision;
    if (size_ == 1) {
      decision.terminated = true;
      return decision;
    }
    if (rank_ == 0) {
      if (round_returned_ && !token_.black && !black_ && token_.count + counter_ == 0) {
        decision.terminated = true;
        holding_ = false;
        return decision;
      }
      black_ = false;
      decision.send = Token{0, false};
    } else {
      decision.send = Token{token_.count + counter_, token_.black || black_};
      black_ = false;
    }
    holding_ = false;
    round_returned_ = false;
    return decision;
  }

  int next() const { return (rank_ + 1) % size_; }
  std::int64_t counter() const { return counter_; }

 private:
  int rank_;
  int size_;
  std::int64_t counter_ = 0;
  bool black_ = false;
  bool holding_;
  bool round_returned_ = false;
  Token token_;
};

}  // namespace stacksplit::core
