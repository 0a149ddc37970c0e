#include "core/termination.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <vector>

namespace stacksplit::core {
namespace {

// Drives a ring of passive processes. Rank 0 starts a round when passive and,
// at the end of a round that does not terminate, immediately starts the next.
class Ring {
 public:
  explicit Ring(int size) {
    for (int rank = 0; rank < size; ++rank) processes_.emplace_back(rank, size);
  }
  SafraTermination& operator[](int rank) { return processes_[rank]; }

  // One full round; returns whether rank 0 declared termination at its end.
  bool run_round() {
    if (!next_) {
      auto start = processes_[0].when_passive();
      if (start.terminated) return true;
      EXPECT_TRUE(start.send);
      next_ = start.send;
    }
    Token token = *next_;
    for (std::size_t rank = 1; rank < processes_.size(); ++rank) {
      processes_[rank].on_token(token);
      auto forward = processes_[rank].when_passive();
      EXPECT_TRUE(forward.send);
      EXPECT_FALSE(forward.terminated);
      token = *forward.send;
    }
    processes_[0].on_token(token);
    auto end = processes_[0].when_passive();
    next_ = end.send;
    return end.terminated;
  }

 private:
  std::vector<SafraTermination> processes_;
  std::optional<Token> next_;
};

TEST(SafraTermination, OneProcessTerminatesWhenPassive) {
  SafraTermination alone(0, 1);
  EXPECT_TRUE(alone.when_passive().terminated);
}

TEST(SafraTermination, QuietRingTerminatesAfterOneRound) {
  Ring ring(4);
  EXPECT_TRUE(ring.run_round()) << "a round that comes back white with zero ends it";
}

TEST(SafraTermination, WorkInFlightPreventsTermination) {
  Ring ring(3);
  ring[1].on_activating_sent();  // rank 1 sent work to rank 2, not yet received
  EXPECT_FALSE(ring.run_round()) << "the counts sum to 1: a message is in flight";
  ring[2].on_activating_received();  // rank 2 got it (and turns black)
  EXPECT_FALSE(ring.run_round()) << "rank 2 is black: it may have been re-activated";
  EXPECT_TRUE(ring.run_round()) << "a clean round after the delivery ends it";
}

TEST(SafraTermination, WorkReceivedByTheInitiatorDuringARoundIsSeen) {
  SafraTermination rank0(0, 2), rank1(1, 2);
  auto start = rank0.when_passive();
  ASSERT_TRUE(start.send);
  // While the token is away, rank 1 sends work to rank 0, which receives it.
  rank1.on_activating_sent();
  rank0.on_activating_received();
  rank1.on_token(*start.send);
  auto back = rank1.when_passive();
  ASSERT_TRUE(back.send);
  EXPECT_EQ(back.send->count, 1);
  rank0.on_token(*back.send);
  auto verdict = rank0.when_passive();
  EXPECT_FALSE(verdict.terminated) << "counts sum to zero, but rank 0 is black";
  ASSERT_TRUE(verdict.send) << "rank 0 starts another round";
  rank1.on_token(*verdict.send);
  rank0.on_token(*rank1.when_passive().send);
  EXPECT_TRUE(rank0.when_passive().terminated);
}

TEST(SafraTermination, BothEventsBeforeTheRoundLeaveNothingInFlight) {
  Ring ring(2);
  ring[1].on_activating_sent();
  ring[0].on_activating_received();
  EXPECT_TRUE(ring.run_round()) << "sent and received before the round: all quiet";
}

TEST(SafraTermination, TokenOnlyMovesFromItsHolder) {
  Ring ring(3);
  EXPECT_FALSE(ring[1].when_passive().send) << "rank 1 has no token yet";
  EXPECT_TRUE(ring[0].when_passive().send);
  EXPECT_FALSE(ring[0].when_passive().send) << "the token left rank 0";
}

}  // namespace
}  // namespace stacksplit::core
