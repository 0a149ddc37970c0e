#pragma once
// Profiled re-partitioning in the cost model's terms: each thread runs
// eval_skip iterations unmeasured and eval_size measured ones; the threads
// broadcast their speeds, and if the predicted gain passes a threshold the
// remaining iterations are re-partitioned in proportion to the speeds — Sakae,
// Sato, Matsuoka & Harada, "Preliminary Evaluation of Dynamic Load Balancing
// Using Loop Re-partitioning on Omni/SCASH", §3.1 (Figure 4); a damped,
// gradual re-partition is their proposed future work, here a factor.
//
// So its cost is one synchronization (an all-to-all of the speeds: a barrier
// and a broadcast, ξ = all-to-all(P)), δ, and the data of the moved
// iterations, κ = β·L + α·D/B, with no later balancing. Started at a
// synchronization (`--scheme auto`), it re-partitions there at once, ξ
// already paid; from the beginning, after every processor's eval_skip +
// eval_size iterations. A chunk_size > 0 (cyclic re-partition) is costed as
// the block one.

#include <vector>

#include "schemes/loop/cost_model/loop_model_input.hpp"
#include "schemes/loop/cost_model/network_model.hpp"

namespace stacksplit::schemes::loop::cost_model {

struct ProfiledPrediction {
  double time_s = 0;
  double measured_until_s = 0;   // model time of the re-partition
  double synchronization_s = 0;  // ξ charged
  double distribution_s = 0;     // δ
  double data_movement_s = 0;    // κ
  std::int64_t work_moved = 0;   // α
  int messages = 0;              // β
  double improvement = 0;        // predicted relative gain
  bool repartitioned = false;
  std::vector<std::int64_t> distribution;  // after the re-partition
};

ProfiledPrediction predict_profiled(const LoopModelInput& input, const NetworkModel& network);

}  // namespace stacksplit::schemes::loop::cost_model
