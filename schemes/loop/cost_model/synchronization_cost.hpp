#pragma once
// The cost of one synchronization, ξ, per strategy, from the fitted
// exchanges: the first processor to finish interrupts the others (one-to-all),
// and they send their profiles to the balancer (all-to-one) or, with
// replicated balancers, to each other (all-to-all):
//   GCDLB: ξ = one-to-all(P) + all-to-one(P)
//   GDDLB: ξ = one-to-all(P) + all-to-all(P²)
//   LCDLB (per group): ξ = one-to-all(K) + all-to-one(K)
//   LDDLB (per group): ξ = one-to-all(K) + all-to-all(K²)
// — Zaki, Parthasarathy & Li, Customized Dynamic Load Balancing, §1.3.2,
// "Cost of Synchronization". The interrupt carries `interrupt` bytes, a
// profile `profile` bytes.

#include "schemes/loop/cost_model/loop_model_input.hpp"
#include "schemes/loop/cost_model/loop_strategy.hpp"
#include "schemes/loop/cost_model/network_model.hpp"

namespace stacksplit::schemes::loop::cost_model {

// ξ for a synchronization of `processors` (P for the global strategies, the
// group's K for the local ones). Only the chapter's four strategies.
double synchronization_cost(LoopStrategy strategy, int processors, const NetworkModel& network,
                            const MessageSizes& messages);

}  // namespace stacksplit::schemes::loop::cost_model
