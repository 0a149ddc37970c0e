#include "schemes/loop/cost_model/dlb_model.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <stdexcept>

#include "schemes/loop/cost_model/loop_state.hpp"
#include "schemes/loop/cost_model/redistribution.hpp"
#include "schemes/loop/cost_model/synchronization_cost.hpp"

namespace stacksplit::schemes::loop::cost_model {
namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

struct Group {
  LoopState state;
  GroupPrediction out;
  // Per member, when it (re)starts computing what it holds: a receiver that
  // runs out before its data arrives starts that much later.
  std::vector<double> ready;
  bool start_synchronization = false;
  bool balancing = true;
  bool done = false;
  std::int64_t iterations = 0;  // held at the start: a bound on synchronizations
};

double at(const std::vector<double>& ready, int member) {
  return ready[static_cast<std::size_t>(member)];
}

double latest_finish(const LoopState& state, const std::vector<double>& ready) {
  double latest = *std::min_element(ready.begin(), ready.end());
  for (int k = 0; k < state.size(); ++k) {
    if (state.left(k) > 0) latest = std::max(latest, state.finish_time(k, at(ready, k)));
  }
  return latest;
}

// The member that runs out first, and when; nullopt when none holds work.
std::optional<std::pair<int, double>> first_finisher(const LoopState& state,
                                                     const std::vector<double>& ready) {
  std::optional<std::pair<int, double>> first;
  for (int k = 0; k < state.size(); ++k) {
    if (state.left(k) == 0) continue;
    const double t = state.finish_time(k, at(ready, k));
    if (!first || t < first->second) first = {k, t};
  }
  return first;
}

// The balancer's own judgement: the time to finish the work left, before
// and after the move, at the speeds it measured (it knows no other).
double predicted_improvement(const LoopState& before, const LoopState& after,
                             const std::vector<double>& speeds) {
  auto longest = [&](const LoopState& state) {
    double longest = 0;
    for (int k = 0; k < state.size(); ++k) {
      const double work = state.work_left(k);
      if (work <= 0) continue;
      const double speed = speeds[static_cast<std::size_t>(k)];
      longest = std::max(longest, speed > 0 ? work / speed : kNever);
    }
    return longest;
  };
  const double without = longest(before);
  const double with = longest(after);
  if (!(without > 0)) return 0;
  if (std::isinf(without)) return std::isinf(with) ? 0 : 1;
  return (without - with) / without;
}

class DlbSimulation {
 public:
  DlbSimulation(LoopStrategy strategy, const LoopModelInput& input, const NetworkModel& network)
      : strategy_(strategy), input_(input), network_(network) {}

  DlbPrediction run() {
    const int p = input_.processors();
    const int k = is_local(strategy_) ? input_.effective_group_size() : p;
    DlbPrediction prediction;
    prediction.strategy = strategy_;
    xi_ = synchronization_cost(strategy_, k, network_, input_.messages);
    prediction.synchronization_s = xi_;
    prediction.distribution_s = input_.distribution_s;

    std::vector<Group> groups;
    for (int first = 0; first < p; first += k) {
      std::vector<int> members(static_cast<std::size_t>(std::min(k, p - first)));
      std::iota(members.begin(), members.end(), first);
      groups.push_back({LoopState(input_, members),
                        {},
                        std::vector<double>(members.size(), input_.start.time_s),
                        input_.start.at_synchronization});
      groups.back().out.members = std::move(members);
      groups.back().iterations = groups.back().state.total_left();
      // A group of one has nobody to balance with.
      if (groups.back().state.size() == 1) groups.back().balancing = false;
    }

    // Groups are independent but for LCDLB's one balancer: play their
    // synchronizations in time order so it serves them as they ask.
    while (true) {
      Group* next = nullptr;
      double next_s = kNever;
      for (Group& g : groups) {
        if (g.done) continue;
        const double t = event_time(g);
        if (next == nullptr || t < next_s) {
          next = &g;
          next_s = t;
        }
      }
      if (next == nullptr) break;
      step(*next);
    }

    for (Group& g : groups) {
      g.out.time_s = g.out.finish_s - input_.start.time_s;
      prediction.time_s = std::max(prediction.time_s, g.out.time_s);
      prediction.groups.push_back(std::move(g.out));
    }
    return prediction;
  }

 private:
  double event_time(const Group& g) const {
    const double earliest = *std::min_element(g.ready.begin(), g.ready.end());
    if (g.start_synchronization) return earliest;
    if (!g.balancing) return latest_finish(g.state, g.ready);
    auto first = first_finisher(g.state, g.ready);
    return first ? first->second : earliest;
  }

  void step(Group& g) {
    // The model runs until the group is done, however many synchronizations
    // that takes (it used to stop at 100,000 and give the time as if nothing
    // moved after). It ends: a synchronization after the start follows a
    // member's finishing all it held (first_finisher), so each retires at
    // least one iteration and there are at most as many as iterations, plus
    // the start's.
    if (static_cast<std::int64_t>(g.out.synchronizations.size()) > g.iterations + 1)
      throw std::logic_error("DLB model: more synchronizations than iterations");
    const double earliest = *std::min_element(g.ready.begin(), g.ready.end());
    if (!g.balancing) {
      g.out.finish_s = latest_finish(g.state, g.ready);
      g.done = true;
      return;
    }
    const bool at_start = g.start_synchronization;
    g.start_synchronization = false;
    double t = earliest;
    // The others answer the interrupt when through the iteration they are
    // in (a receiver still waiting for its data, at once); the plan waits
    // for the last of them.
    double answered = t;
    if (!at_start) {
      auto first = first_finisher(g.state, g.ready);
      if (!first) {  // nothing held at all
        g.out.finish_s = earliest;
        g.done = true;
        return;
      }
      t = answered = first->second;
      for (int k = 0; k < g.state.size(); ++k)
        if (at(g.ready, k) < t)
          answered = std::max(answered, g.state.iteration_end(k, at(g.ready, k), t));
    }

    SynchronizationRecord sync;
    sync.index = static_cast<int>(g.out.synchronizations.size()) + 1;
    sync.time_s = t;
    sync.answered_s = answered;
    for (int k = 0; k < g.state.size(); ++k) {
      const double from = std::min(at(g.ready, k), t);
      sync.speeds.push_back(g.state.measured_speed(k, from, t));
      if (!at_start && from < t) g.state.run(k, from, t);
    }
    sync.left = g.state.left_all();
    sync.remaining = g.state.total_left();
    sync.synchronization_s = at_start ? 0 : xi_;
    sync.distribution_s = input_.distribution_s;
    const double arrive = answered + sync.synchronization_s;

    if (sync.remaining == 0) {
      // Γ(η) = 0: every iteration left was under way, so the last answer
      // is the slowest finishing its last iteration.
      sync.distribution = sync.left;
      g.out.finish_s = arrive + sync.distribution_s;
      record(g, std::move(sync));
      g.done = true;
      return;
    }

    const bool central = is_centralized(strategy_);
    const double balancer_start = central ? std::max(arrive, balancer_free_s_) : arrive;
    sync.delay_s = balancer_start - arrive;
    const double compute_from = balancer_start + sync.distribution_s;

    Redistribution plan = plan_redistribution(sync.left, sync.speeds);
    LoopState moved_state = g.state;
    moved_state.apply(plan.transfers);
    sync.improvement = predicted_improvement(g.state, moved_state, sync.speeds);
    sync.moved = plan.work_moved >= input_.min_work_moved && plan.work_moved > 0 &&
                 sync.improvement >= input_.profitability;

    std::vector<double> ready;
    if (sync.moved) {
      sync.distribution = plan.distribution;
      sync.work_moved = plan.work_moved;
      sync.messages = plan.messages();
      sync.data_movement_s = sync.messages * network_.latency_s +
                             static_cast<double>(sync.work_moved) *
                                 input_.data_bytes_per_iteration / network_.bandwidth_bytes_per_s;
      sync.instructions_s = central ? sync.messages * network_.latency_s : 0;
      ready = after_moves(g, plan, moved_state, compute_from + sync.instructions_s);
      g.state = std::move(moved_state);
    } else {
      sync.distribution = sync.left;
      // A receiver still waiting for an earlier move's data keeps waiting.
      ready = g.ready;
      for (double& r : ready) r = std::max(r, compute_from + sync.instructions_s);
    }
    if (central) balancer_free_s_ = balancer_start + sync.distribution_s + sync.instructions_s;
    g.ready = std::move(ready);
    record(g, std::move(sync));
  }

  // When each member computes again after the moves of `plan`, everyone
  // told at `resume_s`. κ(j) of eq. 1.3.5 is the time the moves take on the
  // wire, one message after another (its sum over messages: one medium);
  // the balancing waits for none of it. A sender goes on with the front of
  // what it holds while its back leaves, a member that neither sends nor
  // receives goes on at once, and a receiver computes what it held and then
  // each piece as it arrives, waiting only when it has run out first. The
  // wire is one for all groups: a local strategy's groups queue their moves
  // on it (the overlap the chapter does not model, §1.3.2, "Delay Factor").
  std::vector<double> after_moves(const Group& g, const Redistribution& plan,
                                  const LoopState& moved, double resume_s) {
    struct Piece {
      double arrives_s;
      std::int64_t count;
    };
    std::vector<std::vector<Piece>> incoming(g.ready.size());
    double wire = std::max(resume_s, medium_free_s_);
    for (const Transfer& t : plan.transfers) {
      wire += network_.latency_s + static_cast<double>(t.count) * input_.data_bytes_per_iteration /
                                       network_.bandwidth_bytes_per_s;
      incoming[static_cast<std::size_t>(t.to)].push_back({wire, t.count});
    }
    medium_free_s_ = wire;
    // Everyone goes on at resume_s, or when an earlier move's data it still
    // waits for is in.
    std::vector<double> ready = g.ready;
    for (double& r : ready) r = std::max(r, resume_s);
    for (int k = 0; k < g.state.size(); ++k) {
      const auto& pieces = incoming[static_cast<std::size_t>(k)];
      if (pieces.empty()) continue;
      const int rank = g.state.rank(k);
      // What arrives joins the back of what it held, piece after piece.
      std::vector<double> work;
      std::int64_t skip = g.state.left(k);
      auto piece = pieces.begin();
      std::int64_t wanted = piece->count;
      double sum = 0;
      for (IterationRange range : moved.held(k)) {
        const std::int64_t skipped = std::min(skip, range.count);
        skip -= skipped;
        range.first += skipped;
        range.count -= skipped;
        while (range.count > 0 && piece != pieces.end()) {
          const std::int64_t take = std::min(wanted, range.count);
          sum += input_.cost.of({range.first, take});
          range.first += take;
          range.count -= take;
          wanted -= take;
          if (wanted == 0) {
            work.push_back(sum);
            sum = 0;
            if (++piece != pieces.end()) wanted = piece->count;
          }
        }
      }
      assert(work.size() == pieces.size());
      const double start = ready[static_cast<std::size_t>(k)];
      double now = input_.forecast.finish_time(rank, start, g.state.work_left(k));
      double waited = 0;
      for (std::size_t m = 0; m < pieces.size(); ++m) {
        if (now < pieces[m].arrives_s) {
          waited += pieces[m].arrives_s - now;
          now = pieces[m].arrives_s;
        }
        now = input_.forecast.finish_time(rank, now, work[m]);
      }
      // Its waits, put before it starts: the same end at a steady speed.
      ready[static_cast<std::size_t>(k)] = start + waited;
    }
    return ready;
  }

  static void record(Group& g, SynchronizationRecord sync) {
    g.out.overhead_s += sync.cost_s();
    g.out.synchronizations.push_back(std::move(sync));
  }

  LoopStrategy strategy_;
  const LoopModelInput& input_;
  const NetworkModel& network_;
  double xi_ = 0;
  double balancer_free_s_ = 0;  // LCDLB's (and GCDLB's) one balancer
  double medium_free_s_ = 0;    // the one network: when its last move is through
};

}  // namespace

int DlbPrediction::synchronizations() const {
  return groups.empty() ? 0 : static_cast<int>(last_group().synchronizations.size());
}

double DlbPrediction::total_cost_s() const { return groups.empty() ? 0 : last_group().overhead_s; }

const GroupPrediction& DlbPrediction::last_group() const {
  return *std::max_element(
      groups.begin(), groups.end(),
      [](const GroupPrediction& a, const GroupPrediction& b) { return a.finish_s < b.finish_s; });
}

DlbPrediction predict_dlb(LoopStrategy strategy, const LoopModelInput& input,
                          const NetworkModel& network) {
  if (!is_zaki_strategy(strategy)) {
    throw std::invalid_argument("predict_dlb: " + std::string(strategy_name(strategy)) +
                                " is not one of GCDLB, GDDLB, LCDLB, LDDLB");
  }
  check_loop_model_input(input);
  return DlbSimulation(strategy, input, network).run();
}

}  // namespace stacksplit::schemes::loop::cost_model
