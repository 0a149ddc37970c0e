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
// fetch-and-op on an MPI window) takes a chunk: the next position (the low
// bits, as many as the pool's size needs) and the chunks handed out so far
// (the high bits, the rest), which the chunk rules of GSS, TSS, factoring and
// AWF need. A chunk takes at least one position, so the count of chunks never
// passes the size; with at most 2^32 - 1 positions (kMaxPositions, which
// run_loop holds every loop to) the count has at least 32 bits and never
// overflows.

#include <algorithm>
#include <bit>
#include <cassert>
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
    const std::uint64_t size = this->size();
    assert(size <= kMaxPositions);
    const int shift = index_shift(size);
    const std::uint64_t next = state & ((std::uint64_t{1} << shift) - 1), index = state >> shift;
    if (next >= size) {
      next_state = state;
      return {};
    }
    const std::uint64_t left = size - next;
    const std::uint64_t take = std::clamp<std::uint64_t>(chunk_size(left, index), 1, left);
    next_state = (next + take) | ((index + 1) << shift);
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

  // The most positions a pool may have (see above).
  static constexpr std::uint64_t kMaxPositions = (std::uint64_t{1} << 32) - 1;

 private:
  // Where the count of chunks starts: just above the bits `size` needs.
  static int index_shift(std::uint64_t size) {
    return std::max(1, static_cast<int>(std::bit_width(size)));
  }

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
