#pragma once
// A node of a UTS tree. It is the whole state of its subtree (its SHA-1 state
// decides everything below it), so it is also the search choice that leads to
// it: a piece of work is a list of nodes, with no path to replay.

#include <cstdint>
#include <type_traits>

#include "apps/uts/uts_params.hpp"
#include "apps/uts/uts_rng.hpp"

namespace stacksplit::apps::uts {

struct UtsNode {
  Sha1Digest state{};
  std::int32_t height = 0;  // the root is 0
  // The tree type at the root, below it the distribution the parent was drawn
  // from. Kept as the benchmark keeps it; the tree's shape depends only on the
  // parameters, the height and the state.
  TreeType type = TreeType::kGeometric;

  bool operator==(const UtsNode&) const = default;
};

static_assert(std::is_trivially_copyable_v<UtsNode>);

}  // namespace stacksplit::apps::uts
