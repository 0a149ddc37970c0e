#pragma once
// Randomized allocation. Every new piece of work is sent to a processor chosen
// at random as soon as it is created, without regard to load; with many more
// pieces than processors, each processor receives about the same amount of work
// with high probability, and no processor ever has to ask. For depth-first
// tree search, sending every generated node would cost a message per node, so
// only the nodes generated above a cutoff depth are allocated at random; the
// subtree below a node stays with the processor that received it. — Shu &
// Kale, A Dynamic Scheduling Strategy for the Chare-Kernel System,
// Supercomputing '89; as a sender-initiated scheme in Kumar, Grama & Rao,
// Scalable Load Balancing Techniques for Parallel Computers, JPDC 22(1), 1994.
//
// The cutoff is --cutoff, or by default ceil(log2 P) + 3, deep enough that
// even a binary tree offers 8 nodes per processor there. Each node at depth <=
// cutoff goes, as it is generated, to a processor drawn uniformly from all P
// (itself included, then it stays). Idle processors wait; nothing is requested.

#include <bit>
#include <cstdint>

#include "core/scheme.hpp"

namespace stacksplit::schemes {

class RandomAllocation final : public core::Scheme {
 public:
  // Levels below log2 P that the default cutoff adds.
  static constexpr std::uint32_t kExtraLevels = 3;

  // The cutoff when the run gives no --cutoff.
  static std::uint32_t default_cutoff(int size) {
    return static_cast<std::uint32_t>(std::bit_width(static_cast<unsigned>(size - 1))) +
           kExtraLevels;
  }

  std::string_view name() const override { return "random"; }

  void on_start(core::SchemeContext& ctx) override {
    const std::uint32_t cutoff =
        ctx.cutoff_depth() == core::kNoCutoff ? default_cutoff(ctx.size()) : ctx.cutoff_depth();
    if (ctx.size() > 1) ctx.watch_generated(cutoff);
  }

  void on_idle(core::SchemeContext& /*ctx*/) override {}

  void on_work_request(core::SchemeContext& ctx, int from) override { ctx.reject(from); }

  void on_generated(core::SchemeContext& ctx, std::uint32_t depth, std::uint32_t count) override {
    // Each new node goes to its own random processor; the donor may give them all.
    const core::SplitRequest one_new_node{depth, depth, 1, false};
    for (std::uint32_t i = 0; i < count; ++i) {
      const auto to = static_cast<int>(ctx.random_below(static_cast<std::uint64_t>(ctx.size())));
      if (to != ctx.rank()) ctx.send_work(to, one_new_node);
    }
  }
};

}  // namespace stacksplit::schemes
