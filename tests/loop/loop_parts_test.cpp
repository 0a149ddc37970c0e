// The loop worker's parts on their own: the iterations a worker holds, the
// pool of a self-scheduling loop, and the block-per-iteration output.

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "core/loop/held_iterations.hpp"
#include "core/loop/indexed_values.hpp"
#include "core/loop/iteration_pool.hpp"

namespace stacksplit::core {
namespace {

std::vector<std::uint64_t> indices_of(const std::vector<IterationSet>& sets) {
  std::vector<std::uint64_t> out;
  for (const IterationSet& set : sets)
    set.for_each_range([&](std::uint64_t first, std::uint64_t count) {
      for (std::uint64_t i = first; i < first + count; ++i) out.push_back(i);
    });
  return out;
}

// A quantum comes off the front, work given away off the back, and nothing
// is lost or taken twice, cyclic sets included.
TEST(HeldIterations, TakesFromTheFrontAndGivesFromTheBack) {
  HeldIterations held;
  held.push_back(IterationSet::range(0, 10));
  held.push_back({20, 6, 2, 4});  // 20 21, 24 25, 28 29
  EXPECT_EQ(held.count(), 16u);

  std::vector<IterationSet> quantum;
  held.take_front(4, quantum);
  EXPECT_EQ(indices_of(quantum), (std::vector<std::uint64_t>{0, 1, 2, 3}));
  EXPECT_EQ(held.count(), 12u);

  const std::vector<IterationSet> given = held.take_back(3);
  EXPECT_EQ(indices_of(given), (std::vector<std::uint64_t>{25, 28, 29}));
  EXPECT_EQ(held.count(), 9u);
  EXPECT_TRUE(held.overlaps(IterationSet::range(24, 1)));
  EXPECT_FALSE(held.overlaps(IterationSet::range(25, 1))) << "given away";
  EXPECT_FALSE(held.overlaps(IterationSet::range(0, 4))) << "done";

  std::vector<std::uint64_t> rest;
  while (!held.empty()) {
    held.take_front(100, quantum);
    for (std::uint64_t i : indices_of(quantum)) rest.push_back(i);
  }
  EXPECT_EQ(rest, (std::vector<std::uint64_t>{4, 5, 6, 7, 8, 9, 20, 21, 24}));
  EXPECT_TRUE(held.take_back(5).empty());
}

// The count of chunks goes on past 2^24 (it used to stop there, and the chunk
// rules that read it, gss, tss, fac2 and awf, then handed out other sizes),
// in the largest pool a loop may have, the one whose position needs the most
// bits.
TEST(IterationPool, CountsChunksPastTwoToTheTwentyFour) {
  IterationPool pool;
  pool.reset(IterationPool::kMaxPositions);
  std::uint64_t last_index = 0;
  auto one = [&](std::uint64_t, std::uint64_t index) {
    last_index = index;
    return std::uint64_t{1};
  };
  std::uint64_t state = 0, next = 0;
  const std::uint64_t chunks = (std::uint64_t{1} << 24) + 3;
  for (std::uint64_t k = 0; k < chunks; ++k) {
    const IterationSet chunk = pool.next_chunk(state, one, next);
    ASSERT_EQ(chunk.first, k);
    ASSERT_EQ(last_index, k) << "chunk " << k << " was told another index";
    state = next;
  }
  // And the last position of the pool is still handed out, with its index.
  auto rest = [](std::uint64_t left, std::uint64_t) { return left - 1; };
  state = next;
  IterationSet chunk = pool.next_chunk(state, rest, next);
  EXPECT_EQ(chunk.first + chunk.count, IterationPool::kMaxPositions - 1);
  state = next;
  chunk = pool.next_chunk(state, one, next);
  EXPECT_EQ(chunk.first, IterationPool::kMaxPositions - 1);
  EXPECT_EQ(chunk.count, 1u);
  EXPECT_EQ(last_index, chunks + 1);
  EXPECT_TRUE(pool.next_chunk(next, one, state).empty());
}

// Chunks follow the scheme's rule within [1, left], count the chunks handed
// out, and end dry; after a refill, a chunk's positions map to the pieces'
// iterations and holders.
TEST(IterationPool, HandsOutChunksAndFindsTheirHolders) {
  IterationPool pool;
  pool.reset(10);
  std::vector<std::uint64_t> indices_seen;
  auto half_of_left = [&](std::uint64_t left, std::uint64_t index) {
    indices_seen.push_back(index);
    return left / 2;  // 0 for the last one: held to at least 1
  };
  std::uint64_t state = 0, next = 0;
  std::vector<std::uint64_t> sizes;
  for (IterationSet chunk = pool.next_chunk(state, half_of_left, next); !chunk.empty();
       chunk = pool.next_chunk(state, half_of_left, next)) {
    sizes.push_back(chunk.count);
    state = next;
  }
  EXPECT_EQ(sizes, (std::vector<std::uint64_t>{5, 2, 1, 1, 1}));
  EXPECT_EQ(indices_seen, (std::vector<std::uint64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(next, state) << "a dry pool leaves the state as it is";

  std::vector<std::pair<IterationSet, int>> holders;
  pool.for_each_holder(IterationSet::range(3, 4), [&](const IterationSet& set, int holder) {
    holders.push_back({set, holder});
  });
  ASSERT_EQ(holders.size(), 1u);
  EXPECT_EQ(holders[0].second, 0) << "before a refill rank 0 holds the pool";

  pool.refill(
      {{IterationSet::range(40, 3), 2}, {IterationSet{}, 1}, {IterationSet::range(7, 4), 1}});
  EXPECT_TRUE(pool.refilled());
  EXPECT_EQ(pool.size(), 7u);
  holders.clear();
  pool.for_each_holder(IterationSet::range(1, 4), [&](const IterationSet& set, int holder) {
    holders.push_back({set, holder});
  });
  ASSERT_EQ(holders.size(), 2u);
  EXPECT_EQ(holders[0].first.first, 41u);
  EXPECT_EQ(holders[0].first.count, 2u);
  EXPECT_EQ(holders[0].second, 2);
  EXPECT_EQ(holders[1].first.first, 7u);
  EXPECT_EQ(holders[1].first.count, 2u);
  EXPECT_EQ(holders[1].second, 1);
}

// Outputs compare equal whatever order their blocks came in, and not when a
// block is missing, doubled, out of range or different.
TEST(IndexedValues, ComparesBlocksInPlace) {
  IndexedValues<double> expected, got;
  for (std::uint64_t i = 0; i < 3; ++i) {
    double* block = expected.append(i, 2);
    block[0] = static_cast<double>(i);
    block[1] = 10.0 * static_cast<double>(i);
  }
  IndexedValues<double> late;
  double* two = late.append(2, 2);
  two[0] = 2;
  two[1] = 20;
  double* zero = got.append(0, 2);
  zero[0] = 0;
  zero[1] = 0;
  double* one = got.append(1, 2);
  one[0] = 1;
  one[1] = 10;
  IndexedValues<double> partial = got;
  got.merge(std::move(late));
  EXPECT_TRUE(IndexedValues<double>::same(expected, got, 3, 2));
  EXPECT_FALSE(IndexedValues<double>::same(expected, partial, 3, 2)) << "a block missing";

  IndexedValues<double> doubled = got;
  double* again = doubled.append(1, 2);
  again[0] = 1;
  again[1] = 10;
  EXPECT_FALSE(IndexedValues<double>::same(expected, doubled, 3, 2)) << "a block twice";

  IndexedValues<double> different = got;
  different.values.back() = 21;
  EXPECT_FALSE(IndexedValues<double>::same(expected, different, 3, 2));

  IndexedValues<double> outside;
  outside.append(5, 2);
  EXPECT_FALSE(IndexedValues<double>::same(expected, outside, 3, 2));
  EXPECT_TRUE(IndexedValues<double>::same({}, {}, 0, 2));
  EXPECT_FALSE(IndexedValues<double>::same({}, got, 0, 2));
}

}  // namespace
}  // namespace stacksplit::core
