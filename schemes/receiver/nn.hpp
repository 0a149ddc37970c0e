#pragma once
// Nearest Neighbor (NN). An idle processor asks only its immediate neighbours
// in the interconnection network, one after the other in round robin order.
// Work spreads by diffusion: a request never travels more than one hop, which
// keeps communication local, but on a network of large diameter it takes many
// steps for work to reach processors far from where it was generated.
// — Kumar, Grama & Rao, Scalable Load Balancing Techniques for Parallel
// Computers, JPDC 22(1), 1994, §3.

#include <cstddef>

#include "core/scheme.hpp"

namespace stacksplit::schemes {

class NearestNeighbor final : public core::Scheme {
 public:
  std::string_view name() const override { return "nn"; }

  void on_idle(core::SchemeContext& ctx) override {
    const auto neighbors = ctx.topology().neighbors(ctx.rank());
    if (neighbors.empty()) return;
    const int donor = neighbors[next_ % neighbors.size()];
    next_ = (next_ + 1) % neighbors.size();
    ctx.request_work(donor);
  }

 private:
  std::size_t next_ = 0;  // index into this processor's neighbour list
};

}  // namespace stacksplit::schemes
