#pragma once
// A self-contained piece of work: what a donor's stack split hands to another
// worker. Levels are consecutive depths starting at `base_depth`; level k holds
// untried alternatives that are children of the node at depth base_depth + k.
// For a replaying application `path` leads from the root to the deepest level's
// node (for SAT this is the guiding path); self-contained choices need no path.

#include <boost/serialization/vector.hpp>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace stacksplit::core {

template <class Choice>
struct WorkUnit {
  std::uint32_t base_depth = 0;
  std::vector<Choice> path;
  std::vector<std::uint32_t> level_sizes;
  std::vector<Choice> alternatives;

  bool empty() const { return alternatives.empty(); }
  std::size_t node_count() const { return alternatives.size(); }
  std::size_t payload_bytes() const {
    return sizeof(base_depth) + (path.size() + alternatives.size()) * sizeof(Choice) +
           level_sizes.size() * sizeof(std::uint32_t);
  }

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar & base_depth;
    ar & path;
    ar & level_sizes;
    ar & alternatives;
  }
};

}  // namespace stacksplit::core
