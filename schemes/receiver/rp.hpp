#pragma once
// Random Polling (RP): an idle processor asks a donor chosen at random, every
// other processor with the same probability, so requests spread evenly over
// the machine (Kumar, Grama & Rao, Scalable Load Balancing Techniques for
// Parallel Computers, JPDC 22(1), 1994, §3, receiver-initiated schemes; the
// paraphrase is ours).
//
// Where this departs from the text at hand: the project's summary of that
// paper (its section "Random Polling RP and its Locality Advantages") gives
// RP's paragraph to polling the immediate neighbours in turn, which is the
// paper's Nearest Neighbour scheme (schemes/receiver/nn.hpp here). This file
// follows the paper's RP, a uniformly random donor, which is also what its
// isoefficiency for RP assumes (analysis/theoretical_isoefficiency.cpp).

#include "core/scheme.hpp"

namespace stacksplit::schemes {

class RandomPolling final : public core::Scheme {
 public:
  std::string_view name() const override { return "rp"; }

  void on_idle(core::SchemeContext& ctx) override {
    if (ctx.size() < 2) return;
    // Uniform over the others: draw from P-1 and skip our own label.
    auto donor = static_cast<int>(ctx.random_below(static_cast<std::uint64_t>(ctx.size() - 1)));
    if (donor >= ctx.rank()) ++donor;
    ctx.request_work(donor);
  }
};

}  // namespace stacksplit::schemes
