// Every message kind, with the choice type of every application, survives the
// MPI runtime's wire format (Boost binary archive into a byte buffer) intact.

#include "core/runtime/wire_format.hpp"

#include <gtest/gtest.h>

#include <boost/archive/archive_exception.hpp>
#include <cstdint>
#include <vector>

#include "apps/uts/uts_node.hpp"
#include "core/message.hpp"
#include "core/worker_statistics.hpp"

namespace stacksplit::core {
namespace {

template <class Choice>
Message<Choice> sample_message(MessageTag tag, const std::vector<Choice>& choices) {
  Message<Choice> message;
  message.tag = tag;
  message.from = 1000 + static_cast<int>(tag);
  message.control.kind = -3 - static_cast<int>(tag);
  message.control.values = {-1, static_cast<std::int64_t>(tag), std::int64_t{1} << 50};
  if (tag == MessageTag::kWork) {
    message.work.base_depth = 7;
    message.work.path = {choices[0], choices[1]};
    message.work.level_sizes = {0, 2, 1};
    message.work.alternatives = {choices[2], choices[1], choices[0]};
  }
  return message;
}

template <class Choice>
void expect_every_tag_round_trips(const std::vector<Choice>& choices) {
  std::vector<char> bytes(3, 'x');  // encode replaces what was there
  for (int t = 0; t < kMessageTagCount; ++t) {
    const auto tag = static_cast<MessageTag>(t);
    SCOPED_TRACE(to_string(tag));
    const Message<Choice> sent = sample_message(tag, choices);
    encode(sent, bytes);
    Message<Choice> got;
    decode(bytes, got);
    EXPECT_EQ(got.tag, sent.tag);
    EXPECT_EQ(got.from, sent.from);
    EXPECT_EQ(got.control.kind, sent.control.kind);
    EXPECT_EQ(got.control.values, sent.control.values);
    EXPECT_EQ(got.work.base_depth, sent.work.base_depth);
    EXPECT_EQ(got.work.path, sent.work.path);
    EXPECT_EQ(got.work.level_sizes, sent.work.level_sizes);
    EXPECT_EQ(got.work.alternatives, sent.work.alternatives);
  }
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
  encode(Message<std::uint32_t>{MessageTag::kWorkRequest, 3, {}, {}}, request);
  Message<std::uint32_t> work{MessageTag::kWork, 3, {}, {}};
  work.work.alternatives.assign(10, 1);
  encode(work, small_work);
  work.work.alternatives.assign(1010, 1);
  encode(work, large_work);
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
  Message<std::uint32_t> work{MessageTag::kWork, 3, {}, {}};
  work.work.alternatives.assign(10, 1);
  std::vector<char> bytes;
  encode(work, bytes);
  bytes.resize(bytes.size() - 5);
  Message<std::uint32_t> got;
  EXPECT_THROW(decode(bytes, got), boost::archive::archive_exception);
}

}  // namespace
}  // namespace stacksplit::core
