#pragma once
// What the maximum clique tests share: checking a clique, cliquer's answer,
// engine configurations, scratch files.

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "apps/maxclique/dimacs_graph.hpp"
#include "core/run_config.hpp"
#include "schemes/scheme_registry.hpp"
#include "tests/schemes/scheme_cases.hpp"

namespace stacksplit::apps::maxclique::testing {

// Whether `vertices` (0-based) are distinct and pairwise adjacent in `graph`.
inline bool is_clique(const Graph& graph, const std::vector<int>& vertices) {
  for (std::size_t a = 0; a < vertices.size(); ++a) {
    if (vertices[a] < 0 || vertices[a] >= graph.vertices) return false;
    for (std::size_t b = a + 1; b < vertices.size(); ++b) {
      const int u = std::min(vertices[a], vertices[b]), v = std::max(vertices[a], vertices[b]);
      if (u == v) return false;
      if (!std::binary_search(graph.edges.begin(), graph.edges.end(), std::pair<int, int>(u, v)))
        return false;
    }
  }
  return true;
}

// The graph as graph_of builds it has sorted edges; is_clique needs them so.
inline Graph sorted(Graph graph) {
  std::sort(graph.edges.begin(), graph.edges.end());
  return graph;
}

inline std::filesystem::path scratch_directory() {
  static const std::filesystem::path directory = [] {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "stacksplit-maxclique-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot create a scratch directory");
    return std::filesystem::path(pattern);
  }();
  return directory;
}

inline std::string write_graph(const std::string& name, const Graph& graph) {
  const std::filesystem::path path = scratch_directory() / name;
  std::ofstream out(path);
  write_dimacs_graph(out, graph);
  return path.string();
}

inline std::string write_text(const std::string& name, const std::string& text) {
  const std::filesystem::path path = scratch_directory() / name;
  std::ofstream out(path, std::ios::binary);
  out << text;
  return path.string();
}

inline constexpr const char* kNoCliquer =
    "cliquer is not installed: run scripts/install-deps (Debian's package cliquer, the "
    "independent solver these tests compare with)";

inline bool have_cliquer() { return std::system("command -v cliquer >/dev/null 2>&1") == 0; }

// Cliquer's clique number for the graph in `path` (Östergård's algorithm, a
// separate program); nullopt if it is missing or failed.
inline std::optional<int> cliquer_clique_number(const std::string& path) {
  if (!have_cliquer()) return std::nullopt;
  const std::string out = path + ".cliquer";
  if (std::system(("cliquer -q -q -u '" + path + "' >'" + out + "' 2>&1").c_str()) != 0)
    return std::nullopt;
  std::ifstream in(out);
  std::stringstream text;
  text << in.rdbuf();
  std::smatch match;
  const std::string answer = text.str();
  if (!std::regex_search(answer, match, std::regex("size=([0-9]+)"))) return std::nullopt;
  return std::stoi(match[1]);
}

using stacksplit::testing::in_process_runtimes;
using stacksplit::testing::optimize_setup;

}  // namespace stacksplit::apps::maxclique::testing
