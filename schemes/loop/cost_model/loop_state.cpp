#include "schemes/loop/cost_model/loop_state.hpp"

#include <algorithm>
#include <cassert>

namespace stacksplit::schemes::loop::cost_model {

LoopState::LoopState(const LoopModelInput& input, std::vector<int> members)
    : input_(&input), members_(std::move(members)) {
  for (int rank : members_) {
    const auto& ranges = input.start.held[static_cast<std::size_t>(rank)];
    held_.emplace_back();
    for (const IterationRange& r : ranges) {
      if (r.count > 0) held_.back().push_back(r);
    }
  }
}

std::int64_t LoopState::left(int member) const {
  std::int64_t sum = 0;
  for (const IterationRange& r : held_[static_cast<std::size_t>(member)]) sum += r.count;
  return sum;
}

std::vector<std::int64_t> LoopState::left_all() const {
  std::vector<std::int64_t> result;
  for (int k = 0; k < size(); ++k) result.push_back(left(k));
  return result;
}

std::int64_t LoopState::total_left() const {
  std::int64_t sum = 0;
  for (int k = 0; k < size(); ++k) sum += left(k);
  return sum;
}

double LoopState::work_left(int member) const {
  double sum = 0;
  for (const IterationRange& r : held_[static_cast<std::size_t>(member)]) sum += input_->cost.of(r);
  return sum;
}

double LoopState::finish_time(int member, double from_s) const {
  return input_->forecast.finish_time(rank(member), from_s, work_left(member));
}

double LoopState::iteration_end(int member, double from_s, double at_s) const {
  double work = input_->forecast.work(rank(member), from_s, at_s);
  double begun = 0;  // the cost of every iteration begun by at_s
  for (const IterationRange& range : held(member)) {
    if (!(work > 0)) break;
    const std::int64_t reached = input_->cost.reached_by(range, work);
    const double cost = input_->cost.of({range.first, reached});
    begun += cost;
    if (reached < range.count) break;
    work -= cost;
  }
  return std::max(at_s, input_->forecast.finish_time(rank(member), from_s, begun));
}

std::int64_t LoopState::run(int member, double from_s, double to_s) {
  double work = input_->forecast.work(rank(member), from_s, to_s);
  auto& ranges = held_[static_cast<std::size_t>(member)];
  std::int64_t done = 0;
  while (!ranges.empty() && work > 0) {
    IterationRange& front = ranges.front();
    const double whole = input_->cost.of(front);
    const std::int64_t reached = input_->cost.reached_by(front, work);
    done += reached;
    if (reached == front.count) {
      work -= whole;
      ranges.pop_front();
    } else {
      front.first += reached;
      front.count -= reached;
      work = 0;
    }
  }
  return done;
}

double LoopState::measured_speed(int member, double from_s, double to_s) const {
  if (!(to_s > from_s)) return input_->forecast.speed(rank(member), from_s);
  return input_->forecast.work(rank(member), from_s, to_s) / (to_s - from_s);
}

void LoopState::apply(const std::vector<Transfer>& transfers) {
  for (const Transfer& t : transfers) {
    auto& from = held_[static_cast<std::size_t>(t.from)];
    auto& to = held_[static_cast<std::size_t>(t.to)];
    // The moved ranges keep their order at the receiver.
    std::deque<IterationRange> moved;
    std::int64_t count = t.count;
    while (count > 0) {
      assert(!from.empty());
      IterationRange& back = from.back();
      const std::int64_t take = std::min(count, back.count);
      moved.push_front({back.first + back.count - take, take});
      back.count -= take;
      if (back.count == 0) from.pop_back();
      count -= take;
    }
    to.insert(to.end(), moved.begin(), moved.end());
  }
}

}  // namespace stacksplit::schemes::loop::cost_model
