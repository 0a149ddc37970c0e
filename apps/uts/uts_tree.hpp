#pragma once
// UTS as a search space (core/search_space.hpp). A node carries its whole
// subtree, so a choice is the child node itself: descending only makes it
// current, nothing is undone, and a piece of work needs no replay.

#include <cstdint>

#include "apps/uts/uts_generator.hpp"
#include "apps/uts/uts_node.hpp"
#include "apps/uts/uts_params.hpp"
#include "core/search_space.hpp"

namespace stacksplit::apps::uts {

class UtsTree {
 public:
  using Choice = UtsNode;
  static constexpr bool kSelfContainedChoices = true;

  // Throws std::invalid_argument if `params` is out of range.
  explicit UtsTree(const UtsParams& params) : generator_(params) {}

  const UtsParams& params() const { return generator_.params(); }
  const UtsNode& current() const { return current_; }
  // The simulator's hint that this space expands next: the hashing context.
  void prefetch() const { generator_.prefetch(); }

  core::Outcome reset() {
    current_ = generator_.root();
    return core::Outcome::kOpen;
  }

  // Hashes every child here, once: the children are the choices.
  void choices(core::ChoiceSink<UtsNode>& out);

  core::Outcome descend(const UtsNode& child) {
    current_ = child;
    return core::Outcome::kOpen;
  }

  // Each node costs its parent `granularity` SHA-1 rounds: the unit the
  // simulated machine charges for, so -g makes nodes dearer there too.
  std::uint64_t node_cost() const { return static_cast<std::uint64_t>(params().granularity); }

 private:
  UtsGenerator generator_;
  UtsNode current_;
};

static_assert(core::SearchSpace<UtsTree>);
static_assert(core::has_self_contained_choices<UtsTree>());

}  // namespace stacksplit::apps::uts
