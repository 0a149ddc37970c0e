#include "schemes/loop/cost_model/synchronization_cost.hpp"

#include <cassert>

namespace stacksplit::schemes::loop::cost_model {

double synchronization_cost(LoopStrategy strategy, int processors, const NetworkModel& network,
                            const MessageSizes& messages) {
  assert(is_zaki_strategy(strategy));
  const double interrupt = network.cost(Exchange::kOneToAll, processors, messages.interrupt);
  const Exchange profiles = is_centralized(strategy) ? Exchange::kAllToOne : Exchange::kAllToAll;
  return interrupt + network.cost(profiles, processors, messages.profile);
}

}  // namespace stacksplit::schemes::loop::cost_model
