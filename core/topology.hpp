#pragma once
// The interconnection a scheme sees: who is a neighbour, how many hops apart
// two processors are, and a spanning tree rooted at processor 0 (for combining
// requests on the way up, as GRR-M does).

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace stacksplit::core {

class Topology {
 public:
  virtual ~Topology() = default;

  virtual std::string_view name() const = 0;
  int size() const { return size_; }

  std::span<const int> neighbors(int rank) const { return neighbors_[rank]; }
  virtual int distance(int from, int to) const = 0;

  // Spanning tree rooted at 0: parent (-1 at the root) and children.
  int tree_parent(int rank) const { return tree_parent_[rank]; }
  std::span<const int> tree_children(int rank) const { return tree_children_[rank]; }

 protected:
  explicit Topology(int size);
  // Fills tree_children_ from tree_parent_; subclasses set neighbours and parents.
  void derive_tree_children();

  int size_;
  std::vector<std::vector<int>> neighbors_;
  std::vector<int> tree_parent_;
  std::vector<std::vector<int>> tree_children_;
};

// Every processor one hop from every other (a network of workstations).
// Its spanning tree is a binary heap rooted at 0.
class CompleteTopology final : public Topology {
 public:
  explicit CompleteTopology(int size);
  std::string_view name() const override { return "complete"; }
  int distance(int from, int to) const override { return from == to ? 0 : 1; }
};

// Builds a topology by name; throws std::invalid_argument naming the problem
// (unknown name, or a size the topology cannot have).
std::unique_ptr<Topology> make_topology(std::string_view name, int size);

// The names make_topology accepts, for help texts.
std::vector<std::string> topology_names();

}  // namespace stacksplit::core
