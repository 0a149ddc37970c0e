// The parts of the scheme interface that reach into the stack: a split that
// gives what a scheme names (SplitRequest), and the watch that stops expansion
// at newly generated alternatives. Both must keep every node exactly once.

#include <gtest/gtest.h>

#include <deque>
#include <memory>

#include "core/detail/random.hpp"
#include "core/detail/search_stack.hpp"
#include "core/reference_search.hpp"
#include "tests/core/hash_tree.hpp"

namespace stacksplit::core {
namespace {

using testing::HashTreeShape;

template <class Space>
struct Piece {
  Piece(const HashTreeShape& shape, SplitPolicy policy) : space(shape), stack(space, policy) {}
  Space space;
  SearchStack<Space> stack;
  WorkerStatistics stats;
  std::uint64_t expand(std::uint64_t budget) {
    return stack.expand(budget, stats, [] { return true; });
  }
};

template <class Space>
class SplitRequestTest : public ::testing::Test {};
using Spaces = ::testing::Types<testing::ReplayHashTree, testing::SnapshotHashTree>;
TYPED_TEST_SUITE(SplitRequestTest, Spaces);

// Descends until the stack holds untried alternatives at depths 1..levels.
template <class Space>
void descend_to(Piece<Space>& piece, std::size_t levels) {
  piece.stack.start_at_root(piece.stats);
  while (piece.stack.untried_per_level().size() < levels) piece.expand(1);
}

TYPED_TEST(SplitRequestTest, OneAtGivesOneNodeAtThatDepth) {
  const HashTreeShape shape{3, 6, 9};
  Piece<TypeParam> donor(shape, SplitPolicy{});
  descend_to(donor, 4);
  const std::vector<std::uint32_t> before = donor.stack.untried_per_level();
  auto unit = donor.stack.split(SplitRequest::one_at(3));
  ASSERT_TRUE(unit);
  EXPECT_EQ(unit->node_count(), 1u);
  EXPECT_EQ(unit->base_depth, 2u) << "a node at depth 3 is a child of depth 2";
  EXPECT_EQ(unit->level_sizes, (std::vector<std::uint32_t>{1}));
  std::vector<std::uint32_t> after = donor.stack.untried_per_level();
  ASSERT_EQ(after.size(), before.size());
  EXPECT_EQ(after[2] + 1, before[2]);
  after[2] = before[2];
  EXPECT_EQ(after, before) << "no other level changes";
  EXPECT_FALSE(donor.stack.split(SplitRequest::one_at(40))) << "nothing that deep";
}

TYPED_TEST(SplitRequestTest, AllBelowGivesEverythingDeeperAndTheDonorKeepsOne) {
  const HashTreeShape shape{4, 6, 9};
  Piece<TypeParam> donor(shape, SplitPolicy{});
  descend_to(donor, 5);
  const std::vector<std::uint32_t> before = donor.stack.untried_per_level();
  std::uint64_t deeper = 0;
  for (std::size_t i = 2; i < before.size(); ++i) deeper += before[i];
  auto unit = donor.stack.split(SplitRequest::all_below(2));
  ASSERT_TRUE(unit);
  EXPECT_EQ(unit->node_count(), deeper);
  EXPECT_EQ(unit->base_depth, 2u);
  const std::vector<std::uint32_t> after = donor.stack.untried_per_level();
  EXPECT_EQ(after[0], before[0]);
  EXPECT_EQ(after[1], before[1]);

  // With a single alternative left the donor keeps it...
  Piece<TypeParam> last(shape, SplitPolicy{});
  last.stack.start_at_root(last.stats);
  while (last.stack.untried() > 1) {
    if (!last.stack.split(SplitRequest{})) last.expand(1);
  }
  EXPECT_FALSE(last.stack.split(SplitRequest{}));
  EXPECT_EQ(last.stack.untried(), 1u);
  // ...unless the scheme lets it give its last one.
  const auto depth = last.stack.depth();
  auto everything = last.stack.split(SplitRequest{1, kNoCutoff, SplitRequest::kAllNodes, false});
  ASSERT_TRUE(everything) << "at depth " << depth;
  EXPECT_EQ(everything->node_count(), 1u);
  EXPECT_FALSE(last.stack.has_work());
}

TYPED_TEST(SplitRequestTest, ThePolicyCutoffStillHolds) {
  const HashTreeShape shape{5, 6, 9};
  SplitPolicy policy;
  policy.cutoff_depth = 2;
  Piece<TypeParam> donor(shape, policy);
  descend_to(donor, 5);
  EXPECT_FALSE(donor.stack.split(SplitRequest::one_at(3)));
  while (auto unit = donor.stack.split(SplitRequest::all_below(0))) {
    EXPECT_LE(unit->base_depth + unit->level_sizes.size(), 2u);
  }
}

// Random requests at random moments, every piece explored: together the pieces
// count exactly the sequential tree.
TYPED_TEST(SplitRequestTest, RandomRequestsNeitherLoseNorDuplicateWork) {
  for (std::uint64_t seed : {21, 22, 23}) {
    const HashTreeShape shape{seed, 7, 10};
    Random random(seed);
    std::deque<std::unique_ptr<Piece<TypeParam>>> pool;
    pool.push_back(std::make_unique<Piece<TypeParam>>(shape, SplitPolicy{}));
    pool.back()->stack.start_at_root(pool.back()->stats);
    WorkerStatistics total;
    std::size_t splits = 0;
    while (!pool.empty()) {
      const std::size_t pick = random.below(pool.size());
      Piece<TypeParam>& piece = *pool[pick];
      piece.expand(1 + random.below(40));
      SplitRequest request;
      request.min_depth = static_cast<std::uint32_t>(random.below(6));
      request.max_depth = request.min_depth + static_cast<std::uint32_t>(random.below(4));
      request.max_nodes = static_cast<std::uint32_t>(1 + random.below(5));
      request.donor_keeps_one = random.below(2) == 0;
      const std::uint64_t before = piece.stack.untried();
      if (auto unit = piece.stack.split(request)) {
        ++splits;
        EXPECT_LE(unit->node_count(), request.max_nodes);
        EXPECT_GE(unit->base_depth + 1, request.min_depth);
        EXPECT_LE(unit->base_depth + unit->level_sizes.size(), request.max_depth);
        EXPECT_EQ(piece.stack.untried() + unit->node_count(), before);
        auto receiver = std::make_unique<Piece<TypeParam>>(shape, SplitPolicy{});
        receiver->stack.load(*unit, receiver->stats);
        pool.push_back(std::move(receiver));
      }
      if (!piece.stack.has_work()) {
        total += piece.stats;
        pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(pick));
      }
    }
    TypeParam sequential(shape);
    const ReferenceCounts expected = reference_count(sequential);
    EXPECT_GT(splits, 20u);
    EXPECT_EQ(total.nodes, expected.nodes) << "seed " << seed;
    EXPECT_EQ(total.solutions, expected.solutions);
    EXPECT_EQ(total.dead_ends, expected.dead_ends);
  }
}

TYPED_TEST(SplitRequestTest, AWatchStopsExpansionAtNewShallowAlternatives) {
  const HashTreeShape shape{6, 6, 9};
  Piece<TypeParam> unwatched(shape, SplitPolicy{});
  unwatched.stack.start_at_root(unwatched.stats);
  EXPECT_EQ(unwatched.expand(50), 50u) << "without a watch a quantum runs in full";
  EXPECT_EQ(unwatched.stack.take_generated(), 0u);

  Piece<TypeParam> watched(shape, SplitPolicy{});
  watched.stack.watch_generated(3);
  watched.stack.start_at_root(watched.stats);
  std::uint64_t stops = 0;
  while (watched.stack.has_work()) {
    watched.expand(1000);
    if (const std::uint32_t count = watched.stack.take_generated(); count != 0) {
      ++stops;
      EXPECT_LE(watched.stack.depth(), 3u);
      EXPECT_EQ(watched.stack.untried_per_level().back(), count);
    }
  }
  TypeParam sequential(shape);
  const ReferenceCounts expected = reference_count(sequential);
  EXPECT_EQ(watched.stats.nodes, expected.nodes) << "stopping loses nothing";
  EXPECT_GT(stops, 3u);
}

}  // namespace
}  // namespace stacksplit::core
