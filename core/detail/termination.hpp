#pragma once
// Dijkstra–Safra termination detection (EWD998), with the token's ring
// replaced by a wave over a spanning tree, so a round costs O(log P) message
// latencies instead of P (at P = 1024 on an Ncube/2 a ring round is 0.15 s,
// an overhead that grows as P² in the isoefficiency).
//
// Why Safra: it needs no acknowledgements and no global clock, and it is
// proven for asynchronous message passing with messages in flight, so it
// works on every runtime (threads, MPI, the simulator). Every process counts
// the activating messages it sends minus those it receives and turns black
// when it receives one. Rank 0 starts a wave: a probe travels down the tree;
// a process reports to its parent once it is passive and all its children
// have reported — the sum of its subtree's counts and whether any of them was
// black — and then turns white. Rank 0 declares termination when a wave comes
// back white with a total of zero while it is passive and white itself.
//
// Why a tree wave is still correct (the "sticky flag" counting argument of
// Mattern, Algorithms for distributed termination detection, Distributed
// Computing 2:161–175, 1987): waves do not overlap, so every visit of wave k
// follows every visit of wave k−1. A process is black in wave k exactly when
// it received something between its visits in waves k−1 and k. If wave k is
// white, no message received before its receiver's visit was sent after its
// sender's visit; a zero sum then says no message sent before a visit is
// still undelivered, and a passive process can only be woken by a message.
//
// Only work units activate a worker; requests, rejects and scheme control do
// not, so they need not be counted.
//
// On a machine of nodes × cores (core/topology/placement.hpp) the tree is two
// levels of binary trees: one over the cores of each node, hanging from its
// first core, and one over those first cores. A wave then crosses between
// nodes 2(R − 1) times for R nodes instead of about 2P. With one core a node,
// or one node, it is the plain binary tree over the ranks.

#include <array>
#include <cstdint>
#include <optional>

namespace stacksplit::core {

// A subtree's report, travelling up the tree.
struct Token {
  std::int64_t count = 0;
  bool black = false;
};

class SafraTermination {
 public:
  // Process `rank` of `size`, `per_node` a node (0: all on one node); per_node
  // divides size.
  SafraTermination(int rank, int size, int per_node = 0) : rank_(rank), size_(size) {
    if (per_node <= 0) per_node = size;
    const int node = rank / per_node;
    const int core = rank % per_node;
    const int nodes = size / per_node;
    for (int child = 2 * core + 1; child <= 2 * core + 2 && child < per_node; ++child)
      children_[child_count_++] = node * per_node + child;
    if (core == 0)
      for (int child = 2 * node + 1; child <= 2 * node + 2 && child < nodes; ++child)
        children_[child_count_++] = child * per_node;
    if (core > 0) {
      parent_ = node * per_node + (core - 1) / 2;
    } else if (node > 0) {
      parent_ = (node - 1) / 2 * per_node;
    }
  }

  void on_activating_sent() { ++counter_; }
  void on_activating_received() {
    --counter_;
    black_ = true;
  }

  // What a process sends: probes down to its children, a report up to its
  // parent, or the verdict.
  struct Decision {
    std::array<int, 4> probes{};  // children to probe
    int probe_count = 0;
    std::optional<Token> report;  // to parent()
    bool terminated = false;
  };

  // A wave reached this process: pass it on to the children at once, busy or
  // not, so the subtree reports as soon as it is passive.
  Decision on_probe() {
    in_wave_ = true;
    awaited_ = child_count_;
    gathered_ = Token{};
    Decision decision;
    probe_children(decision);
    return decision;
  }

  void on_report(const Token& report) {
    gathered_.count += report.count;
    gathered_.black = gathered_.black || report.black;
    --awaited_;
  }

  // Called whenever the process is passive: report, start a wave, or end.
  Decision when_passive() {
    Decision decision;
    if (size_ == 1) {
      decision.terminated = true;
      return decision;
    }
    if (rank_ == 0 && !in_wave_) {
      start_wave(decision);
      return decision;
    }
    if (!in_wave_ || awaited_ != 0) return decision;
    in_wave_ = false;
    const Token subtree{gathered_.count + counter_, gathered_.black || black_};
    if (rank_ != 0) {
      decision.report = subtree;
      black_ = false;
      return decision;
    }
    if (!subtree.black && subtree.count == 0) {
      decision.terminated = true;
      return decision;
    }
    start_wave(decision);
    return decision;
  }

  int parent() const { return parent_; }

 private:
  void start_wave(Decision& decision) {
    black_ = false;  // receipts from now on make this wave black
    in_wave_ = true;
    awaited_ = child_count_;
    gathered_ = Token{};
    probe_children(decision);
  }

  void probe_children(Decision& decision) const {
    decision.probes = children_;
    decision.probe_count = child_count_;
  }

  int rank_;
  int size_;
  std::array<int, 4> children_{};  // two inside the node, two nodes' first cores
  int child_count_ = 0;
  int parent_ = -1;
  std::int64_t counter_ = 0;
  bool black_ = false;
  bool in_wave_ = false;  // probed (or, at rank 0, started) and not yet reported
  int awaited_ = 0;       // children yet to report in this wave
  Token gathered_;        // their reports so far
};

}  // namespace stacksplit::core
