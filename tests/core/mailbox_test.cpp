#include "core/detail/mailbox.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <thread>
#include <vector>

#include "core/detail/message.hpp"

namespace stacksplit::core {
namespace {

using TestMessage = Message<std::uint32_t>;

TestMessage shared(bool urgent) { return TestMessage{1, Shared{{2, 5, -7}, urgent}}; }

// A long node ends for the search's end and for knowledge its sender marked
// urgent (a verdict); requests, termination waves and learned clauses wait.
TEST(Mailbox, OnlyTheEndAndUrgentKnowledgeAreUrgent) {
  EXPECT_TRUE(is_urgent(TestMessage{0, Stop{}}));
  EXPECT_TRUE(is_urgent(TestMessage{0, Terminate{}}));
  EXPECT_TRUE(is_urgent(shared(true)));
  EXPECT_FALSE(is_urgent(shared(false)));
  EXPECT_FALSE(is_urgent(TestMessage{0, WorkRequest{}}));
  EXPECT_FALSE(is_urgent(TestMessage{0, TerminationProbe{}}));
  EXPECT_FALSE(is_urgent(TestMessage{0, Reject{}}));
  EXPECT_FALSE(is_urgent(TestMessage{0, Incumbent{3}}));
}

// Its owner asks, in the middle of a node, whether an urgent message waits:
// the count follows what is posted and what is popped, in any order.
TEST(Mailbox, CountsTheUrgentMessagesInIt) {
  Mailbox<TestMessage> box;
  EXPECT_FALSE(box.urgent_waiting());
  box.post(shared(false));
  box.post(TestMessage{0, WorkRequest{}});
  box.wake();
  EXPECT_FALSE(box.urgent_waiting()) << "three in it, none urgent";
  box.post(shared(true));
  box.post(TestMessage{0, Stop{}});
  EXPECT_TRUE(box.urgent_waiting());
  Envelope<TestMessage> envelope;
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(box.try_pop(envelope));
  EXPECT_TRUE(box.urgent_waiting());
  box.pop(envelope);
  EXPECT_EQ(envelope.message, shared(true)) << "in the order posted";
  EXPECT_TRUE(box.urgent_waiting()) << "the stop still waits";
  ASSERT_TRUE(box.try_pop(envelope));
  EXPECT_FALSE(box.urgent_waiting());
  EXPECT_FALSE(box.try_pop(envelope));
}

TEST(Mailbox, CountsUrgentMessagesPostedFromOtherThreads) {
  Mailbox<TestMessage> box;
  constexpr int kEach = 2000;
  std::vector<std::thread> senders;
  for (int t = 0; t < 3; ++t)
    senders.emplace_back([&box, t] {
      for (int i = 0; i < kEach; ++i) box.post(i % 2 == 0 ? shared(t == 0) : shared(false));
    });
  int urgent = 0;
  Envelope<TestMessage> envelope;
  for (int popped = 0; popped < 3 * kEach; ++popped) {
    box.pop(envelope);
    if (envelope.urgent) ++urgent;
  }
  for (std::thread& sender : senders) sender.join();
  EXPECT_EQ(urgent, kEach / 2);
  EXPECT_FALSE(box.urgent_waiting());
}

}  // namespace
}  // namespace stacksplit::core
