#pragma once
// A self-contained piece of work: what a donor's stack split hands to another
// worker. Levels are consecutive depths starting at `base_depth`; level k holds
// untried alternatives that are children of the node at depth base_depth + k.
// For a replaying application `path` leads from the root to the deepest level's
// node (for SAT this is the guiding path); self-contained choices need no path.
//
// Choices are trivially copyable, so they travel as raw bytes: an application
// writes no serialization code for them.

#include <boost/serialization/binary_object.hpp>
#include <boost/serialization/vector.hpp>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace stacksplit::core {

// Boost.Serialization of a vector of trivially copyable values as one block of bytes.
template <class Archive, class T>
void serialize_trivial_vector(Archive& ar, std::vector<T>& values) {
  static_assert(std::is_trivially_copyable_v<T>);
  std::uint64_t count = values.size();
  ar& count;
  if constexpr (Archive::is_loading::value) values.resize(count);
  if (count != 0) ar& boost::serialization::make_binary_object(values.data(), count * sizeof(T));
}

template <class Choice>
struct WorkUnit {
  std::uint32_t base_depth = 0;
  std::vector<Choice> path;
  std::vector<std::uint32_t> level_sizes;
  std::vector<Choice> alternatives;

  bool operator==(const WorkUnit&) const = default;
  bool empty() const { return alternatives.empty(); }
  std::size_t node_count() const { return alternatives.size(); }
  std::size_t payload_bytes() const {
    return sizeof(base_depth) + (path.size() + alternatives.size()) * sizeof(Choice) +
           level_sizes.size() * sizeof(std::uint32_t);
  }

  template <class Archive>
  void serialize(Archive& ar, unsigned /*version*/) {
    ar& base_depth;
    serialize_trivial_vector(ar, path);
    serialize_trivial_vector(ar, level_sizes);
    serialize_trivial_vector(ar, alternatives);
  }
};

}  // namespace stacksplit::core
