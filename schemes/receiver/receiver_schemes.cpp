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

namespace {

template <class SchemeType>
std::unique_ptr<core::Scheme> make() {
  return std::make_unique<SchemeType>();
}

}  // namespace

void register_receiver_schemes(SchemeRegistry& registry) {
  const std::string family(kReceiverFamily);
  registry
      .add({"rp", family, "random polling: ask a donor chosen uniformly at random",
            {&make<RandomPolling>}})
      .add({"arr", family, "asynchronous round robin: each processor's own target, mod P",
            {&make<AsynchronousRoundRobin>}})
      .add({"grr", family, "global round robin: one target at processor 0, read and incremented",
            {&make<GlobalRoundRobin>}})
      .add({"grr-m", family,
            "global round robin with message combining up the topology's spanning tree",
            {&make<GlobalRoundRobinCombining>}})
      .add({"nn", family, "nearest neighbour: ask the topology's neighbours in round robin",
            {&make<NearestNeighbor>}})
      .add({"sb", family, "scheduler based: processor 0 pairs each idle processor with a busy one",
            {&make<SchedulerBased>}});
}

}  // namespace stacksplit::schemes
