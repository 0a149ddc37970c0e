#pragma once
// Local Centralized DLB (LCDLB): the processors form fixed groups of K
// (K-block); the first of a group to finish interrupts only its group, and one
// central load balancer serves the groups in the order their profiles come
// in, finishing one group's redistribution before the next (so groups may
// queue behind each other: the delay factor of §1.3.2) — Zaki, Parthasarathy
// & Li, "Customized Dynamic Load Balancing", §1.2.1. K is --group (default
// P/2: two groups).

#include "schemes/loop/interrupt_strategy.hpp"

namespace stacksplit::schemes {

class LocalCentralizedDlb final : public InterruptStrategy {
 public:
  explicit LocalCentralizedDlb(const LoopSchemeOptions& options)
      : InterruptStrategy(Scope::kLocal, Balancer::kCentralized, options) {}
  std::string_view name() const override { return "lcdlb"; }
};

}  // namespace stacksplit::schemes
