#pragma once
// The pool of a self-scheduling loop (ss, gss, tss, fac2, awf,
// shared-iterator): the iterations not yet handed out, taken a chunk at a
// time. A chunk is a range of positions in pool order. Before a refill,
// position i is iteration i and rank 0 holds its data; a refill (auto handing
// the iterations left to a pool scheme) makes the pool of pieces that stay
// where they are, each with its holder, so a chunk's data comes from the
// processors that hold it.
//
// The pool's state is one word, so that one compare-and-swap (or one
// fetch-and-op on an MPI window) takes a chunk: the next position (low 40
// bits) and the chunks handed out so far (high 24), which the chunk rules of
// GSS, TSS and factoring need.

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/loop/iteration_set.hpp"

namespace stacksplit::core {

class IterationPool {
 public:
  // [0, n) in iteration order, held by rank 0.
  void reset(std::uint64_t n) {
    iterations_ = n;
    refilled_ = false;
    pieces_.clear();
  }

  // The pieces in this order, each held by its processor.
  void refill(const std::vector<std::pair<IterationSet, int>>& pieces) {
    pieces_.clear();
    std::uint64_t offset = 0;
    for (const auto& [set, holder] : pieces) {
      if (set.empty()) continue;
      pieces_.push_back({set, holder, offset});
      offset += set.count;
    }
    refilled_ = true;
  }

  bool refilled() const { return refilled_; }

  std::uint64_t size() const {
    if (!refilled_) return iterations_;
    return pieces_.empty() ? 0 : pieces_.back().offset + pieces_.back().set.count;
  }

  // The chunk that follows `state` (positions, empty when the pool is dry)
  // and the state after it. chunk_size(left, index) is the scheme's rule for
  // the index-th chunk with `left` positions left, held to [1, left].
  template <class ChunkSize>
  IterationSet next_chunk(std::uint64_t state, ChunkSize&& chunk_size,
                          std::uint64_t& next_state) const {
    const std::uint64_t next = state & kNextMask, index = state >> kIndexShift;
    const std::uint64_t size = this->size();
    if (next >= size) {
      next_state = state;
      return {};
    }
    const std::uint64_t left = size - next;
    const std::uint64_t take = std::clamp<std::uint64_t>(chunk_size(left, index), 1, left);
    next_state = (next + take) | (std::min(index + 1, kMaxIndex) << kIndexShift);
    return IterationSet::range(next, take);
  }

  // visit(iterations, holder) for every part of a chunk that one processor holds.
  template <class Visit>
  void for_each_holder(const IterationSet& chunk, Visit&& visit) const {
    if (!refilled_) {
      visit(chunk, 0);
      return;
    }
    for (const Piece& piece : pieces_) {
      const std::uint64_t from = std::max(chunk.first, piece.offset);
      const std::uint64_t to = std::min(chunk.first + chunk.count, piece.offset + piece.set.count);
      if (from < to)
        visit(IterationSet::range(piece.set.first + (from - piece.offset), to - from),
              piece.holder);
    }
  }

 private:
  static constexpr int kIndexShift = 40;
  static constexpr std::uint64_t kNextMask = (std::uint64_t{1} << kIndexShift) - 1;
  static constexpr std::uint64_t kMaxIndex = (std::uint64_t{1} << (64 - kIndexShift)) - 1;

  struct Piece {
    IterationSet set;  // contiguous
    int holder;
    std::uint64_t offset;  // where it starts in pool order
  };

  std::uint64_t iterations_ = 0;
  bool refilled_ = false;
  std::vector<Piece> pieces_;
};

}  // namespace stacksplit::core
