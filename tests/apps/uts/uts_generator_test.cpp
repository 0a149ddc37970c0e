#include "apps/uts/uts_generator.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace stacksplit::apps::uts {
namespace {

UtsParams flags(std::string_view text) { return parse_uts_flags(text); }

TEST(UtsGenerator, RootComesFromTheSeed) {
  UtsGenerator generator(flags("-t 1 -r 19"));
  const UtsNode root = generator.root();
  EXPECT_EQ(root.state, UtsRng().root(19));
  EXPECT_EQ(root.height, 0);
  EXPECT_EQ(root.type, TreeType::kGeometric);
}

TEST(UtsGenerator, ChildIsTheSpawnedStateOneLevelDown) {
  UtsGenerator generator(flags("-t 1 -r 19"));
  const UtsNode root = generator.root();
  const UtsNode child = generator.child(root, 3);
  EXPECT_EQ(child.state, UtsRng().spawn(root.state, 3));
  EXPECT_EQ(child.height, 1);
  EXPECT_EQ(child.type, TreeType::kGeometric);
}

TEST(UtsGenerator, GranularityRepeatsTheSameDigest) {
  UtsGenerator once(flags("-t 1 -r 19"));
  UtsGenerator thrice(flags("-t 1 -r 19 -g 3"));
  EXPECT_EQ(thrice.child(thrice.root(), 2), once.child(once.root(), 2));
}

TEST(UtsGenerator, BinomialRootHasFloorOfBChildrenUncapped) {
  UtsGenerator generator(flags("-t 0 -b 2000.7 -q 0.5 -m 3"));
  const UtsNode root = generator.root();
  EXPECT_EQ(root.type, TreeType::kBinomial);
  EXPECT_EQ(generator.num_children(root), 2000);
}

TEST(UtsGenerator, BinomialNodeHasMChildrenOrNone) {
  UtsGenerator always(flags("-t 0 -q 1 -m 5"));
  EXPECT_EQ(always.num_children(always.child(always.root(), 0)), 5);
  UtsGenerator never(flags("-t 0 -q 0 -m 5"));
  EXPECT_EQ(never.num_children(never.child(never.root(), 0)), 0);
  UtsGenerator many(flags("-t 0 -q 1 -m 500"));
  EXPECT_EQ(many.num_children(many.child(many.root(), 0)), UtsGenerator::kMaxChildren);
}

TEST(UtsGenerator, HybridRootUsesTheGeometricOrBinomialRuleNotTheBinomialRoot) {
  // Below the shift depth a hybrid node is binomial even at the root: with q = 0
  // the root has no children, where a binomial tree's root would have b_0.
  UtsGenerator hybrid(flags("-t 2 -f 0 -q 0 -b 100"));
  EXPECT_EQ(hybrid.num_children(hybrid.root()), 0);
  EXPECT_EQ(hybrid.root().type, TreeType::kHybrid);
  EXPECT_EQ(hybrid.child(hybrid.root(), 0).type, TreeType::kBinomial);
  UtsGenerator shifted(flags("-t 2 -d 4 -f 0.5"));
  UtsNode node = shifted.root();
  EXPECT_EQ(shifted.child(node, 0).type, TreeType::kGeometric);  // parent height 0 < 2
  node.height = 2;
  EXPECT_EQ(shifted.child(node, 0).type, TreeType::kBinomial);  // parent height 2, not < 2
}

TEST(UtsGenerator, GeometricNodesStopAtTheirShapesDepth) {
  for (const char* shape : {"0", "3"}) {  // linear and fixed have b_i = 0 at gen_mx
    UtsGenerator generator(flags(std::string("-t 1 -d 5 -b 50 -a ") + shape));
    UtsNode node = generator.root();
    node.height = 5;
    for (std::int32_t index = 0; index < 20; ++index) {
      EXPECT_EQ(generator.num_children(generator.child(node, index)), 0) << shape;
    }
  }
  UtsGenerator cyclic(flags("-t 1 -a 2 -d 5 -b 50"));
  UtsNode node = cyclic.root();
  node.height = 26;  // beyond 5 gen_mx
  for (std::int32_t index = 0; index < 20; ++index) {
    UtsNode child = cyclic.child(node, index);
    child.height = 26;
    EXPECT_EQ(cyclic.num_children(child), 0);
  }
}

TEST(UtsGenerator, GeometricNodesAreCappedAtAHundredChildren) {
  UtsGenerator generator(flags("-t 1 -a 3 -b 100000"));
  std::int32_t most = 0;
  for (std::int32_t index = 0; index < 50; ++index) {
    most = std::max(most, generator.num_children(generator.child(generator.root(), index)));
  }
  EXPECT_EQ(most, UtsGenerator::kMaxChildren);
}

TEST(UtsGenerator, RejectsParamsOutOfRange) {
  UtsParams params;
  params.depth = 0;
  EXPECT_THROW(UtsGenerator{params}, std::invalid_argument);
}

}  // namespace
}  // namespace stacksplit::apps::uts
