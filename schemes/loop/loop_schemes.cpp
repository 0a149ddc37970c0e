// The loop-level family: how the iterations of a parallel loop are shared and
// moved (docs/design.md, "The loop family").

#include "schemes/loop/adaptive_weighted_factoring.hpp"
#include "schemes/loop/factoring.hpp"
#include "schemes/loop/gcdlb.hpp"
#include "schemes/loop/gddlb.hpp"
#include "schemes/loop/guided_self_scheduling.hpp"
#include "schemes/loop/lcdlb.hpp"
#include "schemes/loop/lddlb.hpp"
#include "schemes/loop/profiled.hpp"
#include "schemes/loop/self_scheduling.hpp"
#include "schemes/loop/shared_iterator.hpp"
#include "schemes/loop/static_block.hpp"
#include "schemes/loop/static_cyclic.hpp"
#include "schemes/loop/trapezoid_self_scheduling.hpp"
#include "schemes/scheme_registry.hpp"

namespace stacksplit::schemes {

namespace {

template <class SchemeType>
std::unique_ptr<core::LoopScheme> make(const core::LoopSchemeOptions& options) {
  if constexpr (std::is_constructible_v<SchemeType, const core::LoopSchemeOptions&>) {
    return std::make_unique<SchemeType>(options);
  } else {
    return std::make_unique<SchemeType>();
  }
}

}  // namespace

void register_loop_schemes(SchemeRegistry& registry) {
  const std::string family(kLoopFamily);
  registry
      .add({"static-block", family, "equal contiguous blocks, fixed (no DLB)",
            {nullptr, &make<StaticBlock>}})
      .add({"static-cyclic", family, "chunks of c dealt round robin, fixed",
            {nullptr, &make<StaticCyclic>}})
      .add({"ss", family, "self-scheduling: chunks of c from a master, on demand",
            {nullptr, &make<SelfScheduling>}})
      .add({"gss", family, "guided self-scheduling: the next chunk is ceil(R/P)",
            {nullptr, &make<GuidedSelfScheduling>}})
      .add({"tss", family, "trapezoid self-scheduling: chunks falling linearly from N/(2P) to 1",
            {nullptr, &make<TrapezoidSelfScheduling>}})
      .add({"fac2", family, "factoring: batches of P chunks taking half of what is left",
            {nullptr, &make<Factoring>}})
      .add({"awf", family, "adaptive weighted factoring: factoring chunks weighted by speed",
            {nullptr, &make<AdaptiveWeightedFactoring>}})
      .add({"profiled", family, "profiled re-partitioning: measure, then repartition by speed",
            {nullptr, &make<Profiled>}})
      .add({"shared-iterator", family, "chunks of c by fetch-and-add on a shared counter",
            {nullptr, &make<SharedIterator>}})
      .add({"gcdlb", family, "global centralized DLB: all profiles to a master, which moves work",
            {nullptr, &make<GlobalCentralizedDlb>}})
      .add({"gddlb", family, "global distributed DLB: profiles to all, each computes the plan",
            {nullptr, &make<GlobalDistributedDlb>}})
      .add({"lcdlb", family, "local centralized DLB: groups of K, one master serving them in turn",
            {nullptr, &make<LocalCentralizedDlb>}})
      .add({"lddlb", family, "local distributed DLB: groups of K, profiles within the group",
            {nullptr, &make<LocalDistributedDlb>}});
}

}  // namespace stacksplit::schemes
