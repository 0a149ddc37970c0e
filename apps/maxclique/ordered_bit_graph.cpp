#include "apps/maxclique/ordered_bit_graph.hpp"

#include <functional>
#include <queue>
#include <utility>

namespace stacksplit::apps::maxclique {

namespace {

// Positions in the minimum-width order: the vertex of least remaining degree
// (ties: the least label, for a reproducible order) is removed first and takes
// the last free position. A lazy heap makes it O(m log n).
std::vector<int> degeneracy_order(const Graph& graph) {
  const int n = graph.vertices;
  std::vector<std::vector<int>> neighbours(n);
  for (const auto& [u, v] : graph.edges) {
    neighbours[u].push_back(v);
    neighbours[v].push_back(u);
  }
  std::vector<int> degree(n);
  using Entry = std::pair<int, int>;  // (remaining degree, vertex)
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap;
  for (int v = 0; v < n; ++v) {
    degree[v] = static_cast<int>(neighbours[v].size());
    heap.emplace(degree[v], v);
  }
  std::vector<bool> removed(n, false);
  std::vector<int> label(n);
  int next_position = n - 1;
  while (!heap.empty()) {
    const auto [entry_degree, v] = heap.top();
    heap.pop();
    if (removed[v] || entry_degree != degree[v]) continue;  // stale
    removed[v] = true;
    label[next_position--] = v;
    for (int w : neighbours[v])
      if (!removed[w]) heap.emplace(--degree[w], w);
  }
  return label;
}

}  // namespace

OrderedBitGraph::OrderedBitGraph(const Graph& graph)
    : size_(graph.vertices), words_((graph.vertices + 63) / 64), label_(degeneracy_order(graph)) {
  std::vector<int> position(size_);
  for (int p = 0; p < size_; ++p) position[label_[p]] = p;
  rows_.assign(static_cast<std::size_t>(size_) * words_, 0);
  for (const auto& [u, v] : graph.edges) {
    const int a = position[u], b = position[v];
    rows_[static_cast<std::size_t>(a) * words_ + (b >> 6)] |= std::uint64_t{1} << (b & 63);
    rows_[static_cast<std::size_t>(b) * words_ + (a >> 6)] |= std::uint64_t{1} << (a & 63);
  }
}

}  // namespace stacksplit::apps::maxclique
