#pragma once
// What Zaki, Parthasarathy & Li's four strategies share ("Customized Dynamic
// Load Balancing", §1.2): the loop starts in equal blocks; the first
// processor of a group to finish its portion interrupts the others of its
// group, which stop and send their performance profiles (iterations done per
// second since the last synchronization) to the load balancer; the balancer
// deals the work left anew in proportion to those rates (eq. 1.3.3), and work
// with its data moves only when that is predicted to cut the time by at
// least 10 %. Global strategies have one group of all P processors, local
// ones K-block groups; the balancer is one master (centralized: rank 0,
// which also computes and serves the groups in the order they ask) or
// replicated on every member (distributed: profiles go to all members, and
// each computes the same plan).
//
// A synchronization that moves nothing leaves its first finisher idle; the
// next processor of the group to run out synchronizes again.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <vector>

#include "core/loop/loop_scheme.hpp"
#include "schemes/loop/cost_model/redistribution.hpp"
#include "schemes/loop/loop_scheme_options.hpp"
#include "schemes/loop/static_block.hpp"

namespace stacksplit::schemes {

class InterruptStrategy : public core::LoopScheme {
 public:
  enum class Scope { kGlobal, kLocal };
  enum class Balancer { kCentralized, kDistributed };

  InterruptStrategy(Scope scope, Balancer balancer, const LoopSchemeOptions& options)
      : scope_(scope),
        balancer_(balancer),
        group_size_(options.group),
        threshold_(options.threshold) {}

  std::vector<core::IterationSet> initial_share(int rank, int size, std::uint64_t n) override {
    const core::IterationSet block = equal_block(rank, size, n);
    if (block.empty()) return {};
    return {block};
  }

  void on_loop_start(core::LoopContext& ctx) override {
    const int k = scope_ == Scope::kGlobal ? ctx.size()
                  : group_size_ > 0        ? group_size_
                                           : std::max(1, ctx.size() / 2);
    group_first_ = ctx.rank() / k * k;
    group_end_ = std::min(group_first_ + k, ctx.size());
    epoch_ = 0;
    in_sync_ = false;
    retired_ = false;
    pending_interrupt_ = 0;
    profiles_.clear();
    if (rates_.size() != static_cast<std::size_t>(ctx.size())) rates_.assign(ctx.size(), 0);
  }

  // The first to finish interrupts its group.
  void on_idle(core::LoopContext& ctx) override {
    if (in_sync_ || retired_ || group_end_ - group_first_ < 2) return;
    enter_sync(ctx, epoch_ + 1);
    for (int member = group_first_; member < group_end_; ++member)
      if (member != ctx.rank()) ctx.send(member, message(kInterrupt, epoch_));
  }

  void on_message(core::LoopContext& ctx, int from, const core::LoopSchemeMessage& m) override {
    const int epoch = static_cast<int>(m.values[0]);
    switch (m.kind) {
      case kInterrupt:
        // A second finisher's interrupt of the same synchronization adds
        // nothing; one of the next waits for this one to end.
        if (epoch > epoch_ && !in_sync_) enter_sync(ctx, epoch);
        if (epoch > epoch_ && in_sync_) pending_interrupt_ = std::max(pending_interrupt_, epoch);
        break;
      case kProfile:
        take_profile(ctx, from, m);
        break;
      case kPlan:
        if (epoch == epoch_ && in_sync_) carry_out(ctx, m.list);
        break;
    }
  }

  struct Profile {
    int rank;
    std::uint64_t done;
    double busy;
    std::uint64_t remaining;
  };

  // Takes over at a synchronization another scheme held (auto), every
  // processor's profile at hand: each group's plan, this processor's part of
  // it carried out, as if this strategy had synchronized. As at its own
  // synchronization (enter_sync), the next profile measures from here: the
  // rate since the loop began would mix in loads long gone (with tℓ = 2 s and
  // loops of a few seconds, the speeds before the first synchronization), where
  // the strategy run alone, and the cost model of it, measure since the last.
  void adopt(core::LoopContext& ctx, const std::vector<Profile>& everyone) {
    on_loop_start(ctx);
    epoch_ = 1;
    in_sync_ = true;
    ctx.mark_profile();
    std::vector<Profile> group;
    for (const Profile& p : everyone)
      if (p.rank >= group_first_ && p.rank < group_end_) group.push_back(p);
    carry_out(ctx, decide(group));
  }

 protected:
  static constexpr std::int32_t kInterrupt = 1;  // values[0]: the synchronization's number
  static constexpr std::int32_t kProfile = 2;    // values: epoch, done, busy (ns), remaining
  static constexpr std::int32_t kPlan = 3;       // values[0]: epoch; list: (from, to, count)...

 private:
  int balancer_of_group() const { return 0; }

  static core::LoopSchemeMessage message(std::int32_t kind, int epoch) {
    core::LoopSchemeMessage m;
    m.kind = kind;
    m.values[0] = epoch;
    return m;
  }

  // Stop and tell the balancer (or, distributed, every member) how it went.
  void enter_sync(core::LoopContext& ctx, int epoch) {
    epoch_ = epoch;
    in_sync_ = true;
    ctx.pause();
    core::LoopSchemeMessage profile = message(kProfile, epoch);
    profile.values[1] = static_cast<std::int64_t>(ctx.done_since_mark());
    profile.values[2] = static_cast<std::int64_t>(std::llround(ctx.busy_since_mark() * 1e9));
    profile.values[3] = static_cast<std::int64_t>(ctx.remaining());
    ctx.mark_profile();
    if (balancer_ == Balancer::kCentralized) {
      if (ctx.rank() == balancer_of_group()) {
        take_profile(ctx, ctx.rank(), profile);
      } else {
        ctx.send(balancer_of_group(), profile);
      }
    } else {
      for (int member = group_first_; member < group_end_; ++member)
        if (member != ctx.rank()) ctx.send(member, profile);
      take_profile(ctx, ctx.rank(), profile);
    }
  }

  // Centralized: rank 0 collects each group's profiles (groups by their first
  // member). Distributed: every member collects its own group's.
  void take_profile(core::LoopContext& ctx, int from, const core::LoopSchemeMessage& m) {
    const int k = group_end_ - group_first_;
    const int group = balancer_ == Balancer::kCentralized ? from / k * k : group_first_;
    const int epoch = static_cast<int>(m.values[0]);
    auto& collected = profiles_[{group, epoch}];
    collected.push_back({from, static_cast<std::uint64_t>(m.values[1]),
                         static_cast<double>(m.values[2]) * 1e-9,
                         static_cast<std::uint64_t>(m.values[3])});
    const int members = std::min(group + k, ctx.size()) - group;
    if (static_cast<int>(collected.size()) < members) return;
    std::vector<Profile> profiles = std::move(collected);
    profiles_.erase({group, epoch});
    std::sort(profiles.begin(), profiles.end(),
              [](const Profile& a, const Profile& b) { return a.rank < b.rank; });
    const std::vector<std::int64_t> plan = decide(profiles);
    if (balancer_ == Balancer::kDistributed) {
      carry_out(ctx, plan);
      return;
    }
    core::LoopSchemeMessage decision = message(kPlan, epoch);
    decision.list = plan;
    for (const Profile& p : profiles) {
      if (p.rank == ctx.rank()) continue;
      ctx.send(p.rank, decision);
    }
    ctx.note_instructions(profiles.size() - (group == group_first_ ? 1 : 0));
    if (group == group_first_ && epoch == epoch_ && in_sync_) carry_out(ctx, plan);
  }

  // Eq. 1.3.3 and the 10 % rule; the plan as (from, to, count) triples, empty
  // when nothing moves.
  std::vector<std::int64_t> decide(const std::vector<Profile>& profiles) {
    std::vector<std::int64_t> left;
    std::vector<double> speeds;
    for (const Profile& p : profiles) {
      // A processor with nothing done since the last synchronization keeps the rate it had.
      if (p.done > 0 && p.busy > 0) rates_[p.rank] = static_cast<double>(p.done) / p.busy;
      left.push_back(static_cast<std::int64_t>(p.remaining));
      speeds.push_back(rates_[p.rank]);
    }
    bool known = true;
    for (double s : speeds) known = known && s > 0;
    if (!known) {
      // Unmeasured processors count at the mean of the measured ones.
      double sum = 0;
      int measured = 0;
      for (double s : speeds)
        if (s > 0) sum += s, ++measured;
      for (double& s : speeds) s = s > 0 ? s : (measured > 0 ? sum / measured : 1);
    }
    const schemes::loop::cost_model::Redistribution plan =
        schemes::loop::cost_model::plan_redistribution(left, speeds);
    if (plan.work_moved <= 0) return {};
    double before = 0, after = 0;
    for (std::size_t i = 0; i < left.size(); ++i) {
      before = std::max(before, static_cast<double>(left[i]) / speeds[i]);
      after = std::max(after, static_cast<double>(plan.distribution[i]) / speeds[i]);
    }
    if (before <= 0 || 1 - after / before < threshold_) return {};
    std::vector<std::int64_t> triples;
    for (const auto& t : plan.transfers) {
      triples.push_back(profiles[t.from].rank);
      triples.push_back(profiles[t.to].rank);
      triples.push_back(t.count);
    }
    return triples;
  }

  void carry_out(core::LoopContext& ctx, const std::vector<std::int64_t>& plan) {
    ctx.note_synchronization(!plan.empty());
    bool receives = false;
    for (std::size_t i = 0; i + 2 < plan.size(); i += 3) {
      if (plan[i] == ctx.rank())
        ctx.send_iterations(static_cast<int>(plan[i + 1]), static_cast<std::uint64_t>(plan[i + 2]));
      receives = receives || plan[i + 1] == ctx.rank();
    }
    in_sync_ = false;
    // Out of work and given none: leave the next synchronization to another.
    retired_ = ctx.remaining() == 0 && !receives;
    if (pending_interrupt_ > epoch_) {
      enter_sync(ctx, pending_interrupt_);
      return;
    }
    ctx.resume();
  }

  void on_work(core::LoopContext& /*ctx*/, int /*from*/, std::uint64_t /*count*/) override {
    retired_ = false;
  }

  Scope scope_;
  Balancer balancer_;
  int group_size_;
  double threshold_;
  int group_first_ = 0, group_end_ = 1;
  int epoch_ = 0;  // synchronizations of this processor's group so far
  bool in_sync_ = false;
  bool retired_ = false;       // idle after a synchronization that gave it nothing
  int pending_interrupt_ = 0;  // a later synchronization called during this one
  std::map<std::pair<int, int>, std::vector<Profile>> profiles_;  // (group, epoch) → arrived
  std::vector<double> rates_;  // the last rate known of each processor
};

}  // namespace stacksplit::schemes
