#pragma once
// A scheme's own say in what a split gives, beyond the run's SplitPolicy: the
// untried alternatives at depths [min_depth, max_depth], at most max_nodes of
// them, the shallowest first (within a level, the ones the donor would try
// last). SL's manager hands out one node at its cutoff depth; randomized
// allocation sends one freshly generated node and may leave itself nothing.
// The policy's cutoff still applies: nothing deeper than it is ever given.

#include <cstdint>
#include <limits>

#include "core/search_options.hpp"

namespace stacksplit::core {

struct SplitRequest {
  static constexpr std::uint32_t kAllNodes = std::numeric_limits<std::uint32_t>::max();

  std::uint32_t min_depth = 1;
  std::uint32_t max_depth = kNoCutoff;
  std::uint32_t max_nodes = kAllNodes;
  bool donor_keeps_one = true;  // false: the donor may give its last alternative

  // One alternative at exactly `depth`.
  static SplitRequest one_at(std::uint32_t depth) { return {depth, depth, 1, true}; }
  // Every alternative deeper than `depth` (the donor keeps one).
  static SplitRequest all_below(std::uint32_t depth) {
    return {depth + 1, kNoCutoff, kAllNodes, true};
  }
};

}  // namespace stacksplit::core
