#include "schemes/balance_policy.hpp"

#include <algorithm>
#include <cmath>

#include "schemes/two_level.hpp"

namespace stacksplit::schemes {

const core::Registry<BalancePolicy>& balance_registry() {
  static const core::Registry<BalancePolicy> registry = [] {
    core::Registry<BalancePolicy> r("balance policy");
    r.add({"flat", "", "the scheme over all P workers, whichever node each is on",
           BalancePolicy::kFlat});
    r.add({"two-level", "",
           "a random core of the worker's own node first, then the scheme between nodes; "
           "GRR-M, SB, SL and ML through one representative a node",
           BalancePolicy::kTwoLevel});
    return r;
  }();
  return registry;
}

std::unique_ptr<core::Scheme> balanced(BalancePolicy policy, std::unique_ptr<core::Scheme> scheme,
                                       bool representatives, int inside_tries) {
  if (policy == BalancePolicy::kFlat) return scheme;
  return std::make_unique<TwoLevel>(std::move(scheme), representatives, inside_tries);
}

int inside_tries_for(const core::RunConfig& config) {
  const core::MachineModel& machine = config.machine;
  if (config.runtime != core::RuntimeKind::kSim || machine.cores_per_node() < 2) return 1;
  // What a request costs the thief at each level: the request and its
  // answer, each a message sent and taken in, and the wait for the donor's
  // next look at its mailbox (half a quantum, the same at both levels). A
  // message between nodes crosses at least one hop.
  const double look = 0.5 * config.search.quantum * machine.t_node;
  const double inside = 2 * (machine.node_t_s + machine.node_t_recv) + look;
  const double between = 2 * (machine.t_s + machine.t_h + machine.t_recv) + look;
  const double ratio = inside > 0 ? std::round(between / inside) : 1.0;
  return static_cast<int>(std::clamp(ratio, 1.0, machine.cores - 1));
}

}  // namespace stacksplit::schemes
