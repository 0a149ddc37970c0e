#include <gtest/gtest.h>

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <sstream>

#include "core/detail/message.hpp"
#include "core/worker_statistics.hpp"
#include "tests/core/hash_tree.hpp"
#include "tests/core/sample_messages.hpp"

namespace stacksplit::core {
namespace {

template <class T>
T round_trip(const T& value) {
  std::stringstream buffer;
  {
    boost::archive::binary_oarchive out(buffer);
    out << value;
  }
  T copy;
  boost::archive::binary_iarchive in(buffer);
  in >> copy;
  return copy;
}

TEST(MessageSerialization, WorkUnitWithAPathRoundTrips) {
  WorkUnit<std::uint32_t> unit;
  unit.base_depth = 3;
  unit.path = {4, 1, 0, 2, 7};
  unit.level_sizes = {2, 0, 1};
  unit.alternatives = {9, 8, 6};
  const auto copy = round_trip(unit);
  EXPECT_EQ(copy.base_depth, 3u);
  EXPECT_EQ(copy.path, unit.path);
  EXPECT_EQ(copy.level_sizes, unit.level_sizes);
  EXPECT_EQ(copy.alternatives, unit.alternatives);
}

TEST(MessageSerialization, SelfContainedChoicesRoundTrip) {
  WorkUnit<testing::HashNode> unit;
  unit.base_depth = 1;
  unit.level_sizes = {2};
  unit.alternatives = {{123456789012345ULL, 2}, {42, 2}};
  const auto copy = round_trip(unit);
  ASSERT_EQ(copy.alternatives.size(), 2u);
  EXPECT_EQ(copy.alternatives[0].id, 123456789012345ULL);
  EXPECT_EQ(copy.alternatives[1].depth, 2u);
}

TEST(MessageSerialization, EveryMessageKindRoundTrips) {
  for (const auto& message : testing::one_message_of_each_kind<std::uint32_t>({5, 6, 7})) {
    const auto copy = round_trip(message);
    EXPECT_TRUE(copy == message) << kind_name(message);
    EXPECT_EQ(copy.body.index(), message.body.index()) << kind_name(message);
  }
}

TEST(MessageSerialization, ByteCountsCountThePayload) {
  for (const auto& message : testing::one_message_of_each_kind<std::uint32_t>({5, 6, 7})) {
    const std::uint64_t bytes = message_bytes(message, 16);
    if (const auto* work = std::get_if<Work<std::uint32_t>>(&message.body)) {
      EXPECT_EQ(bytes, 16 + work->unit.payload_bytes());
    } else if (const auto* shared = std::get_if<Shared>(&message.body)) {
      EXPECT_EQ(bytes, 16 + shared->words.size() * sizeof(std::int32_t));
    } else {
      EXPECT_EQ(bytes, 16u) << kind_name(message) << ": a control message fits in the header";
    }
  }
}

TEST(MessageSerialization, StatisticsRoundTrip) {
  WorkerStatistics statistics;
  statistics.nodes = 12345;
  statistics.rejects_received = 7;
  statistics.max_depth = 99;
  statistics.idle_seconds = 0.25;
  statistics.app_counters[3] = 17;
  const auto copy = round_trip(statistics);
  EXPECT_EQ(copy.app_counters[3], 17u);
  EXPECT_EQ(copy.nodes, 12345u);
  EXPECT_EQ(copy.rejects_received, 7u);
  EXPECT_EQ(copy.max_depth, 99u);
  EXPECT_DOUBLE_EQ(copy.idle_seconds, 0.25);
}

TEST(WorkerStatisticsSum, CountsSaturateInsteadOfWrapping) {
  WorkerStatistics a, b;
  a.solutions = ~std::uint64_t{0} - 5;
  b.solutions = 10;
  a.nodes = 3;
  b.nodes = 4;
  a += b;
  EXPECT_EQ(a.solutions, ~std::uint64_t{0});
  EXPECT_EQ(a.nodes, 7u);
}

}  // namespace
}  // namespace stacksplit::core
