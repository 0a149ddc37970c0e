#pragma once
// Graphs whose clique number is known in closed form, built here from their
// definitions, and random G(n, p) graphs for the comparison with cliquer.

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "apps/maxclique/dimacs_graph.hpp"

namespace stacksplit::apps::maxclique::testing {

struct KnownGraph {
  std::string name;
  Graph graph;
  int clique_number;
};

// Adds u–v for every pair the predicate accepts.
template <class Adjacent>
Graph graph_of(int vertices, Adjacent&& adjacent) {
  Graph graph;
  graph.vertices = vertices;
  for (int u = 0; u < vertices; ++u)
    for (int v = u + 1; v < vertices; ++v)
      if (adjacent(u, v)) graph.edges.emplace_back(u, v);
  return graph;
}

// The complement of the cycle C_n: a clique picks pairwise non-consecutive
// vertices of the cycle, at most floor(n/2) of them.
inline KnownGraph cycle_complement(int n) {
  Graph graph = graph_of(n, [n](int u, int v) { return v - u != 1 && v - u != n - 1; });
  return {"complement of C" + std::to_string(n), std::move(graph), n / 2};
}

// Paley graph of prime order q ≡ 1 (mod 4): u ~ v when u − v is a nonzero
// square mod q. Clique numbers from the literature (Shearer's table of Paley
// clique numbers; e.g. q = 13, 17 → 3; 29, 37 → 4; 41, 53, 61 → 5).
inline KnownGraph paley(int q, int clique_number) {
  std::vector<bool> square(q, false);
  for (int x = 1; x < q; ++x) square[(x * x) % q] = true;
  Graph graph = graph_of(q, [&](int u, int v) { return square[(v - u) % q]; });
  return {"Paley " + std::to_string(q), std::move(graph), clique_number};
}

// Johnson graph J(n, k): the k-subsets of n, adjacent when they share k − 1
// elements. Its maximum cliques are the k-subsets through a fixed
// (k−1)-subset (n − k + 1 of them) or inside a fixed (k+1)-subset (k + 1).
inline KnownGraph johnson(int n, int k) {
  std::vector<std::uint32_t> subsets;
  for (std::uint32_t mask = 0; mask < (1u << n); ++mask)
    if (__builtin_popcount(mask) == k) subsets.push_back(mask);
  Graph graph = graph_of(static_cast<int>(subsets.size()), [&](int u, int v) {
    return __builtin_popcount(subsets[u] & subsets[v]) == k - 1;
  });
  return {"Johnson J(" + std::to_string(n) + "," + std::to_string(k) + ")", std::move(graph),
          std::max(n - k + 1, k + 1)};
}

// The DIMACS Hamming graphs hamming<n>-<d>: binary words of length n,
// adjacent at Hamming distance ≥ d, so a clique is a code of minimum distance
// d and ω is A(n, d): 2^(n−1) for d = 2 (the even-weight words), A(6, 4) = 4,
// A(8, 4) = 16 (the extended Hamming code).
inline KnownGraph hamming(int n, int d, int clique_number) {
  Graph graph = graph_of(1 << n, [d](int u, int v) { return __builtin_popcount(u ^ v) >= d; });
  return {"hamming" + std::to_string(n) + "-" + std::to_string(d), std::move(graph), clique_number};
}

inline std::vector<KnownGraph> known_graphs() {
  return {cycle_complement(5), cycle_complement(12), cycle_complement(17), paley(13, 3),
          paley(17, 3),        paley(29, 4),         paley(37, 4),         paley(41, 5),
          johnson(7, 2),       johnson(7, 3),        johnson(8, 4),        hamming(6, 2, 32),
          hamming(6, 4, 4)};
}

// G(n, p): each pair an edge with probability p, from the seed.
inline Graph random_graph(int n, double p, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  const std::uint64_t threshold = static_cast<std::uint64_t>(p * 18446744073709551615.0);
  return graph_of(n, [&](int, int) { return random() < threshold; });
}

}  // namespace stacksplit::apps::maxclique::testing
