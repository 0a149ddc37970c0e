// The loop-level family: how the iterations of a parallel loop are shared and
// moved (docs/design.md, "The loop family"). The table below is the family's
// one list: the registry reads it, and auto makes the scheme it chooses from it.

#include <array>
#include <stdexcept>
#include <string>
#include <string_view>

#include "schemes/loop/adaptive_weighted_factoring.hpp"
#include "schemes/loop/auto_strategy.hpp"
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

using Make = std::unique_ptr<core::LoopScheme> (*)(const LoopSchemeOptions&);

template <class SchemeType>
std::unique_ptr<core::LoopScheme> make(const LoopSchemeOptions& options) {
  if constexpr (std::is_constructible_v<SchemeType, const LoopSchemeOptions&>) {
    return std::make_unique<SchemeType>(options);
  } else {
    return std::make_unique<SchemeType>();
  }
}

std::unique_ptr<core::LoopScheme> make_by_name(std::string_view name,
                                               const LoopSchemeOptions& options);

template <AutoStrategy::Mode mode>
std::unique_ptr<core::LoopScheme> make_auto(const LoopSchemeOptions& options) {
  auto scheme = std::make_unique<AutoStrategy>(options, &make_by_name, mode);
  if (!options.model) {
    throw std::invalid_argument("--scheme " + std::string(scheme->name()) +
                                " needs the loop's model (a loop command gives it)");
  }
  return scheme;
}

struct LoopSchemeInfo {
  std::string_view name;
  std::string_view summary;
  Make make;
  bool needs_model = false;  // SchemeMaker::needs_loop_model
};

constexpr std::array kLoopSchemes = {
    LoopSchemeInfo{"static-block", "equal contiguous blocks, fixed (no DLB)", &make<StaticBlock>},
    LoopSchemeInfo{"static-cyclic", "chunks of c dealt round robin, fixed", &make<StaticCyclic>},
    LoopSchemeInfo{"ss", "self-scheduling: chunks of c from a master, on demand",
                   &make<SelfScheduling>},
    LoopSchemeInfo{"gss", "guided self-scheduling: the next chunk is ceil(R/P)",
                   &make<GuidedSelfScheduling>},
    LoopSchemeInfo{"tss", "trapezoid self-scheduling: chunks falling linearly from N/(2P) to 1",
                   &make<TrapezoidSelfScheduling>},
    LoopSchemeInfo{"fac2", "factoring: batches of P chunks taking half of what is left",
                   &make<Factoring>},
    LoopSchemeInfo{"awf", "adaptive weighted factoring: factoring chunks weighted by speed",
                   &make<AdaptiveWeightedFactoring>},
    LoopSchemeInfo{"shared-iterator", "chunks of c by fetch-and-add on a shared counter",
                   &make<SharedIterator>},
    LoopSchemeInfo{"profiled", "profiled re-partitioning: measure, then repartition by speed",
                   &make<Profiled>},
    LoopSchemeInfo{"gcdlb", "global centralized DLB: all profiles to a master, which moves work",
                   &make<GlobalCentralizedDlb>},
    LoopSchemeInfo{"gddlb", "global distributed DLB: profiles to all, each computes the plan",
                   &make<GlobalDistributedDlb>},
    LoopSchemeInfo{"lcdlb", "local centralized DLB: groups of K, one master serving them in turn",
                   &make<LocalCentralizedDlb>},
    LoopSchemeInfo{"lddlb", "local distributed DLB: groups of K, profiles within the group",
                   &make<LocalDistributedDlb>},
    LoopSchemeInfo{"auto", "the cost model's choice at the first synchronization (Zaki et al.)",
                   &make_auto<AutoStrategy::Mode::kOnce>, true},
    LoopSchemeInfo{"auto-adaptive",
                   "auto, deciding again at later synchronizations while its choice is global",
                   &make_auto<AutoStrategy::Mode::kAdaptive>, true},
};

std::unique_ptr<core::LoopScheme> make_by_name(std::string_view name,
                                               const LoopSchemeOptions& options) {
  for (const LoopSchemeInfo& info : kLoopSchemes)
    if (info.name == name) return info.make(options);
  throw std::logic_error("auto chose a scheme the loop family does not have");
}

}  // namespace

void register_loop_schemes(SchemeRegistry& registry) {
  const std::string family(kLoopFamily);
  for (const LoopSchemeInfo& info : kLoopSchemes)
    registry.add({std::string(info.name),
                  family,
                  std::string(info.summary),
                  {nullptr, info.make, info.needs_model}});
}

}  // namespace stacksplit::schemes
