#pragma once
// Profiled re-partitioning in the cost model's terms. "When profiled
// scheduling is specified, the number of times iteration specified by
// eval_skip is normally performed by each thread, and performance measurement
// is performed for the next number of times iteration specified by eval_size.
// Then, each thread will calculate the runtime performance and the remaining
// iteration space will be partitioned [...] to each thread according to a
// performance ratio"; the speeds are broadcast to all threads, and the loop is
// re-partitioned only "when the performance improvement is above a certain
// threshold" — Sakae, Sato, Matsuoka & Harada, "Preliminary Evaluation of
// Dynamic Load Balancing Using Loop Re-partitioning on Omni/SCASH", §3.1;
// moving "more gradually" (dampening) is their future work, here a factor.
//
// So its cost is one synchronization (an all-to-all of the speeds: a barrier
// and a broadcast, ξ = all-to-all(P)), δ, and the data of the moved
// iterations, κ = β·L + α·D/B, with no later balancing. Started at a
// synchronization (`--scheme auto`), it re-partitions there at once, ξ
// already paid; from the beginning, after every processor's eval_skip +
// eval_size iterations. A chunk_size > 0 (cyclic re-partition) is costed as
// the block one.

#include <vector>

#include "analysis/cost_model/loop_model_input.hpp"
#include "analysis/cost_model/network_model.hpp"

namespace stacksplit::analysis::cost_model {

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

}  // namespace stacksplit::analysis::cost_model
