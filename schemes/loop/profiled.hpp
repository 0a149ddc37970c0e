#pragma once
// Profiled loop re-partitioning, as Sakae, Sato, Matsuoka & Harada built it
// into Omni/SCASH ("Preliminary Evaluation of Dynamic Load Balancing Using
// Loop Re-partitioning on Omni/SCASH", §3): with
// schedule(profiled[, chunk_size[, eval_size[, eval_skip]]]) each thread does
// eval_skip iterations normally, measures the next eval_size, and broadcasts
// its speed; every thread then estimates the time left with and without
// re-partitioning, and if the improvement passes a threshold the remaining
// iterations are re-partitioned in proportion to the speeds (in blocks when
// chunk_size is 0, else cyclically by chunk_size); otherwise re-partitioning
// stops for the loop.
//
// Beyond the paper: the dampening it considers at the end of §4.4 (re-partition
// gradually, so that repeated re-partitioning settles): each
// processor moves only part of the way toward the new partition
// (--dampening, 0.5 by default), so repeated invocations (--steps) converge
// instead of oscillating. The partition an invocation ends with is where the
// next one starts, so the profile carries over.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/loop/loop_scheme.hpp"
#include "schemes/loop/cost_model/redistribution.hpp"
#include "schemes/loop/loop_scheme_options.hpp"
#include "schemes/loop/static_block.hpp"

namespace stacksplit::schemes {

class Profiled final : public core::LoopScheme {
 public:
  explicit Profiled(const LoopSchemeOptions& options)
      : chunk_(options.chunk),
        eval_size_(std::max<std::uint64_t>(options.eval_size, 1)),
        eval_skip_(options.eval_skip),
        threshold_(options.threshold),
        dampening_(std::clamp(options.dampening, 0.0, 1.0)) {}
  std::string_view name() const override { return "profiled"; }

  // Equal blocks at first; later invocations start where the last one ended.
  std::vector<core::IterationSet> initial_share(int rank, int size, std::uint64_t n) override {
    if (fractions_.size() != static_cast<std::size_t>(size))
      return single(equal_block(rank, size, n));
    double before = 0;
    for (int r = 0; r < rank; ++r) before += fractions_[r];
    const auto first = static_cast<std::uint64_t>(std::llround(before * static_cast<double>(n)));
    const auto end = rank + 1 == size ? n
                                      : static_cast<std::uint64_t>(std::llround(
                                            (before + fractions_[rank]) * static_cast<double>(n)));
    return single(core::IterationSet::range(first, std::max(first, end) - first));
  }

  // Fractions in millionths: rank 0's partition is everyone's next start.
  std::vector<std::int64_t> carry_over() const override {
    std::vector<std::int64_t> carried;
    for (double f : fractions_) carried.push_back(std::llround(f * kScale));
    return carried;
  }
  void take_carry_over(const std::vector<std::int64_t>& carried) override {
    fractions_.clear();
    for (std::int64_t f : carried) fractions_.push_back(static_cast<double>(f) / kScale);
  }

  void on_loop_start(core::LoopContext& ctx) override {
    skipping_ = eval_skip_ > 0;
    measured_ = false;
    reports_.assign(ctx.size(), Report{});
    heard_ = 0;
    ctx.mark_profile();
  }

  void on_quantum(core::LoopContext& ctx) override {
    if (measured_) return;
    if (skipping_ && ctx.done_since_mark() >= eval_skip_) {
      skipping_ = false;
      ctx.mark_profile();
      return;
    }
    if (!skipping_ && ctx.done_since_mark() >= eval_size_) measure(ctx);
  }

  // Out of work before the measurement was complete: measure what there is.
  void on_idle(core::LoopContext& ctx) override {
    if (!measured_) measure(ctx);
  }

  void on_message(core::LoopContext& ctx, int from, const core::LoopSchemeMessage& m) override {
    if (m.kind != kSpeed) return;
    take(ctx, from, m);
  }

  // Takes over with every processor's rate and iterations left already known
  // (auto): the re-partition, then no more measuring in this loop.
  void adopt(core::LoopContext& ctx, const std::vector<double>& rates,
             const std::vector<std::uint64_t>& remaining) {
    on_loop_start(ctx);
    measured_ = true;
    for (int r = 0; r < ctx.size(); ++r) reports_[r] = {true, rates[r], remaining[r]};
    heard_ = ctx.size();
    repartition(ctx);
  }

 private:
  static constexpr std::int32_t kSpeed = 1;  // values: done, busy (ns), remaining
  static constexpr double kScale = 1e9;

  struct Report {
    bool heard = false;
    double rate = 0;
    std::uint64_t remaining = 0;
  };

  static std::vector<core::IterationSet> single(const core::IterationSet& set) {
    if (set.empty()) return {};
    return {set};
  }

  void measure(core::LoopContext& ctx) {
    measured_ = true;
    core::LoopSchemeMessage speed;
    speed.kind = kSpeed;
    speed.values[0] = static_cast<std::int64_t>(ctx.done_since_mark());
    speed.values[1] = static_cast<std::int64_t>(std::llround(ctx.busy_since_mark() * 1e9));
    speed.values[2] = static_cast<std::int64_t>(ctx.remaining());
    ctx.pause();
    for (int other = 0; other < ctx.size(); ++other)
      if (other != ctx.rank()) ctx.send(other, speed);
    take(ctx, ctx.rank(), speed);
  }

  void take(core::LoopContext& ctx, int from, const core::LoopSchemeMessage& m) {
    Report& report = reports_[from];
    if (report.heard) return;
    report.heard = true;
    report.rate = m.values[1] > 0
                      ? static_cast<double>(m.values[0]) * 1e9 / static_cast<double>(m.values[1])
                      : 0;
    report.remaining = static_cast<std::uint64_t>(m.values[2]);
    if (++heard_ == ctx.size()) repartition(ctx);
  }

  // Every processor has every speed: each computes the same partition.
  void repartition(core::LoopContext& ctx) {
    const int p = ctx.size();
    std::vector<std::int64_t> left(p);
    std::vector<double> rates(p);
    double sum = 0;
    int measured = 0;
    for (int r = 0; r < p; ++r) {
      left[r] = static_cast<std::int64_t>(reports_[r].remaining);
      rates[r] = reports_[r].rate;
      if (rates[r] > 0) sum += rates[r], ++measured;
    }
    for (double& rate : rates) rate = rate > 0 ? rate : (measured > 0 ? sum / measured : 1);
    std::int64_t total = 0;
    for (std::int64_t l : left) total += l;
    const std::vector<std::int64_t> ideal =
        schemes::loop::cost_model::proportional_distribution(total, rates);
    // Part of the way only: the dampening.
    std::vector<double> damped(p);
    for (int r = 0; r < p; ++r)
      damped[r] =
          static_cast<double>(left[r]) + dampening_ * static_cast<double>(ideal[r] - left[r]);
    const std::vector<std::int64_t> target =
        schemes::loop::cost_model::proportional_distribution(total, damped);
    double before = 0, after = 0;
    for (int r = 0; r < p; ++r) {
      before = std::max(before, static_cast<double>(left[r]) / rates[r]);
      after = std::max(after, static_cast<double>(target[r]) / rates[r]);
    }
    const bool pays = before > 0 && 1 - after / before >= threshold_;
    ctx.note_synchronization(pays);
    if (pays) {
      for (const auto& move : schemes::loop::cost_model::plan_transfers(left, target).transfers)
        if (move.from == ctx.rank())
          send_dealt(ctx, move.to, static_cast<std::uint64_t>(move.count));
    }
    // The next invocation starts from the speeds' partition, damped the same way.
    double rate_sum = 0;
    for (double rate : rates) rate_sum += rate;
    if (fractions_.size() != static_cast<std::size_t>(p)) fractions_.assign(p, 1.0 / p);
    for (int r = 0; r < p; ++r) fractions_[r] += dampening_ * (rates[r] / rate_sum - fractions_[r]);
    ctx.resume();
  }

  // chunk_size 0: one block; else in chunks of chunk_size, so the moved
  // iterations are spread over the loop as a cyclic partition spreads them.
  void send_dealt(core::LoopContext& ctx, int to, std::uint64_t count) {
    if (chunk_ == 0) {
      ctx.send_iterations(to, count);
      return;
    }
    for (std::uint64_t sent = 0; sent < count;) {
      const std::uint64_t piece = std::min(chunk_, count - sent);
      if (ctx.send_iterations(to, piece) == 0) break;
      sent += piece;
    }
  }

  std::uint64_t chunk_;
  std::uint64_t eval_size_;
  std::uint64_t eval_skip_;
  double threshold_;
  double dampening_;
  bool skipping_ = false;
  bool measured_ = false;
  std::vector<Report> reports_;
  int heard_ = 0;
  std::vector<double> fractions_;  // the partition the next invocation starts with
};

}  // namespace stacksplit::schemes
