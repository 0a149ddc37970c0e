#pragma once
// Where look-ahead stops and CDCL starts. As march_cu ("Cube and Conquer:
// Guiding CDCL SAT Solvers by Lookaheads", Heule, Kullmann, Wieringa & Biere
// 2011, the cube phase: march_cu's cutoff heuristic), a node becomes a cube when
//
//   decisions · assigned variables  >  threshold,
//
// a measure that grows fast where each decision implies much (long implication
// chains: CDCL early, at shallow depth) and slowly where it implies little (the
// look-ahead's strength, random k-SAT: a deep look-ahead tree). A node the
// look-ahead refutes before it gets there never reaches CDCL, so a formula
// whose look-ahead refutes everything stays pure DPLL.
//
// The adaptive threshold follows how fast CaDiCaL refutes the cubes (the
// paper adapts its own to the look-ahead's refutations): a cube closed in a
// handful of conflicts was cut deeper than it needed, so the threshold drops
// and the next cubes are bigger (fewer look-aheads); one that took many
// conflicts is hard, so the threshold rises and the look-ahead splits more
// (the tree then also has more to give the other workers). A fixed threshold
// (--cube-cutoff) never moves.

#include <algorithm>
#include <cstdint>

#include "apps/sat/tuning.hpp"

namespace stacksplit::apps::sat {

class CubeCutoff {
 public:
  // The adaptive start for a formula of `variables` variables: a node cuts
  // once its decisions have, together, implied half the variables, at any
  // depth (decisions · assigned ≥ depth · n / 2 ≥ n / 2).
  static CubeCutoff adaptive(std::uint32_t variables) {
    const double start = std::max(1.0, variables / 2.0);
    return CubeCutoff(start, true, start / 16, start * 64);
  }
  static CubeCutoff fixed(double threshold) { return CubeCutoff(threshold, false, 0, 0); }

  bool is_cube(std::uint32_t decisions, std::uint32_t assigned) const {
    return static_cast<double>(decisions) * assigned > threshold_;
  }

  // CaDiCaL decided a cube in `conflicts` conflicts.
  void on_cube_decided(std::uint64_t conflicts) {
    if (!adaptive_) return;
    if (conflicts < kEasyCubeConflicts)
      threshold_ = std::max(lowest_, threshold_ * kEasyCubeFactor);
    if (conflicts > kHardCubeConflicts)
      threshold_ = std::min(highest_, threshold_ * kHardCubeFactor);
  }

  double threshold() const { return threshold_; }
  bool adapts() const { return adaptive_; }

 private:
  CubeCutoff(double threshold, bool adaptive, double lowest, double highest)
      : threshold_(threshold), adaptive_(adaptive), lowest_(lowest), highest_(highest) {}

  double threshold_;
  bool adaptive_;
  double lowest_;
  double highest_;
};

}  // namespace stacksplit::apps::sat
