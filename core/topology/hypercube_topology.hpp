#pragma once
// A d-dimensional hypercube of P = 2^d processors: neighbours differ in one bit
// of their label, the distance is the number of differing bits. The spanning
// tree is the binomial tree rooted at 0: a processor's parent is its label
// with the highest set bit cleared, so 0's children are 1, 2, 4, ..., P/2.

#include <string_view>

#include "core/topology/topology.hpp"

namespace stacksplit::core {

class HypercubeTopology final : public StoredTopology {
 public:
  // Throws std::invalid_argument unless `size` is a power of two.
  explicit HypercubeTopology(int size);
  std::string_view name() const override { return "hypercube"; }
  int distance(int from, int to) const override;
  int dimension() const { return dimension_; }

 private:
  int dimension_ = 0;
};

}  // namespace stacksplit::core
