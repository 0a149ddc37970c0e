#pragma once
// A plain recursive depth-first search over a SearchSpace: the oracle that
// tests compare every scheme, runtime and worker count against. It shares no
// code with the engine on purpose.

#include <cstdint>
#include <vector>

#include "core/search_space.hpp"

namespace stacksplit::core {

struct ReferenceCounts {
  std::uint64_t nodes = 0;      // every node entered, the root included
  std::uint64_t leaves = 0;     // nodes with no children, dead ends and solutions
  std::uint64_t solutions = 0;  // weighted by solution_weight()
  std::uint64_t dead_ends = 0;
  std::uint32_t max_depth = 0;  // the root is depth 0
};

namespace detail {

template <SearchSpace S>
void reference_visit(S& space, Outcome outcome, std::uint32_t depth, ReferenceCounts& counts) {
  using Choice = typename S::Choice;
  ++counts.nodes;
  if (depth > counts.max_depth) counts.max_depth = depth;
  if (outcome == Outcome::kDeadEnd) {
    ++counts.leaves;
    ++counts.dead_ends;
    return;
  }
  if (outcome == Outcome::kSolution) {
    ++counts.leaves;
    counts.solutions += solution_weight_of(space);
    return;
  }
  std::vector<Choice> children;
  ChoiceSink<Choice> sink(children);
  space.choices(sink);
  if (children.empty()) {
    ++counts.leaves;
    return;
  }
  for (const Choice& child : children) {
    Outcome child_outcome = space.descend(child);
    reference_visit(space, child_outcome, depth + 1, counts);
    if constexpr (!has_self_contained_choices<S>()) space.ascend();
  }
}

}  // namespace detail

// Counts the whole tree below the root of `space`.
template <SearchSpace S>
ReferenceCounts reference_count(S& space) {
  ReferenceCounts counts;
  Outcome root = space.reset();
  detail::reference_visit(space, root, 0, counts);
  return counts;
}

}  // namespace stacksplit::core
