#include "core/topology/hypercube_topology.hpp"

#include <bit>
#include <stdexcept>
#include <string>

namespace stacksplit::core {

namespace {

int checked_size(int size) {
  if (size > 0 && !std::has_single_bit(static_cast<unsigned>(size)))
    throw std::invalid_argument(
        "topology 'hypercube' needs a power-of-two number of workers (got " + std::to_string(size) +
        ")");
  return size;
}

}  // namespace

HypercubeTopology::HypercubeTopology(int size) : StoredTopology(checked_size(size)) {
  dimension_ = std::countr_zero(static_cast<unsigned>(size));
  for (int rank = 0; rank < size; ++rank) {
    for (int bit = 0; bit < dimension_; ++bit) neighbors_[rank].push_back(rank ^ (1 << bit));
    if (rank != 0)
      tree_parent_[rank] = rank & ~static_cast<int>(std::bit_floor(static_cast<unsigned>(rank)));
  }
  derive_tree_children();
}

int HypercubeTopology::distance(int from, int to) const {
  return std::popcount(static_cast<unsigned>(from ^ to));
}

}  // namespace stacksplit::core
