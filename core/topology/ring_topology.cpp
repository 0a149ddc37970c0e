#include "core/topology/ring_topology.hpp"

#include <algorithm>
#include <cstdlib>

namespace stacksplit::core {

RingTopology::RingTopology(int size) : StoredTopology(size) {
  for (int rank = 0; rank < size; ++rank) {
    const int left = (rank + size - 1) % size;
    const int right = (rank + 1) % size;
    if (left != rank) neighbors_[rank].push_back(left);
    if (right != rank && right != left) neighbors_[rank].push_back(right);
    // The first half hangs off 0 clockwise, the rest counter-clockwise.
    if (rank != 0) tree_parent_[rank] = rank <= size / 2 ? rank - 1 : (rank + 1) % size;
  }
  derive_tree_children();
}

int RingTopology::distance(int from, int to) const {
  const int gap = std::abs(from - to);
  return std::min(gap, size_ - gap);
}

}  // namespace stacksplit::core
