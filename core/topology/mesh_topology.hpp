#pragma once
// A 2-D mesh without wraparound, as near square as P allows: P = rows x columns
// when P has such a factorization with columns at most twice the rows;
// otherwise ceil(sqrt P) columns and a last row filled only from the left.
// Processors are numbered row by row; a hop is one step up, down, left or right.
// The spanning tree runs along row 0 and then down every column.

#include <string_view>

#include "core/topology/topology.hpp"

namespace stacksplit::core {

class MeshTopology final : public StoredTopology {
 public:
  explicit MeshTopology(int size);
  std::string_view name() const override { return "mesh"; }
  // Manhattan distance: even with a partial last row some shortest path stays
  // inside the mesh (go vertically in the lower processor's column first).
  int distance(int from, int to) const override;

  int rows() const { return rows_; }
  int columns() const { return columns_; }

 private:
  int rows_ = 1;
  int columns_ = 1;
};

}  // namespace stacksplit::core
