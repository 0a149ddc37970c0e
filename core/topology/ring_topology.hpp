#pragma once
// A ring: processor r is linked to r-1 and r+1 (mod P). Its spanning tree
// follows the ring both ways from 0, so no tree path is longer than P/2 hops.

#include <string_view>

#include "core/topology/topology.hpp"

namespace stacksplit::core {

class RingTopology final : public StoredTopology {
 public:
  explicit RingTopology(int size);
  std::string_view name() const override { return "ring"; }
  int distance(int from, int to) const override;
};

}  // namespace stacksplit::core
