#pragma once
// Multi Level load balancing (ML). SL's manager becomes a bottleneck because it
// alone generates subtasks; ML generates them at several levels. Processors are
// arranged in a tree: the root generates large super-subtasks and hands them to
// its successors on demand; these sub-managers split their super-subtasks into
// subtasks and hand those, one per request, to the processors below them. Leaf
// processors ask their parent again as soon as they finish, and a leaf whose
// sub-manager has run out of work is allocated to another sub-manager. With a
// tree of one level the scheme is SL. — Kumar, Grama & Rao, Scalable Load
// Balancing Techniques for Parallel Computers, JPDC 22(1), 1994; Grama, Gupta,
// Karypis & Kumar, Introduction to Parallel Computing, 2nd ed., 2003, ch. 11.
//
// Two levels: processor 0 is the manager; processors 1..P-1 form groups of
// ceil(sqrt(P-1)), the first of each group its sub-manager. Subtasks are the
// nodes at the cutoff (--cutoff, or SubtaskManager::kDefaultSubtaskDepth),
// super-subtasks the nodes at half that depth. Each manager works as in SL
// (subtask_manager.hpp); a sub-manager that runs out asks processor 0 for a
// super-subtask and meanwhile holds its group's requests. A reject always
// means "no more from me".

#include <cstdint>
#include <vector>

#include "core/scheme.hpp"
#include "schemes/sender/subtask_manager.hpp"

namespace stacksplit::schemes {

class MultiLevel final : public core::Scheme {
 public:
  static constexpr int kManager = 0;

  std::string_view name() const override { return "ml"; }

  // The group size for P processors, and the sub-manager of `rank` (>= 1).
  static int group_size(int size) {
    int side = 1;
    while (side * side < size - 1) ++side;
    return side;
  }
  static int sub_manager_of(int rank, int size) {
    const int group = group_size(size);
    return 1 + (rank - 1) / group * group;
  }

  void on_start(core::SchemeContext& ctx) override {
    const std::uint32_t subtask_depth = SubtaskManager::subtask_depth_for(ctx);
    const std::uint32_t super_depth = subtask_depth > 1 ? subtask_depth / 2 : 1;
    manager_.set_subtask_depth(ctx.rank() == kManager ? super_depth : subtask_depth);
    if (ctx.rank() == kManager) return;
    for (int rank = 1; rank < ctx.size(); rank += group_size(ctx.size()))
      sub_managers_.push_back(rank);
    done_.assign(sub_managers_.size(), false);
    next_ = (sub_manager_of(ctx.rank(), ctx.size()) - 1) / group_size(ctx.size());
  }

  void on_idle(core::SchemeContext& ctx) override {
    if (ctx.rank() == kManager) {
      manager_.exhaust(ctx);
    } else if (is_sub_manager(ctx)) {
      if (manager_done_) {
        manager_.exhaust(ctx);
      } else {
        ctx.request_work(kManager);
      }
    } else {
      ask_a_sub_manager(ctx);
    }
  }

  void on_reject(core::SchemeContext& ctx, int from) override {
    if (is_sub_manager(ctx)) {
      manager_done_ = true;
      manager_.exhaust(ctx);
      return;
    }
    // A leaf: that sub-manager is done for good; try the next one.
    for (std::size_t i = 0; i < sub_managers_.size(); ++i)
      if (sub_managers_[i] == from) done_[i] = true;
    ask_a_sub_manager(ctx);
  }

  void on_work_request(core::SchemeContext& ctx, int from) override {
    if (ctx.rank() == kManager || is_sub_manager(ctx)) {
      manager_.on_request(ctx, from);
    } else {
      ctx.reject(from);  // leaves do not split among themselves
    }
  }

  void on_quantum(core::SchemeContext& ctx) override {
    if (ctx.rank() == kManager || is_sub_manager(ctx)) manager_.serve_held(ctx);
  }

 private:
  bool is_sub_manager(const core::SchemeContext& ctx) const {
    return ctx.rank() != kManager && sub_manager_of(ctx.rank(), ctx.size()) == ctx.rank();
  }

  // A leaf asks its own sub-manager first, then the others in turn.
  void ask_a_sub_manager(core::SchemeContext& ctx) {
    for (std::size_t step = 0; step < sub_managers_.size(); ++step) {
      const std::size_t i = (next_ + step) % sub_managers_.size();
      if (done_[i]) continue;
      next_ = i;
      ctx.request_work(sub_managers_[i]);
      return;
    }
  }

  SubtaskManager manager_;         // processor 0 and sub-managers
  bool manager_done_ = false;      // sub-manager: processor 0 has nothing more
  std::vector<int> sub_managers_;  // leaves: every sub-manager, by group
  std::vector<bool> done_;         // leaves: that sub-manager has nothing more
  std::size_t next_ = 0;           // leaves: the sub-manager asked last
};

}  // namespace stacksplit::schemes
