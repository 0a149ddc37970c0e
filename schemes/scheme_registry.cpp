#include "schemes/scheme_registry.hpp"

#include <stdexcept>

#include "schemes/receiver/arr.hpp"
#include "schemes/receiver/grr.hpp"
#include "schemes/receiver/grr_m.hpp"
#include "schemes/receiver/nn.hpp"
#include "schemes/receiver/rp.hpp"
#include "schemes/receiver/sb.hpp"
#include "schemes/sender/ml.hpp"
#include "schemes/sender/random_allocation.hpp"
#include "schemes/sender/sl.hpp"

namespace stacksplit::schemes {

namespace {

template <class SchemeType>
std::unique_ptr<core::Scheme> make() {
  return std::make_unique<SchemeType>();
}

}  // namespace

const std::vector<SchemeInfo>& scheme_table() {
  static const std::vector<SchemeInfo> table = {
      {"rp", "receiver", "random polling: ask a donor chosen uniformly at random",
       &make<RandomPolling>},
      {"arr", "receiver", "asynchronous round robin: each processor's own target, mod P",
       &make<AsynchronousRoundRobin>},
      {"grr", "receiver", "global round robin: one target at processor 0, read and incremented",
       &make<GlobalRoundRobin>},
      {"grr-m", "receiver",
       "global round robin with message combining up the topology's spanning tree",
       &make<GlobalRoundRobinCombining>},
      {"nn", "receiver", "nearest neighbour: ask the topology's neighbours in round robin",
       &make<NearestNeighbor>},
      {"sb", "receiver", "scheduler based: processor 0 pairs each idle processor with a busy one",
       &make<SchedulerBased>},
      {"sl", "sender", "single level: a manager hands out subtasks at the cutoff depth on demand",
       &make<SingleLevel>},
      {"ml", "sender", "multi level: a manager feeds sub-managers, each feeding a group",
       &make<MultiLevel>},
      {"random", "sender", "randomized allocation: nodes above the cutoff go to random processors",
       &make<RandomAllocation>},
  };
  return table;
}

std::unique_ptr<core::Scheme> make_scheme(std::string_view name) {
  for (const SchemeInfo& info : scheme_table())
    if (info.name == name) return info.make();
  std::string known;
  for (const SchemeInfo& info : scheme_table())
    known += (known.empty() ? "" : ", ") + std::string(info.name);
  throw std::invalid_argument("unknown scheme '" + std::string(name) + "' (known: " + known + ")");
}

std::vector<std::string> scheme_names() {
  std::vector<std::string> names;
  for (const SchemeInfo& info : scheme_table()) names.emplace_back(info.name);
  return names;
}

}  // namespace stacksplit::schemes
