#include "core/detail/search_stack.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <memory>
#include <numeric>
#include <utility>
#include <vector>

#include "core/detail/outbox.hpp"
#include "core/detail/random.hpp"
#include "core/detail/worker.hpp"
#include "core/reference_search.hpp"
#include "core/scheme.hpp"
#include "core/topology/topology.hpp"
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

// The counts of every piece together are the sequential search's.
template <class Space>
void expect_reference_counts(const HashTreeShape& shape, const WorkerStatistics& total) {
  const ReferenceCounts expected = reference<Space>(shape);
  EXPECT_EQ(total.nodes, expected.nodes) << "seed " << shape.seed;
  EXPECT_EQ(total.leaves, expected.leaves) << "seed " << shape.seed;
  EXPECT_EQ(total.solutions, expected.solutions) << "seed " << shape.seed;
  EXPECT_EQ(total.dead_ends, expected.dead_ends) << "seed " << shape.seed;
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
    EXPECT_GT(splits, 20u);
    expect_reference_counts<TypeParam>(shape, total);
  }
}

// The simulator's idle processors give their stack's storage back
// (release_storage): the same stack then takes piece after piece of work,
// replaying each path from scratch, and the pieces still count the tree exactly.
TYPED_TEST(SearchStackTest, AStackThatGaveItsStorageBackTakesWorkAgain) {
  for (std::uint64_t seed : {21, 22, 23}) {
    HashTreeShape shape{seed, 7, 10};
    Explorer<TypeParam> donor(shape, SplitPolicy{});
    Explorer<TypeParam> receiver(shape, SplitPolicy{});
    donor.stack.start_at_root(donor.stats);
    std::size_t pieces = 0;
    while (donor.stack.has_work()) {
      donor.stack.expand(7, donor.stats, [] { return true; });
      if (auto unit = donor.stack.split()) {
        receiver.stack.load(*unit, receiver.stats);
        EXPECT_EQ(receiver.stack.untried(), unit->node_count());
        receiver.run_to_end();
        receiver.stack.release_storage();
        EXPECT_FALSE(receiver.stack.has_work());
        ++pieces;
      }
    }
    WorkerStatistics total = donor.stats;
    total += receiver.stats;
    EXPECT_GT(pieces, 3u);
    expect_reference_counts<TypeParam>(shape, total);
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
  for (SplitStrategy strategy : {SplitStrategy::kHalf, SplitStrategy::kBottom}) {
    Explorer<TypeParam> explorer(shape, SplitPolicy{strategy, kNoCutoff});
    EXPECT_FALSE(explorer.stack.split()) << "a stack that never started has nothing to give";
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
}

// At every state of a search, under both strategies: a stack with two or more
// untried alternatives (and no cutoff) always gives some, the donor keeps at
// least one, and no alternative is lost or made up.
TYPED_TEST(SearchStackTest, EveryStrategyGivesWorkAndTheDonorKeepsSome) {
  HashTreeShape shape{21, 5, 8};
  for (SplitStrategy strategy : {SplitStrategy::kHalf, SplitStrategy::kBottom}) {
    SCOPED_TRACE(to_string(strategy));
    std::size_t single_level_states = 0;
    for (std::uint64_t k = 0; k < 400; k += 3) {
      Explorer<TypeParam> explorer(shape, SplitPolicy{strategy, kNoCutoff});
      explorer.stack.start_at_root(explorer.stats);
      explorer.stack.expand(k, explorer.stats, [] { return true; });
      const auto before = explorer.stack.untried_per_level();
      const std::uint64_t total = explorer.stack.untried();
      const auto unit = explorer.stack.split();
      if (total < 2) {
        EXPECT_FALSE(unit) << "after " << k << " nodes";
        EXPECT_EQ(explorer.stack.untried(), total);
        continue;
      }
      ASSERT_TRUE(unit) << "after " << k << " nodes";
      EXPECT_GE(unit->node_count(), 1u);
      EXPECT_GE(explorer.stack.untried(), 1u) << "the donor gave its last alternative";
      EXPECT_EQ(explorer.stack.untried() + unit->node_count(), total);
      // A single level holding everything: bottom's keep-one branch (the
      // donor keeps one, the receiver the rest); half gives the larger half.
      if (std::count_if(before.begin(), before.end(), [](auto n) { return n != 0; }) == 1) {
        ++single_level_states;
        EXPECT_EQ(unit->node_count(),
                  strategy == SplitStrategy::kBottom ? total - 1 : (total + 1) / 2);
      }
    }
    EXPECT_GT(single_level_states, 0u) << "the sampled states should include the keep-one case";
  }
}

// A complete tree: every node above `height` has `branching` children, a
// choice is the child's index, and the work below a node of depth d is known
// in closed form, so a split's two parts can be weighed exactly.
class CompleteTree {
 public:
  using Choice = std::uint32_t;
  CompleteTree(std::uint32_t branching, std::uint32_t height)
      : branching_(branching), height_(height) {}

  Outcome reset() {
    depth_ = 0;
    return Outcome::kOpen;
  }
  void choices(ChoiceSink<Choice>& out) const {
    if (depth_ < height_)
      for (std::uint32_t i = 0; i < branching_; ++i) out.push(i);
  }
  Outcome descend(Choice /*index*/) {
    ++depth_;
    return Outcome::kOpen;
  }
  void ascend() { --depth_; }

  // Nodes in the subtree of a node at `depth`, the node included.
  std::uint64_t subtree_nodes(std::uint32_t depth) const {
    std::uint64_t nodes = 0, level = 1;
    for (std::uint32_t d = depth; d <= height_; ++d, level *= branching_) nodes += level;
    return nodes;
  }

 private:
  std::uint32_t branching_, height_;
  std::uint32_t depth_ = 0;
};

struct CompleteExplorer {
  CompleteExplorer(std::uint32_t branching, std::uint32_t height, SplitPolicy policy)
      : space(branching, height), stack(space, policy) {}
  CompleteTree space;
  SearchStack<CompleteTree> stack;
  WorkerStatistics stats;
  void run_to_end() {
    while (stack.has_work()) stack.expand(1000, stats, [] { return true; });
  }
};

// The α-splitting bound of half splitting, in nodes of work, on complete
// b-ary trees. Let level i be the shallowest with untried alternatives, n of
// them (n <= b), each the root of a subtree of W nodes. Everything on deeper
// levels lies inside the one subtree at depth i+1 being explored, minus its
// root, so it is R <= W - 1, and the work left is nW + R < (n+1)W. Half
// splitting alternates from level i on, so each side gets at least
// floor(n/2) whole subtrees there: when n >= 2, each side has more than
// floor(n/2)/(n+1) of the work left, which over 2 <= n <= b is at least
// α = 1/4 (n = 3; 1/3 when b = 2). When n = 1 no split of the stack can bound
// both sides (the one subtree outweighs all the rest): the receiver gets it,
// more than half the work, and the donor only R, which may be a few nodes.
TEST(HalfSplitWork, EachSideGetsAtLeastAlphaOfTheWorkLeftOnACompleteTree) {
  for (const auto& [branching, height] :
       std::vector<std::pair<std::uint32_t, std::uint32_t>>{{2, 12}, {3, 8}, {4, 7}}) {
    SCOPED_TRACE(::testing::Message() << "b = " << branching << ", height " << height);
    const std::uint64_t tree_nodes = CompleteTree(branching, height).subtree_nodes(0);
    const std::uint64_t stride = std::max<std::uint64_t>(1, tree_nodes / 400);
    std::size_t bounded = 0, single = 0;
    for (std::uint64_t k = 1; k < tree_nodes; k += (k < 64 ? 1 : stride)) {
      CompleteExplorer donor(branching, height, SplitPolicy{SplitStrategy::kHalf, kNoCutoff});
      donor.stack.start_at_root(donor.stats);
      donor.stack.expand(k - 1, donor.stats, [] { return true; });
      const std::uint64_t left = tree_nodes - donor.stats.nodes;
      const auto before = donor.stack.untried_per_level();
      auto unit = donor.stack.split();
      if (!unit) {
        EXPECT_LT(std::accumulate(before.begin(), before.end(), 0u), 2u);
        continue;
      }
      CompleteExplorer receiver(branching, height, SplitPolicy{});
      receiver.stack.load(*unit, receiver.stats);
      receiver.run_to_end();
      const std::uint64_t given = receiver.stats.nodes;
      const std::uint64_t done = donor.stats.nodes;
      donor.run_to_end();
      const std::uint64_t kept = donor.stats.nodes - done;
      EXPECT_EQ(given + kept, left) << "after " << k << " nodes: work lost or duplicated";
      const std::uint32_t n = *std::find_if(before.begin(), before.end(), [](auto c) { return c; });
      const std::uint64_t smaller = std::min(given, kept);
      if (n >= 2) {
        ++bounded;
        EXPECT_GT((n + 1) * smaller, (n / 2) * left) << "after " << k << " nodes";
        EXPECT_GE((branching == 2 ? 3 : 4) * smaller, left) << "after " << k << " nodes";
      } else {
        ++single;
        EXPECT_GT(2 * given, left) << "after " << k << " nodes";
      }
    }
    // On a binary tree every level but the newest holds at most one
    // alternative, so only states on the rightmost path have n = 2.
    EXPECT_GT(bounded, branching == 2 ? 0u : 100u);
    EXPECT_GT(single, 10u);
  }
}

// Bottom splitting when one level holds every untried alternative: the donor
// keeps the one it would try next (the lowest index left: a level's untried
// alternatives are its last n children) and gives the other n - 1.
TEST(BottomSplit, ASingleLevelKeepsTheAlternativeTriedNext) {
  const std::uint32_t branching = 4, height = 4;
  std::size_t checked = 0;
  const std::uint64_t tree_nodes = CompleteTree(branching, height).subtree_nodes(0);
  for (std::uint64_t k = 1; k < tree_nodes; ++k) {
    CompleteExplorer donor(branching, height, SplitPolicy{SplitStrategy::kBottom, kNoCutoff});
    donor.stack.start_at_root(donor.stats);
    donor.stack.expand(k - 1, donor.stats, [] { return true; });
    const auto before = donor.stack.untried_per_level();
    if (std::count_if(before.begin(), before.end(), [](auto c) { return c != 0; }) != 1) continue;
    const std::size_t level =
        std::find_if(before.begin(), before.end(), [](auto c) { return c; }) - before.begin();
    const std::uint32_t n = before[level];
    auto unit = donor.stack.split();
    if (n < 2) {
      EXPECT_FALSE(unit);
      continue;
    }
    ++checked;
    ASSERT_TRUE(unit) << "after " << k << " nodes";
    EXPECT_EQ(unit->base_depth, donor.stack.base_depth() + level);
    EXPECT_EQ(unit->level_sizes, std::vector<std::uint32_t>{n - 1});
    std::vector<std::uint32_t> expected(n - 1);
    std::iota(expected.begin(), expected.end(), branching - n + 1);
    EXPECT_EQ(unit->alternatives, expected) << "after " << k << " nodes";
    EXPECT_EQ(donor.stack.untried_per_level().at(level), 1u);
  }
  EXPECT_GT(checked, 3u);
}

// The worker's side of "reject when unsplittable": asked for work it cannot
// split, it answers with a reject, and keeps what it has.
template <class Choice>
class RecordingOutbox final : public Outbox<Message<Choice>> {
 public:
  void send(int to, Message<Choice>&& message) override {
    sent.emplace_back(to, std::move(message));
  }
  double now() const override { return 0; }
  // Messages of one kind sent to `to`.
  template <class Kind>
  std::vector<Kind> to(int rank) const {
    std::vector<Kind> found;
    for (const auto& [destination, message] : sent)
      if (destination == rank)
        if (const Kind* body = std::get_if<Kind>(&message.body)) found.push_back(*body);
    return found;
  }
  std::vector<std::pair<int, Message<Choice>>> sent;
};

// Receiver-initiated defaults, and an idle worker that asks nobody.
class QuietScheme final : public Scheme {
 public:
  std::string_view name() const override { return "quiet"; }
  void on_idle(SchemeContext& /*ctx*/) override {}
};

struct WorkerUnderTest {
  WorkerUnderTest(int rank, std::uint32_t branching, std::uint32_t height)
      : topology(2),
        placement(2, 2),
        worker(rank, CompleteTree(branching, height), std::make_unique<QuietScheme>(), topology,
               placement, outbox, SearchOptions{}, observers) {
    worker.start();
  }
  void request_from(int rank) { worker.handle(Message<std::uint32_t>{rank, WorkRequest{}}); }
  CompleteTopology topology;
  Placement placement;
  RecordingOutbox<std::uint32_t> outbox;
  Observers observers;
  Worker<CompleteTree> worker;
};

TEST(WorkerRequest, AWorkerWithoutWorkRejects) {
  WorkerUnderTest idle(1, 3, 4);  // rank 1 starts with nothing
  idle.request_from(0);
  EXPECT_EQ(idle.outbox.template to<Reject>(0).size(), 1u);
  EXPECT_TRUE(idle.outbox.template to<Work<std::uint32_t>>(0).empty());
  EXPECT_EQ(idle.worker.statistics().rejects_sent, 1u);
}

TEST(WorkerRequest, AWorkerWithOneUntriedAlternativeRejectsAndKeepsIt) {
  WorkerUnderTest chain(0, 1, 6);  // the root has one child
  ASSERT_EQ(chain.worker.untried(), 1u);
  chain.request_from(1);
  EXPECT_EQ(chain.outbox.template to<Reject>(1).size(), 1u);
  EXPECT_TRUE(chain.outbox.template to<Work<std::uint32_t>>(1).empty());
  EXPECT_EQ(chain.worker.untried(), 1u);
}

TEST(WorkerRequest, AWorkerHoldingOneQueuedAlternativeRejectsAndKeepsIt) {
  WorkerUnderTest receiver(1, 3, 4);
  WorkUnit<std::uint32_t> one;  // the root's last child, as a donor would send it
  one.level_sizes = {1};
  one.alternatives = {2};
  receiver.worker.handle(Message<std::uint32_t>{0, Work<std::uint32_t>{std::move(one)}});
  ASSERT_TRUE(receiver.worker.has_work());
  receiver.request_from(0);
  EXPECT_EQ(receiver.outbox.template to<Reject>(0).size(), 1u);
  EXPECT_TRUE(receiver.outbox.template to<Work<std::uint32_t>>(0).empty());
  EXPECT_EQ(receiver.worker.untried(), 1u);
}

TEST(WorkerRequest, AWorkerWithTwoUntriedAlternativesGivesOne) {
  WorkerUnderTest donor(0, 2, 6);
  ASSERT_EQ(donor.worker.untried(), 2u);
  donor.request_from(1);
  EXPECT_TRUE(donor.outbox.template to<Reject>(1).empty());
  const auto work = donor.outbox.template to<Work<std::uint32_t>>(1);
  ASSERT_EQ(work.size(), 1u);
  EXPECT_EQ(work[0].unit.node_count(), 1u);
  EXPECT_EQ(donor.worker.untried(), 1u);
}

}  // namespace
}  // namespace stacksplit::core
