// The DIMACS graph format: what it accepts, and every fault a user can make
// reported as FILE:LINE: what is wrong.

#include "apps/maxclique/dimacs_graph.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace stacksplit::apps::maxclique {
namespace {

DimacsGraph parse(const std::string& text) {
  std::istringstream in(text);
  return parse_dimacs_graph(in, "g.clq");
}

TEST(DimacsGraph, ReadsEdgesOnceWhateverTheirDirection) {
  const DimacsGraph input =
      parse("c a comment\nc\np edge 4 4\n\ne 1 2\ne 2 1\ne 4 3\r\nc between\ne  1\t3\n");
  EXPECT_EQ(input.graph.vertices, 4);
  EXPECT_EQ(input.declared_edges, 4);
  const std::vector<std::pair<int, int>> expected = {{0, 1}, {0, 2}, {2, 3}};
  EXPECT_EQ(input.graph.edges, expected);
}

// The edge count may count each edge once or both ways; another count may be
// a file cut short, which is said, not refused.
TEST(DimacsGraph, AnEdgeCountThatIsNeitherTheLinesNorHalfOfThemIsAWarning) {
  EXPECT_TRUE(parse("p edge 3 2\ne 1 2\ne 2 3\n").warnings.empty());
  EXPECT_TRUE(parse("p edge 3 1\ne 1 2\ne 2 1\n").warnings.empty());
  const DimacsGraph cut = parse("c\np edge 3 5\ne 1 2\n");
  ASSERT_EQ(cut.warnings.size(), 1u);
  EXPECT_EQ(cut.warnings[0], "g.clq:2: the p line declares 5 edges but the file has 1 edge lines");
  EXPECT_EQ(cut.graph.edges.size(), 1u);
  EXPECT_EQ(parse("p edge 3 9223372036854775807\ne 1 2\n").warnings.size(), 1u);
}

TEST(DimacsGraph, WrittenGraphsReadBack) {
  Graph graph{5, {{0, 4}, {1, 2}, {3, 4}}};
  std::ostringstream out;
  write_dimacs_graph(out, graph, "two\nlines");
  const DimacsGraph read = parse(out.str());
  EXPECT_EQ(read.graph.vertices, 5);
  EXPECT_EQ(read.graph.edges, graph.edges);
}

struct Malformed {
  const char* text;
  const char* message;
};

class DimacsGraphMalformed : public ::testing::TestWithParam<Malformed> {};

TEST_P(DimacsGraphMalformed, SaysWhereAndWhat) {
  const Malformed& c = GetParam();
  try {
    parse(c.text);
    FAIL() << "accepted: " << c.text;
  } catch (const GraphFormatError& e) {
    EXPECT_EQ(std::string(e.what()), c.message);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Faults, DimacsGraphMalformed,
    ::testing::Values(
        Malformed{"", "g.clq:0: no 'p edge N M' line"},
        Malformed{"c only\n", "g.clq:1: no 'p edge N M' line"},
        Malformed{"e 1 2\np edge 2 1\n", "g.clq:1: an edge before the 'p edge N M' line"},
        Malformed{"p cnf 3 2\n", "g.clq:1: the problem line must read 'p edge N M'"},
        Malformed{"p edge 3\n", "g.clq:1: the problem line must read 'p edge N M'"},
        Malformed{"p edge x 2\n", "g.clq:1: the vertex count 'x' is not an integer"},
        Malformed{"p edge -3 2\n", "g.clq:1: the vertex count is negative"},
        Malformed{"p edge 3 -2\n", "g.clq:1: the edge count is negative"},
        Malformed{"p edge 100000 2\n", "g.clq:1: more than 32768 vertices are not supported"},
        Malformed{"p edge 99999999999999999999 2\n",
                  "g.clq:1: the vertex count '99999999999999999999' is out of range"},
        Malformed{"p edge 3 1\np edge 3 1\n", "g.clq:2: a second 'p' line"},
        Malformed{"p edge 3 1\ne 1\n", "g.clq:2: an edge needs two vertices: 'e U V'"},
        Malformed{"p edge 3 1\ne 1 2 3\n", "g.clq:2: trailing junk '3' after the edge"},
        Malformed{"p edge 3 1\ne 1 4\n", "g.clq:2: vertex 4 is not in 1..3"},
        Malformed{"p edge 3 1\ne 0 2\n", "g.clq:2: vertex 0 is not in 1..3"},
        Malformed{"p edge 3 1\ne 1 2.5\n", "g.clq:2: the vertex '2.5' is not an integer"},
        Malformed{"p edge 3 1\ne 2 2\n", "g.clq:2: a loop (an edge from vertex 2 to itself)"},
        Malformed{"p edge 3 1\nx 1 2\n",
                  "g.clq:2: a line must start with 'c', 'p' or 'e', not 'x'"}));

TEST(DimacsGraph, MissingFileIsAnInputError) {
  EXPECT_THROW(read_dimacs_graph("/nonexistent/stacksplit/g.clq"), GraphFormatError);
}

}  // namespace
}  // namespace stacksplit::apps::maxclique
