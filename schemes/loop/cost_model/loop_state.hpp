#pragma once
// The iterations a set of processors hold while the model plays a strategy
// forward in time: per processor a list of ranges, run from the front; work
// moved at a redistribution leaves from the back of a sender's list and joins
// the back of the receiver's. Processors compute at the forecast's effective
// speeds; an iteration under way at an interrupt is finished (the chapter's
// ⌈ ⌉ in eq. 1.3.1, and ℵ of eq. 1.3.2 for non-uniform loops).

#include <deque>
#include <vector>

#include "schemes/loop/cost_model/iteration_cost.hpp"
#include "schemes/loop/cost_model/loop_model_input.hpp"
#include "schemes/loop/cost_model/redistribution.hpp"

namespace stacksplit::schemes::loop::cost_model {

class LoopState {
 public:
  // The members (processor ranks) of one group, with what `start` says they hold.
  LoopState(const LoopModelInput& input, std::vector<int> members);

  int size() const { return static_cast<int>(members_.size()); }
  int rank(int member) const { return members_[static_cast<std::size_t>(member)]; }

  std::int64_t left(int member) const;  // γ_i
  std::vector<std::int64_t> left_all() const;
  std::int64_t total_left() const;     // Γ
  double work_left(int member) const;  // Σ T_k of what it holds

  // When the member would be done with all it holds, computing from `from_s`.
  double finish_time(int member, double from_s) const;
  // When the member, computing since `from_s`, is through the iteration it
  // is in at `at_s`: it answers an interrupt only then (`at_s` itself when
  // it is between two iterations or holds nothing).
  double iteration_end(int member, double from_s, double at_s) const;
  // The member computes from `from_s` to `to_s`; returns the iterations done.
  std::int64_t run(int member, double from_s, double to_s);
  // σ_i(j): base seconds of work per second over [from_s, to_s]; at an
  // instant (from_s == to_s), the forecast speed then.
  double measured_speed(int member, double from_s, double to_s) const;

  // Moves work by member-indexed transfers.
  void apply(const std::vector<Transfer>& transfers);
  // The ranges a member holds, in order.
  const std::deque<IterationRange>& held(int member) const {
    return held_[static_cast<std::size_t>(member)];
  }

 private:
  const LoopModelInput* input_;
  std::vector<int> members_;
  std::vector<std::deque<IterationRange>> held_;
};

}  // namespace stacksplit::schemes::loop::cost_model
