// Every topology: neighbours are symmetric and one hop away, the distance is
// the true hop count (checked by breadth-first search over the neighbours),
// and the spanning tree rooted at 0 uses only links of the network.

#include "core/topology/topology.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "core/topology/hypercube_topology.hpp"
#include "core/topology/mesh_topology.hpp"
#include "core/topology/topology_registry.hpp"

namespace stacksplit::core {
namespace {

std::vector<int> hops_from(const Topology& topology, int source) {
  std::vector<int> hops(topology.size(), -1);
  std::deque<int> queue{source};
  hops[source] = 0;
  while (!queue.empty()) {
    const int rank = queue.front();
    queue.pop_front();
    for (int next : topology.neighbors(rank)) {
      if (hops[next] >= 0) continue;
      hops[next] = hops[rank] + 1;
      queue.push_back(next);
    }
  }
  return hops;
}

using Case = std::tuple<std::string, int>;
class EveryTopology : public ::testing::TestWithParam<Case> {};

TEST_P(EveryTopology, NeighboursDistancesAndTreeAgree) {
  const auto& [name, size] = GetParam();
  const auto topology = make_topology(parse_topology(name), size);
  EXPECT_EQ(topology->name(), name);
  ASSERT_EQ(topology->size(), size);
  for (int rank = 0; rank < size; ++rank) {
    const auto neighbors = topology->neighbors(rank);
    std::vector<int> sorted(neighbors.begin(), neighbors.end());
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end()) << "no duplicates";
    for (int other : neighbors) {
      EXPECT_NE(other, rank);
      const auto back = topology->neighbors(other);
      EXPECT_NE(std::find(back.begin(), back.end(), rank), back.end()) << "links are symmetric";
    }
    const std::vector<int> hops = hops_from(*topology, rank);
    for (int other = 0; other < size; ++other)
      EXPECT_EQ(topology->distance(rank, other), hops[other]) << rank << " -> " << other;

    // The tree: 0 is the root, every other parent is a neighbour, and the
    // children lists are the inverse of the parents.
    const int parent = topology->tree_parent(rank);
    if (rank == 0) {
      EXPECT_EQ(parent, -1);
    } else {
      ASSERT_GE(parent, 0);
      EXPECT_EQ(topology->distance(rank, parent), 1);
      const auto siblings = topology->tree_children(parent);
      EXPECT_NE(std::find(siblings.begin(), siblings.end(), rank), siblings.end());
    }
  }
  // Every processor reaches 0 by following parents (no cycles).
  for (int rank = 0; rank < size; ++rank) {
    int at = rank, steps = 0;
    while (at != 0 && steps <= size) at = topology->tree_parent(at), ++steps;
    EXPECT_EQ(at, 0) << "from " << rank;
  }
}

// Every topology at every size it allows.
std::vector<Case> sizes() {
  std::vector<Case> cases;
  for (const std::string& name : topology_registry().names())
    for (int size : {1, 2, 3, 4, 5, 7, 8, 12, 13, 16, 64})
      if (name != "hypercube" || (size & (size - 1)) == 0) cases.emplace_back(name, size);
  return cases;
}

INSTANTIATE_TEST_SUITE_P(Topologies, EveryTopology, ::testing::ValuesIn(sizes()),
                         [](const auto& info) {
                           return std::get<0>(info.param) + "_P" +
                                  std::to_string(std::get<1>(info.param));
                         });

TEST(Ring, HasTwoNeighboursAndHalfTheRingAsDiameter) {
  const auto ring = make_topology(parse_topology("ring"), 10);
  for (int rank = 0; rank < 10; ++rank) EXPECT_EQ(ring->neighbors(rank).size(), 2u);
  EXPECT_EQ(ring->distance(0, 5), 5);
  EXPECT_EQ(ring->distance(1, 9), 2);
}

TEST(Mesh, IsNearSquare) {
  struct Shape {
    int size, rows, columns;
  };
  for (const Shape s : {Shape{1, 1, 1}, Shape{2, 1, 2}, Shape{4, 2, 2}, Shape{8, 2, 4},
                        Shape{12, 3, 4}, Shape{13, 4, 4}, Shape{16, 4, 4}, Shape{64, 8, 8}}) {
    const MeshTopology mesh(s.size);
    EXPECT_EQ(mesh.rows(), s.rows) << s.size;
    EXPECT_EQ(mesh.columns(), s.columns) << s.size;
    EXPECT_LE(mesh.columns(), 2 * mesh.rows()) << s.size;
  }
  const MeshTopology mesh(16);
  EXPECT_EQ(mesh.distance(0, 15), 6);
  EXPECT_EQ(mesh.neighbors(5).size(), 4u);
  EXPECT_EQ(mesh.neighbors(0).size(), 2u);
}

TEST(Hypercube, IsABinomialTreeOverDimensionLinks) {
  const HypercubeTopology cube(16);
  EXPECT_EQ(cube.dimension(), 4);
  EXPECT_EQ(cube.distance(0, 15), 4);
  EXPECT_EQ(cube.distance(5, 6), 2);
  const auto root_children = cube.tree_children(0);
  EXPECT_EQ(std::vector<int>(root_children.begin(), root_children.end()),
            (std::vector<int>{1, 2, 4, 8}));
  // A binomial tree: the subtrees below 0's children hold 8, 4, 2 and 1.
  for (int k = 0; k < 4; ++k) {
    int members = 0;
    for (int rank = 1; rank < 16; ++rank) {
      int at = rank;
      while (cube.tree_parent(at) != 0) at = cube.tree_parent(at);
      members += at == (1 << k);
    }
    EXPECT_EQ(members, 8 >> k);
  }
}

TEST(Hypercube, RejectsASizeThatIsNotAPowerOfTwo) {
  for (int size : {3, 6, 12, 100}) {
    try {
      (void)make_topology(parse_topology("hypercube"), size);
      ADD_FAILURE() << "accepted P = " << size;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("power-of-two"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(std::to_string(size)), std::string::npos);
    }
  }
}

TEST(MakeTopology, NamesEveryTopologyAndRejectsUnknownOnes) {
  EXPECT_EQ(topology_registry().names(),
            (std::vector<std::string>{"complete", "ring", "mesh", "hypercube"}));
  EXPECT_THROW((void)make_topology(parse_topology("torus"), 4), std::invalid_argument);
  EXPECT_THROW((void)make_topology(parse_topology("ring"), 0), std::invalid_argument);
}

}  // namespace
}  // namespace stacksplit::core
