#include "core/topology/topology.hpp"

#include <algorithm>
#include <stdexcept>

namespace stacksplit::core {

Topology::Topology(int size) : size_(size) {
  if (size <= 0) throw std::invalid_argument("a topology needs at least one processor");
}

StoredTopology::StoredTopology(int size)
    : Topology(size), neighbors_(size), tree_parent_(size, -1), tree_children_(size) {}

void StoredTopology::derive_tree_children() {
  for (auto& children : tree_children_) children.clear();
  for (int rank = 1; rank < size_; ++rank) tree_children_[tree_parent_[rank]].push_back(rank);
}

int CompleteTopology::tree_child_count(int rank) const {
  return std::clamp(size_ - (2 * rank + 1), 0, 2);
}

}  // namespace stacksplit::core
