#pragma once
// Random Polling (RP). "When a processor becomes idle, it randomly selects a
// donor. Each processor is selected as a donor with equal probability, ensuring
// that work requests are evenly distributed." — Kumar, Grama & Rao, Scalable
// Load Balancing Techniques for Parallel Computers, JPDC 22(1), 1994, §3.

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
