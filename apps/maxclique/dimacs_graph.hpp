#pragma once
// An undirected graph and the DIMACS clique/colouring text format that holds
// it: `c` comment lines, one `p edge N M` (or `p col N M`) line, then `e U V`
// lines with vertices numbered 1..N. An edge given twice counts once. Every
// fault is a GraphFormatError `FILE:LINE: what is wrong` (exit status 1).

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/input_error.hpp"

namespace stacksplit::apps::maxclique {

class GraphFormatError : public core::InputError {
 public:
  using InputError::InputError;
};

// Vertices beyond this are refused: the search keeps an n × n bit matrix
// (2^15 vertices: 128 MiB), and a header alone must not exhaust memory.
inline constexpr std::int64_t kMaxVertices = 1 << 15;

struct Graph {
  int vertices = 0;
  std::vector<std::pair<int, int>> edges;  // 0-based, u < v, each once
};

struct DimacsGraph {
  Graph graph;
  std::int64_t declared_edges = 0;  // as the p line says (files disagree on duplicates)
  // FILE:LINE: what is odd but not wrong; an edge count that is neither the
  // edge lines' nor half of it (each edge listed both ways) may be a cut file.
  std::vector<std::string> warnings;
};

DimacsGraph read_dimacs_graph(const std::string& path);
DimacsGraph parse_dimacs_graph(std::istream& in, std::string_view name);

// Writes `graph` as DIMACS text, vertices numbered from 1.
void write_dimacs_graph(std::ostream& out, const Graph& graph, std::string_view comment = {});

}  // namespace stacksplit::apps::maxclique
