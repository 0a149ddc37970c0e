// Every message kind, with the choice type of every application, survives the
// MPI runtime's wire format (Boost binary archive into a byte buffer) intact.

#include "core/mpi/wire_format.hpp"

#include <gtest/gtest.h>

#include <boost/archive/archive_exception.hpp>
#include <cstdint>
#include <vector>

#include "apps/uts/uts_node.hpp"
#include "core/detail/message.hpp"
#include "core/worker_statistics.hpp"
#include "tests/core/sample_messages.hpp"

namespace stacksplit::core {
namespace {

template <class Choice>
void expect_every_tag_round_trips(const std::vector<Choice>& choices) {
  std::vector<char> bytes(3, 'x');  // encode replaces what was there
  for (const Message<Choice>& sent : testing::one_message_of_each_kind(choices)) {
    SCOPED_TRACE(kind_name(sent));
    encode(sent, bytes);
    Message<Choice> got;
    decode(bytes, got);
    EXPECT_TRUE(got == sent);
    EXPECT_EQ(got.body.index(), sent.body.index());
    EXPECT_EQ(got.from, sent.from);
  }
}

TEST(WireFormat, AnUnknownKindIsACorruptArchive) {
  std::vector<char> stop, terminate;
  encode(Message<std::uint32_t>{3, Stop{}}, stop);
  encode(Message<std::uint32_t>{3, Terminate{}}, terminate);
  // The kinds differ only in their index: make it one no kind has.
  ASSERT_EQ(stop.size(), terminate.size());
  std::size_t index = 0;
  while (index < stop.size() && stop[index] == terminate[index]) ++index;
  ASSERT_LT(index, stop.size());
  stop[index] = 100;
  Message<std::uint32_t> got;
  EXPECT_THROW(decode(stop, got), boost::archive::archive_exception);
}

TEST(WireFormat, EveryMessageKindRoundTripsWithColumnChoices) {  // N-Queens
  expect_every_tag_round_trips<std::uint32_t>({1u << 3, 1u << 29, 1});
}

TEST(WireFormat, EveryMessageKindRoundTripsWithLiteralChoices) {  // SAT
  expect_every_tag_round_trips<std::int32_t>({-5, 12, -2147483647});
}

TEST(WireFormat, EveryMessageKindRoundTripsWithSelfContainedNodes) {  // UTS
  apps::uts::UtsNode a, b, c;
  for (std::size_t i = 0; i < a.state.size(); ++i) {
    a.state[i] = static_cast<decltype(a.state)::value_type>(i);
    b.state[i] = static_cast<decltype(b.state)::value_type>(255 - i);
  }
  a.height = 3;
  b.height = 1572;
  c.type = apps::uts::TreeType::kBinomial;
  expect_every_tag_round_trips<apps::uts::UtsNode>({a, b, c});
}

TEST(WireFormat, ControlMessagesAreSmallAndWorkGrowsWithItsNodes) {
  std::vector<char> request, small_work, large_work;
  encode(Message<std::uint32_t>{3, WorkRequest{}}, request);
  Work<std::uint32_t> work;
  work.unit.alternatives.assign(10, 1);
  encode(Message<std::uint32_t>{3, work}, small_work);
  work.unit.alternatives.assign(1010, 1);
  encode(Message<std::uint32_t>{3, work}, large_work);
  EXPECT_LT(request.size(), 100u) << "no archive header, no padding";
  EXPECT_EQ(large_work.size() - small_work.size(), 1000 * sizeof(std::uint32_t));
}

TEST(WireFormat, StatisticsRoundTrip) {
  WorkerStatistics sent;
  sent.nodes = 102181082;
  sent.bytes_sent = 1234567;
  sent.max_depth = 1572;
  sent.idle_seconds = 0.25;
  std::vector<char> bytes;
  encode(sent, bytes);
  WorkerStatistics got;
  decode(bytes, got);
  EXPECT_EQ(got.nodes, sent.nodes);
  EXPECT_EQ(got.bytes_sent, sent.bytes_sent);
  EXPECT_EQ(got.max_depth, sent.max_depth);
  EXPECT_EQ(got.idle_seconds, sent.idle_seconds);
}

TEST(WireFormat, TruncatedBytesThrow) {
  Work<std::uint32_t> work;
  work.unit.alternatives.assign(10, 1);
  std::vector<char> bytes;
  encode(Message<std::uint32_t>{3, work}, bytes);
  bytes.resize(bytes.size() - 5);
  Message<std::uint32_t> got;
  EXPECT_THROW(decode(bytes, got), boost::archive::archive_exception);
}

}  // namespace
}  // namespace stacksplit::core
