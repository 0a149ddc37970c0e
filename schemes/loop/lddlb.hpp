#pragma once
// Local Distributed DLB (LDDLB): K-block groups as in LCDLB, but the load
// balancer is replicated on every processor and profiles are broadcast only
// within the group — Zaki, Parthasarathy & Li, "Customized Dynamic Load
// Balancing", §1.2.1. K is --group (default P/2: two groups).

#include "schemes/loop/interrupt_strategy.hpp"

namespace stacksplit::schemes {

class LocalDistributedDlb final : public InterruptStrategy {
 public:
  explicit LocalDistributedDlb(const LoopSchemeOptions& options)
      : InterruptStrategy(Scope::kLocal, Balancer::kDistributed, options) {}
  std::string_view name() const override { return "lddlb"; }
};

}  // namespace stacksplit::schemes
