#pragma once
// Global Distributed DLB (GDDLB): the load balancer is replicated on every
// processor; each broadcasts its profile to all the others, and every one
// computes the same new distribution, so no instructions are needed: the
// senders ship their surplus and the receivers wait for it — Zaki,
// Parthasarathy & Li, "Customized Dynamic Load Balancing", §1.2.1.

#include "schemes/loop/interrupt_strategy.hpp"

namespace stacksplit::schemes {

class GlobalDistributedDlb final : public InterruptStrategy {
 public:
  explicit GlobalDistributedDlb(const LoopSchemeOptions& options)
      : InterruptStrategy(Scope::kGlobal, Balancer::kDistributed, options) {}
  std::string_view name() const override { return "gddlb"; }
};

}  // namespace stacksplit::schemes
