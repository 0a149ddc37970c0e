#pragma once
// The interconnection a scheme sees: who is a neighbour, how many hops apart
// two processors are, and a spanning tree rooted at processor 0 (for combining
// requests on the way up, as GRR-M does).
//
// Neighbour and child lists are views computed on demand: a complete topology
// of 4096 processors would otherwise store 16 M neighbours.

#include <cstddef>
#include <iterator>
#include <memory>
#include <string_view>
#include <vector>

namespace stacksplit::core {

class Topology;

// Some ranks related to one rank (its neighbours, its tree children), read
// through the topology that defines them.
class RankList {
 public:
  using Get = int (Topology::*)(int rank, int index) const;

  RankList(const Topology& topology, int rank, int count, Get get)
      : topology_(&topology), rank_(rank), count_(count), get_(get) {}

  int size() const { return count_; }
  bool empty() const { return count_ == 0; }
  int operator[](int index) const { return (topology_->*get_)(rank_, index); }

  class Iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = int;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = int;
    Iterator(const RankList* list, int index) : list_(list), index_(index) {}
    int operator*() const { return (*list_)[index_]; }
    Iterator& operator++() {
      ++index_;
      return *this;
    }
    Iterator operator++(int) {
      Iterator before = *this;
      ++index_;
      return before;
    }
    bool operator==(const Iterator& other) const { return index_ == other.index_; }
    difference_type operator-(const Iterator& other) const { return index_ - other.index_; }

   private:
    const RankList* list_;
    int index_;
  };
  Iterator begin() const { return {this, 0}; }
  Iterator end() const { return {this, count_}; }

 private:
  const Topology* topology_;
  int rank_;
  int count_;
  Get get_;
};

class Topology {
 public:
  virtual ~Topology() = default;

  virtual std::string_view name() const = 0;
  int size() const { return size_; }

  RankList neighbors(int rank) const { return {*this, rank, degree(rank), &Topology::neighbor}; }
  virtual int degree(int rank) const = 0;
  // The index-th neighbour of `rank`, 0 <= index < degree(rank).
  virtual int neighbor(int rank, int index) const = 0;
  virtual int distance(int from, int to) const = 0;

  // Spanning tree rooted at 0: parent (-1 at the root) and children.
  virtual int tree_parent(int rank) const = 0;
  RankList tree_children(int rank) const {
    return {*this, rank, tree_child_count(rank), &Topology::tree_child};
  }
  virtual int tree_child_count(int rank) const = 0;
  virtual int tree_child(int rank, int index) const = 0;

 protected:
  explicit Topology(int size);

  int size_;
};

// A topology whose neighbour lists and tree are built once and stored: the
// sparse ones (ring, mesh, hypercube), with O(P log P) entries at most.
class StoredTopology : public Topology {
 public:
  int degree(int rank) const override { return static_cast<int>(neighbors_[rank].size()); }
  int neighbor(int rank, int index) const override { return neighbors_[rank][index]; }
  int tree_parent(int rank) const override { return tree_parent_[rank]; }
  int tree_child_count(int rank) const override {
    return static_cast<int>(tree_children_[rank].size());
  }
  int tree_child(int rank, int index) const override { return tree_children_[rank][index]; }

 protected:
  explicit StoredTopology(int size);
  // Fills tree_children_ from tree_parent_; subclasses set neighbours and parents.
  void derive_tree_children();

  std::vector<std::vector<int>> neighbors_;
  std::vector<int> tree_parent_;
  std::vector<std::vector<int>> tree_children_;
};

// Every processor one hop from every other (a network of workstations). Its
// spanning tree is a binary heap rooted at 0. Nothing is stored.
class CompleteTopology final : public Topology {
 public:
  explicit CompleteTopology(int size) : Topology(size) {}
  std::string_view name() const override { return "complete"; }
  int degree(int /*rank*/) const override { return size_ - 1; }
  int neighbor(int rank, int index) const override { return index < rank ? index : index + 1; }
  int distance(int from, int to) const override { return from == to ? 0 : 1; }
  int tree_parent(int rank) const override { return rank == 0 ? -1 : (rank - 1) / 2; }
  int tree_child_count(int rank) const override;
  int tree_child(int rank, int index) const override { return 2 * rank + 1 + index; }
};

}  // namespace stacksplit::core
