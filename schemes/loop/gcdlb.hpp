#pragma once
// Global Centralized DLB (GCDLB): the load balancer sits on a master
// processor, which also computes; every processor takes part in each
// synchronization and sends its profile to the master, which computes the new
// distribution and its profitability and tells the processors that must send
// work whom to send how much; the receivers wait for what they need — Zaki,
// Parthasarathy & Li, "Customized Dynamic Load Balancing", §1.2.1.

#include "schemes/loop/interrupt_strategy.hpp"

namespace stacksplit::schemes {

class GlobalCentralizedDlb final : public InterruptStrategy {
 public:
  explicit GlobalCentralizedDlb(const LoopSchemeOptions& options)
      : InterruptStrategy(Scope::kGlobal, Balancer::kCentralized, options) {}
  std::string_view name() const override { return "gcdlb"; }
};

}  // namespace stacksplit::schemes
