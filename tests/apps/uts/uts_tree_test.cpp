#include "apps/uts/uts_tree.hpp"

#include <gtest/gtest.h>

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/vector.hpp>
#include <sstream>
#include <vector>

#include "apps/uts/uts_presets.hpp"
#include "apps/uts/uts_sequential.hpp"
#include "core/detail/work_unit.hpp"
#include "core/reference_search.hpp"

namespace stacksplit::apps::uts {
namespace {

UtsCounts reference_counts(const UtsParams& params) {
  UtsTree tree(params);
  const core::ReferenceCounts counts = core::reference_count(tree);
  EXPECT_EQ(counts.solutions, 0u);
  EXPECT_EQ(counts.dead_ends, 0u);
  return {counts.nodes, counts.max_depth, counts.leaves};
}

class UtsTreePreset : public ::testing::TestWithParam<const char*> {};

TEST_P(UtsTreePreset, ReferenceSearchCountsThePublishedTree) {
  const UtsPreset& preset = find_uts_preset(GetParam());
  EXPECT_EQ(reference_counts(preset.params()), preset.expected);
}

INSTANTIATE_TEST_SUITE_P(Published, UtsTreePreset, ::testing::Values("T1", "T2", "T3", "T4", "T5"));

TEST(UtsTree, ChoicesAreTheChildNodes) {
  UtsTree tree(find_uts_preset("T3").params());
  ASSERT_EQ(tree.reset(), core::Outcome::kOpen);
  const UtsNode root = tree.current();
  std::vector<UtsNode> children;
  core::ChoiceSink<UtsNode> sink(children);
  tree.choices(sink);
  ASSERT_EQ(children.size(), 2000u);
  UtsRng rng;
  for (std::int32_t index : {0, 1, 1999}) {
    EXPECT_EQ(children[index].state, rng.spawn(root.state, index));
    EXPECT_EQ(children[index].height, 1);
    EXPECT_EQ(children[index].type, TreeType::kBinomial);
  }
  EXPECT_EQ(tree.descend(children[7]), core::Outcome::kOpen);
  EXPECT_EQ(tree.current(), children[7]);
}

TEST(UtsTree, NodesTravelInAWorkUnitAsBytes) {
  UtsTree tree(find_uts_preset("T1").params());
  tree.reset();
  core::WorkUnit<UtsNode> unit;
  core::ChoiceSink<UtsNode> sink(unit.alternatives);
  tree.choices(sink);
  ASSERT_FALSE(unit.alternatives.empty());
  unit.level_sizes = {static_cast<std::uint32_t>(unit.alternatives.size())};
  std::stringstream buffer;
  {
    boost::archive::binary_oarchive out(buffer);
    out << unit;
  }
  core::WorkUnit<UtsNode> read;
  boost::archive::binary_iarchive in(buffer);
  in >> read;
  EXPECT_EQ(read.alternatives, unit.alternatives);
}

// Trees without published sizes, one per shape and rule: the search space and
// the hand-written search must still agree on every one.
TEST(UtsTree, AgreesWithTheSequentialSearchOnSmallTrees) {
  for (const char* flags : {
           "-t 1 -a 0 -d 8 -b 4 -r 7",                   // linear
           "-t 1 -a 1 -d 6 -b 3 -r 7",                   // exponential decrease
           "-t 1 -a 2 -d 4 -b 3 -r 7",                   // cyclic
           "-t 1 -a 3 -d 5 -b 4 -r 7 -g 2",              // fixed, two SHA-1 rounds a node
           "-t 0 -b 30.5 -q 0.2 -m 4 -r 1",              // binomial
           "-t 2 -a 0 -d 8 -b 4 -q 0.2 -m 4 -f 0 -r 2",  // hybrid binomial from the root
           "-t 2 -a 2 -d 6 -b 4 -q 0.22 -m 4 -f 0.75 -r 7",
       }) {
    const UtsParams params = parse_uts_flags(std::string_view(flags));
    const UtsCounts counts = reference_counts(params);
    EXPECT_EQ(counts, uts_sequential_count(params)) << flags;
    EXPECT_GT(counts.nodes, 40u) << flags;  // seeds picked for a tree, not a lone root
  }
}

TEST(UtsTree, NodeCostIsTheGranularity) {
  EXPECT_EQ(core::node_cost_of(UtsTree(parse_uts_flags(std::string_view("-g 1")))), 1u);
  EXPECT_EQ(core::node_cost_of(UtsTree(parse_uts_flags(std::string_view("-g 5")))), 5u);
}

TEST(UtsTree, DegenerateTrees) {
  EXPECT_EQ(reference_counts(parse_uts_flags(std::string_view("-t 1 -b 0"))), (UtsCounts{1, 0, 1}));
  EXPECT_EQ(reference_counts(parse_uts_flags(std::string_view("-t 0 -b 3.7 -q 0"))),
            (UtsCounts{4, 1, 3}));
  EXPECT_EQ(reference_counts(parse_uts_flags(std::string_view("-t 2 -f 0 -q 0 -b 100"))),
            (UtsCounts{1, 0, 1}));
}

}  // namespace
}  // namespace stacksplit::apps::uts
