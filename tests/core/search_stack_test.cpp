#include "core/search_stack.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <memory>
#include <numeric>

#include "core/random.hpp"
#include "core/reference_search.hpp"
#include "tests/core/hash_tree.hpp"

namespace stacksplit::core {
namespace {

using testing::HashTreeShape;
using testing::ReplayHashTree;
using testing::SnapshotHashTree;

// A stack together with the space it drives.
template <class Space>
struct Explorer {
  explicit Explorer(const HashTreeShape& shape, SplitPolicy policy)
      : space(shape), stack(space, policy) {}
  Space space;
  SearchStack<Space> stack;
  WorkerStatistics stats;
  void run_to_end() {
    while (stack.has_work()) stack.expand(1000, stats, [] { return true; });
  }
};

template <class Space>
ReferenceCounts reference(const HashTreeShape& shape) {
  Space space(shape);
  return reference_count(space);
}

template <class Space>
class SearchStackTest : public ::testing::Test {};
using Spaces = ::testing::Types<ReplayHashTree, SnapshotHashTree>;
TYPED_TEST_SUITE(SearchStackTest, Spaces);

TYPED_TEST(SearchStackTest, ExhaustiveSearchMatchesTheReference) {
  for (std::uint64_t seed : {1, 2, 3, 4, 5}) {
    HashTreeShape shape{seed, 5, 9};
    Explorer<TypeParam> explorer(shape, SplitPolicy{});
    explorer.stack.start_at_root(explorer.stats);
    explorer.run_to_end();
    const ReferenceCounts expected = reference<TypeParam>(shape);
    EXPECT_EQ(explorer.stats.nodes, expected.nodes) << "seed " << seed;
    EXPECT_EQ(explorer.stats.leaves, expected.leaves);
    EXPECT_EQ(explorer.stats.solutions, expected.solutions);
    EXPECT_EQ(explorer.stats.dead_ends, expected.dead_ends);
    EXPECT_EQ(explorer.stats.max_depth, expected.max_depth);
    EXPECT_GT(expected.nodes, 1000u) << "the test tree should not be trivial";
  }
}

// Splits at random moments with random policies and explores every piece:
// together the pieces count exactly the sequential tree.
TYPED_TEST(SearchStackTest, RandomSplittingNeitherLosesNorDuplicatesWork) {
  for (std::uint64_t seed : {11, 12, 13, 14}) {
    HashTreeShape shape{seed, 7, 10};
    Random random(seed);
    std::deque<std::unique_ptr<Explorer<TypeParam>>> pool;
    WorkerStatistics total;
    auto policy_for = [&] {
      SplitPolicy policy;
      policy.strategy = random.below(2) ? SplitStrategy::kHalf : SplitStrategy::kBottom;
      policy.cutoff_depth =
          random.below(3) == 0 ? static_cast<std::uint32_t>(2 + random.below(4)) : kNoCutoff;
      return policy;
    };
    pool.push_back(std::make_unique<Explorer<TypeParam>>(shape, SplitPolicy{}));
    pool.back()->stack.start_at_root(pool.back()->stats);
    std::size_t splits = 0;
    while (!pool.empty()) {
      const std::size_t pick = random.below(pool.size());
      auto& explorer = *pool[pick];
      explorer.stack.expand(1 + random.below(40), explorer.stats, [] { return true; });
      const std::uint64_t before = explorer.stack.untried();
      if (auto unit = explorer.stack.split()) {
        ++splits;
        EXPECT_EQ(explorer.stack.untried() + unit->node_count(), before);
        auto receiver = std::make_unique<Explorer<TypeParam>>(shape, policy_for());
        receiver->stack.load(*unit, receiver->stats);
        EXPECT_EQ(receiver->stack.untried(), unit->node_count());
        pool.push_back(std::move(receiver));
      }
      if (!explorer.stack.has_work()) {
        total += explorer.stats;
        pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(pick));
      }
    }
    const ReferenceCounts expected = reference<TypeParam>(shape);
    EXPECT_GT(splits, 20u);
    EXPECT_EQ(total.nodes, expected.nodes) << "seed " << seed;
    EXPECT_EQ(total.leaves, expected.leaves);
    EXPECT_EQ(total.solutions, expected.solutions);
    EXPECT_EQ(total.dead_ends, expected.dead_ends);
  }
}

// Expands until the stack has at least `levels` levels with work.
template <class Space>
void grow(Explorer<Space>& explorer, std::size_t levels) {
  explorer.stack.start_at_root(explorer.stats);
  while (explorer.stack.untried_per_level().size() < levels && explorer.stack.has_work())
    explorer.stack.expand(1, explorer.stats, [] { return true; });
  ASSERT_GE(explorer.stack.untried_per_level().size(), levels);
}

TYPED_TEST(SearchStackTest, HalfSplitGivesHalfAtEveryLevelAndTheDonorKeepsWork) {
  HashTreeShape shape{4, 6, 12};
  for (int round = 0; round < 20; ++round) {
    Explorer<TypeParam> explorer(shape, SplitPolicy{SplitStrategy::kHalf, kNoCutoff});
    grow(explorer, 3);
    for (int i = 0; i < round; ++i) explorer.stack.expand(1, explorer.stats, [] { return true; });
    const auto before = explorer.stack.untried_per_level();
    const std::uint64_t eligible = std::accumulate(before.begin(), before.end(), std::uint64_t{0});
    auto unit = explorer.stack.split();
    if (eligible < 2) {
      EXPECT_FALSE(unit);
      continue;
    }
    ASSERT_TRUE(unit);
    // Alternating from the root: the receiver gets ceil(E/2), the donor the rest.
    EXPECT_EQ(unit->node_count(), (eligible + 1) / 2);
    EXPECT_GE(explorer.stack.untried(), 1u);
    // At every level each side gets floor or ceil of half: the α-splitting bound.
    for (std::size_t k = 0; k < unit->level_sizes.size(); ++k) {
      const std::uint32_t n = before[unit->base_depth - explorer.stack.base_depth() + k];
      EXPECT_GE(unit->level_sizes[k], n / 2);
      EXPECT_LE(unit->level_sizes[k], (n + 1) / 2);
    }
  }
}

TYPED_TEST(SearchStackTest, BottomSplitGivesTheAlternativesNearestTheRoot) {
  HashTreeShape shape{4, 6, 12};
  Explorer<TypeParam> explorer(shape, SplitPolicy{SplitStrategy::kBottom, kNoCutoff});
  grow(explorer, 3);
  const auto before = explorer.stack.untried_per_level();
  std::size_t lowest = 0;
  while (before[lowest] == 0) ++lowest;
  auto unit = explorer.stack.split();
  ASSERT_TRUE(unit);
  EXPECT_EQ(unit->base_depth, lowest);
  ASSERT_EQ(unit->level_sizes.size(), 1u);
  EXPECT_EQ(unit->level_sizes[0], before[lowest]);
  EXPECT_EQ(explorer.stack.untried_per_level()[lowest], 0u);
}

TYPED_TEST(SearchStackTest, NothingDeeperThanTheCutoffIsGivenAway) {
  HashTreeShape shape{5, 6, 12};
  for (std::uint32_t cutoff : {1u, 2u, 3u}) {
    Explorer<TypeParam> explorer(shape, SplitPolicy{SplitStrategy::kHalf, cutoff});
    grow(explorer, 5);
    while (auto unit = explorer.stack.split()) {
      for (std::size_t k = 0; k < unit->level_sizes.size(); ++k)
        if (unit->level_sizes[k] > 0) {
          EXPECT_LE(unit->base_depth + k + 1, cutoff);
        }
    }
    // What is left above the cutoff is at most the donor's last node.
    const auto left = explorer.stack.untried_per_level();
    std::uint64_t eligible_left = 0;
    for (std::size_t i = 0; i + 1 <= cutoff && i < left.size(); ++i) eligible_left += left[i];
    EXPECT_LE(eligible_left, explorer.stack.untried() < 2 ? 1u : 0u);
  }
}

TYPED_TEST(SearchStackTest, AStackWithFewerThanTwoNodesRejects) {
  HashTreeShape shape{9, 4, 7};
  Explorer<TypeParam> explorer(shape, SplitPolicy{});
  explorer.stack.start_at_root(explorer.stats);
  bool saw_single = false;
  while (explorer.stack.has_work()) {
    if (explorer.stack.untried() == 1) {
      saw_single = true;
      EXPECT_FALSE(explorer.stack.split());
      EXPECT_EQ(explorer.stack.untried(), 1u) << "a failed split must not change the stack";
    }
    explorer.stack.expand(1, explorer.stats, [] { return true; });
  }
  EXPECT_TRUE(saw_single);
  EXPECT_FALSE(explorer.stack.split());
}

}  // namespace
}  // namespace stacksplit::core
