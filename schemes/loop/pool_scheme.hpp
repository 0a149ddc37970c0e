#pragma once
// What every self-scheduling scheme shares: the iterations wait in one pool;
// a processor out of work takes the next chunk, until the pool is dry. The
// schemes differ only in the size of the chunk (chunk_size) and in how the
// pool is reached (a shared counter, or a master).

#include "core/loop/loop_scheme.hpp"
#include "schemes/loop/loop_scheme_options.hpp"

namespace stacksplit::schemes {

class PoolScheme : public core::LoopScheme {
 public:
  explicit PoolScheme(core::PoolAccess access) : access_(access) {}

  std::vector<core::IterationSet> initial_share(int, int, std::uint64_t) override { return {}; }
  bool uses_pool() const override { return true; }
  void on_loop_start(core::LoopContext& ctx) override { start_pool(ctx, ctx.iterations()); }
  // A pool of n iterations begins (a loop's, or what auto hands over).
  virtual void start_pool(core::LoopContext& /*ctx*/, std::uint64_t n) {
    n_ = n;
    dry_ = false;
  }
  void on_idle(core::LoopContext& ctx) override {
    if (!dry_) ctx.take_from_pool(access_);
  }
  void on_chunk(core::LoopContext& /*ctx*/, const core::IterationSet& chunk) override {
    if (chunk.empty()) dry_ = true;
  }

 protected:
  std::uint64_t n_ = 0;  // iterations of the loop under way

 private:
  core::PoolAccess access_;
  bool dry_ = false;
};

}  // namespace stacksplit::schemes
