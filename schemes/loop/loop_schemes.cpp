// The loop-level family: how the iterations of a parallel loop are shared and
// moved (docs/design.md, "The loop family").

#include "schemes/loop/guided_self_scheduling.hpp"
#include "schemes/loop/self_scheduling.hpp"
#include "schemes/loop/shared_iterator.hpp"
#include "schemes/loop/static_block.hpp"
#include "schemes/loop/static_cyclic.hpp"
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
      .add({"shared-iterator", family, "chunks of c by fetch-and-add on a shared counter",
            {nullptr, &make<SharedIterator>}});
}

}  // namespace stacksplit::schemes
