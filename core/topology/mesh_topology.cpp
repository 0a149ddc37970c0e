#include "core/topology/mesh_topology.hpp"

#include <cstdlib>

namespace stacksplit::core {

namespace {

int ceil_sqrt(int n) {
  int root = 0;
  while (root * root < n) ++root;
  return root;
}

}  // namespace

MeshTopology::MeshTopology(int size) : StoredTopology(size) {
  const int side = ceil_sqrt(size);
  columns_ = side;
  for (int columns = side; columns <= size; ++columns) {
    if (size % columns != 0) continue;
    if (columns <= 2 * (size / columns)) columns_ = columns;
    break;
  }
  rows_ = (size + columns_ - 1) / columns_;

  for (int rank = 0; rank < size; ++rank) {
    const int row = rank / columns_, column = rank % columns_;
    if (row > 0) neighbors_[rank].push_back(rank - columns_);
    if (column > 0) neighbors_[rank].push_back(rank - 1);
    if (column + 1 < columns_ && rank + 1 < size) neighbors_[rank].push_back(rank + 1);
    if (rank + columns_ < size) neighbors_[rank].push_back(rank + columns_);
    if (rank != 0) tree_parent_[rank] = row > 0 ? rank - columns_ : rank - 1;
  }
  derive_tree_children();
}

int MeshTopology::distance(int from, int to) const {
  return std::abs(from / columns_ - to / columns_) + std::abs(from % columns_ - to % columns_);
}

}  // namespace stacksplit::core
