#pragma once
// A deterministic irregular tree for engine tests: a node's number of children
// comes from a hash of its id, so the shape is fixed but uneven. Two flavours
// of the same tree: one that replays paths (choice = child index) and one with
// self-contained choices (choice = the child node), to test both work-unit
// forms against the same counts.

#include <cstdint>
#include <vector>

#include "core/search_space.hpp"

namespace stacksplit::testing {

inline std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  return x ^ (x >> 33);
}

struct HashTreeShape {
  std::uint64_t seed = 7;
  std::uint32_t max_children = 5;
  std::uint32_t max_depth = 9;

  std::uint64_t root_id() const { return mix(seed * 0x9e3779b97f4a7c15ULL + 1); }
  std::uint32_t children_of(std::uint64_t id, std::uint32_t depth) const {
    if (depth >= max_depth) return 0;
    const auto n = static_cast<std::uint32_t>(mix(id + seed) % (max_children + 1));
    return depth < 2 && n < 2 ? 2 : n;  // a bushy top, so no test tree is trivial
  }
  std::uint64_t child_id(std::uint64_t id, std::uint32_t index) const {
    return mix(id * 31 + index + 1);
  }
  // Every 11th leaf-ish id is a "solution", every 13th node a dead end.
  bool is_dead_end(std::uint64_t id) const { return id % 13 == 5; }
  bool is_solution(std::uint64_t id) const { return id % 11 == 3; }
};

class ReplayHashTree {
 public:
  using Choice = std::uint32_t;
  explicit ReplayHashTree(HashTreeShape shape) : shape_(shape) { path_.reserve(64); }

  core::Outcome reset() {
    path_.assign(1, shape_.root_id());
    return core::Outcome::kOpen;
  }
  void choices(core::ChoiceSink<Choice>& out) const {
    const auto n = shape_.children_of(path_.back(), depth());
    for (std::uint32_t i = 0; i < n; ++i) out.push(i);
  }
  core::Outcome descend(Choice index) {
    path_.push_back(shape_.child_id(path_.back(), index));
    return classify(path_.back());
  }
  void ascend() { path_.pop_back(); }

 private:
  std::uint32_t depth() const { return static_cast<std::uint32_t>(path_.size() - 1); }
  core::Outcome classify(std::uint64_t id) const {
    if (shape_.is_dead_end(id)) return core::Outcome::kDeadEnd;
    if (shape_.is_solution(id)) return core::Outcome::kSolution;
    return core::Outcome::kOpen;
  }
  HashTreeShape shape_;
  std::vector<std::uint64_t> path_;
};

struct HashNode {
  std::uint64_t id = 0;
  std::uint32_t depth = 0;
  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar& id;
    ar& depth;
  }
};

class SnapshotHashTree {
 public:
  using Choice = HashNode;
  static constexpr bool kSelfContainedChoices = true;
  explicit SnapshotHashTree(HashTreeShape shape) : shape_(shape) {}

  core::Outcome reset() {
    current_ = HashNode{shape_.root_id(), 0};
    return core::Outcome::kOpen;
  }
  void choices(core::ChoiceSink<Choice>& out) const {
    const auto n = shape_.children_of(current_.id, current_.depth);
    for (std::uint32_t i = 0; i < n; ++i)
      out.push(HashNode{shape_.child_id(current_.id, i), current_.depth + 1});
  }
  core::Outcome descend(const Choice& node) {
    current_ = node;
    if (shape_.is_dead_end(node.id)) return core::Outcome::kDeadEnd;
    if (shape_.is_solution(node.id)) return core::Outcome::kSolution;
    return core::Outcome::kOpen;
  }

 private:
  HashTreeShape shape_;
  HashNode current_;
};

}  // namespace stacksplit::testing
