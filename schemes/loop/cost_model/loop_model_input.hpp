#pragma once
// Everything the cost model is told about a loop, its processors and its
// network (Zaki, Parthasarathy & Li, Customized Dynamic Load Balancing,
// §1.3.1: processor, program, network and external-load parameters), and
// where the prediction starts: at the beginning with equal blocks (`stacksplit
// loop --predict`), or at the first synchronization with the loads observed
// so far (`--scheme auto`: §1.3.3 runs the loop in equal blocks to the first
// synchronization, then feeds the loads seen so far to the model).

#include <cstdint>
#include <vector>

#include "schemes/loop/cost_model/iteration_cost.hpp"
#include "schemes/loop/cost_model/speed_forecast.hpp"

namespace stacksplit::schemes::loop::cost_model {

// The loop at the moment the model takes over.
struct LoopStart {
  double time_s = 0;  // seconds since the loop began
  // Per processor, the iterations it still holds, in the order it runs them.
  std::vector<std::vector<IterationRange>> held;
  // At a synchronization: the strategies decide their first redistribution at
  // once. Its synchronization cost ξ is not charged: it has been paid, the
  // same for every candidate.
  bool at_synchronization = false;
  int processors() const { return static_cast<int>(held.size()); }
};

// Blocks of ⌊N/P⌋ or ⌈N/P⌉ iterations, the larger ones first, at time 0: the
// chapter's initial distribution, χ_i(0) = N/P (§1.3.2).
LoopStart equal_blocks(std::int64_t iterations, int processors);

// What one processor did until the first synchronization, its blocks having
// been equal blocks from iteration 0 on.
struct ProcessorLoad {
  std::int64_t iterations_done = 0;
  double seconds = 0;  // time it computed them in
};

struct FirstSynchronization {
  LoopStart start;
  std::vector<double> effective_speeds;  // σ_i(1): base seconds of work per second
  SpeedForecast forecast;                // σ_i(1) for ever
};

// From the loads seen at the first synchronization, at `time_s` since the
// loop began: the iterations each processor still holds, its average
// effective speed σ_i(1) = (Σ T_k of what it did) / seconds, and the forecast
// that those speeds persist. Throws std::invalid_argument when a processor
// did more than its block or reports a negative time.
FirstSynchronization observe_first_synchronization(std::int64_t iterations,
                                                   const IterationCost& cost,
                                                   const std::vector<ProcessorLoad>& loads,
                                                   double time_s);

// Bytes of the small messages the strategies exchange.
struct MessageSizes {
  double interrupt = 8;     // the first finisher's interrupt
  double profile = 16;      // iterations done and time, to the balancer(s)
  double instruction = 24;  // a centralized balancer's "send c iterations to j"
  double request = 16;      // a chunk request or a fetch-and-add
};

struct ChunkOptions {
  std::int64_t ss_chunk = 1;
  std::int64_t shared_iterator_chunk = 1;
  std::int64_t gss_min_chunk = 1;
  std::int64_t tss_first = 0;  // 0: the paper's N/(2P)
  std::int64_t tss_last = 0;   // 0: 1
  // AWF's weights, fixed; empty: the scheme's own, from the iterations per
  // busy second each processor reports with every request
  // (schemes/loop/adaptive_weighted_factoring.hpp), counted from `awf_measured`.
  std::vector<double> awf_weights;
  // Per processor, the iterations done and seconds busy before the start
  // that its first request reports (auto's first synchronization: since the
  // loop began); empty: nothing measured yet.
  std::vector<ProcessorLoad> awf_measured;
};

// schedule(profiled[, chunk_size[, eval_size[, eval_skip]]]) of Sakae et al.
struct ProfiledOptions {
  std::int64_t eval_skip = 0;
  std::int64_t eval_size = 1;
  double threshold = 0.10;  // least predicted improvement that re-partitions
  double damping = 1.0;     // fraction of the way to the new partition moved
};

struct LoopModelInput {
  IterationCost cost = IterationCost::uniform(1);
  LoopStart start;
  SpeedForecast forecast;               // σ_i(t), one per processor of `start`
  double data_bytes_per_iteration = 0;  // Σ_a D_a
  int group_size = 0;                   // K; 0: two groups of P/2
  double distribution_s = 0;            // δ, the balancer's calculation
  double profitability = 0.10;          // the chapter's 10 % rule
  std::int64_t min_work_moved = 1;      // below this α nothing moves
  MessageSizes messages;
  ChunkOptions chunks;
  ProfiledOptions profiled;

  int processors() const { return start.processors(); }
  // The group size the local strategies use.
  int effective_group_size() const;
};

// Throws std::invalid_argument with one line when the input is inconsistent
// (no processor, a forecast for a different P, a range outside a per-iteration
// cost, negative sizes...).
void check_loop_model_input(const LoopModelInput& input);

}  // namespace stacksplit::schemes::loop::cost_model
