// The receiver-initiated family: an idle processor asks a donor for work
// (Kumar, Grama & Rao, Scalable Load Balancing Techniques for Parallel
// Computers, §3).

#include "schemes/receiver/arr.hpp"
#include "schemes/receiver/grr.hpp"
#include "schemes/receiver/grr_m.hpp"
#include "schemes/receiver/nn.hpp"
#include "schemes/receiver/rp.hpp"
#include "schemes/receiver/sb.hpp"
#include "schemes/scheme_registry.hpp"

namespace stacksplit::schemes {

void register_receiver_schemes(SchemeRegistry& registry) {
  const std::string family(kReceiverFamily);
  registry
      .add({"rp", family, "random polling: ask a donor chosen uniformly at random",
            tree_scheme<RandomPolling>()})
      .add({"arr", family, "asynchronous round robin: each processor's own target, mod P",
            tree_scheme<AsynchronousRoundRobin>()})
      .add({"grr", family, "global round robin: one target at processor 0, read and incremented",
            tree_scheme<GlobalRoundRobin>()})
      .add({"grr-m", family,
            "global round robin with message combining up the topology's spanning tree",
            tree_scheme<GlobalRoundRobinCombining>(/*one_representative=*/true)})
      .add({"nn", family, "nearest neighbour: ask the topology's neighbours in round robin",
            tree_scheme<NearestNeighbor>()})
      .add({"sb", family, "scheduler based: processor 0 pairs each idle processor with a busy one",
            tree_scheme<SchedulerBased>(/*one_representative=*/true)});
}

}  // namespace stacksplit::schemes
