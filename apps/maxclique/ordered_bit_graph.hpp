#pragma once
// The graph as the bit-parallel search wants it: vertices renumbered in a
// minimum-width (degeneracy) order, and one adjacency bitset row per vertex
// in that numbering, so that "candidates ∩ N(v)" is a loop over 64-bit words.
//
// The order is the one Tomita's MCS starts from and San Segundo's BBMC keeps
// as its fixed bit numbering: repeatedly the vertex of least degree in what is
// left of the graph goes last ("A simple and faster branch-and-bound algorithm
// for finding a maximum clique", Tomita, Sutani, Higashi, Takahashi, Wakatsuki
// 2010; "An exact bit-parallel algorithm for the maximum clique problem",
// San Segundo, Rodríguez-Losada, Jiménez 2011). Greedy colouring in this order
// puts the vertices of the dense core into the first colour classes, which
// gives the small colourings the bound lives on.

#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "apps/maxclique/dimacs_graph.hpp"

namespace stacksplit::apps::maxclique {

class OrderedBitGraph {
 public:
  explicit OrderedBitGraph(const Graph& graph);

  int size() const { return size_; }
  // 64-bit words per row (and per vertex set).
  int words() const { return words_; }
  // The vertex at `position` in the order, as numbered in the input (0-based).
  int label(int position) const { return label_[position]; }
  // The neighbours of the vertex at `position`, by position.
  const std::uint64_t* row(int position) const {
    return rows_.data() + static_cast<std::size_t>(position) * words_;
  }
  bool adjacent(int a, int b) const { return (row(a)[b >> 6] >> (b & 63)) & 1u; }

 private:
  int size_;
  int words_;
  std::vector<int> label_;
  std::vector<std::uint64_t> rows_;  // size_ rows of words_ words
};

}  // namespace stacksplit::apps::maxclique
