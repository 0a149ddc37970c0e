#include "apps/maxclique/dimacs_graph.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

namespace stacksplit::apps::maxclique {

namespace {

std::vector<std::string_view> tokens_of(std::string_view line) {
  std::vector<std::string_view> tokens;
  std::size_t at = 0;
  while ((at = line.find_first_not_of(" \t\r", at)) != std::string_view::npos) {
    const std::size_t end = std::min(line.find_first_of(" \t\r", at), line.size());
    tokens.push_back(line.substr(at, end - at));
    at = end;
  }
  return tokens;
}

class Reader {
 public:
  explicit Reader(std::string_view name) : name_(name) {}

  [[noreturn]] void fail(std::uint64_t line, const std::string& what) const {
    throw GraphFormatError(name_, line, what);
  }

  std::int64_t number(std::uint64_t line, std::string_view token, std::string_view what) const {
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (error == std::errc::result_out_of_range)
      fail(line, std::string(what) + " '" + std::string(token) + "' is out of range");
    if (error != std::errc() || end != token.data() + token.size())
      fail(line, std::string(what) + " '" + std::string(token) + "' is not an integer");
    return value;
  }

 private:
  std::string name_;
};

}  // namespace

DimacsGraph parse_dimacs_graph(std::istream& in, std::string_view name) {
  const Reader reader(name);
  DimacsGraph result;
  bool have_header = false;
  std::uint64_t header_line = 0;
  std::int64_t edge_lines = 0;
  std::string text;
  std::uint64_t line = 0;
  while (std::getline(in, text)) {
    ++line;
    const std::vector<std::string_view> tokens = tokens_of(text);
    if (tokens.empty() || tokens[0] == "c") continue;
    if (tokens[0] == "p") {
      if (have_header) reader.fail(line, "a second 'p' line");
      if (tokens.size() != 4 || (tokens[1] != "edge" && tokens[1] != "col"))
        reader.fail(line, "the problem line must read 'p edge N M'");
      const std::int64_t vertices = reader.number(line, tokens[2], "the vertex count");
      const std::int64_t edges = reader.number(line, tokens[3], "the edge count");
      if (vertices < 0) reader.fail(line, "the vertex count is negative");
      if (vertices > kMaxVertices)
        reader.fail(line,
                    "more than " + std::to_string(kMaxVertices) + " vertices are not supported");
      if (edges < 0) reader.fail(line, "the edge count is negative");
      result.graph.vertices = static_cast<int>(vertices);
      result.declared_edges = edges;
      have_header = true;
      header_line = line;
      continue;
    }
    if (tokens[0] == "e") {
      if (!have_header) reader.fail(line, "an edge before the 'p edge N M' line");
      if (tokens.size() < 3) reader.fail(line, "an edge needs two vertices: 'e U V'");
      if (tokens.size() > 3)
        reader.fail(line, "trailing junk '" + std::string(tokens[3]) + "' after the edge");
      const std::int64_t u = reader.number(line, tokens[1], "the vertex");
      const std::int64_t v = reader.number(line, tokens[2], "the vertex");
      for (std::int64_t vertex : {u, v})
        if (vertex < 1 || vertex > result.graph.vertices)
          reader.fail(line, "vertex " + std::to_string(vertex) + " is not in 1.." +
                                std::to_string(result.graph.vertices));
      if (u == v)
        reader.fail(line, "a loop (an edge from vertex " + std::to_string(u) + " to itself)");
      result.graph.edges.emplace_back(static_cast<int>(std::min(u, v) - 1),
                                      static_cast<int>(std::max(u, v) - 1));
      ++edge_lines;
      continue;
    }
    reader.fail(line,
                "a line must start with 'c', 'p' or 'e', not '" + std::string(tokens[0]) + "'");
  }
  if (!have_header) reader.fail(line, "no 'p edge N M' line");
  // (Halving the lines, not doubling the count: a count near 2^63 must not overflow.)
  const bool both_ways = edge_lines % 2 == 0 && edge_lines / 2 == result.declared_edges;
  if (edge_lines != result.declared_edges && !both_ways)
    result.warnings.push_back(std::string(name) + ":" + std::to_string(header_line) +
                              ": the p line declares " + std::to_string(result.declared_edges) +
                              " edges but the file has " + std::to_string(edge_lines) +
                              " edge lines");
  std::vector<std::pair<int, int>>& edges = result.graph.edges;
  std::sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  return result;
}

DimacsGraph read_dimacs_graph(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw GraphFormatError(path, 0, "cannot open the file");
  return parse_dimacs_graph(file, path);
}

void write_dimacs_graph(std::ostream& out, const Graph& graph, std::string_view comment) {
  std::istringstream lines{std::string(comment)};
  for (std::string line; std::getline(lines, line);) out << "c " << line << '\n';
  out << "p edge " << graph.vertices << ' ' << graph.edges.size() << '\n';
  for (const auto& [u, v] : graph.edges) out << "e " << u + 1 << ' ' << v + 1 << '\n';
}

}  // namespace stacksplit::apps::maxclique
