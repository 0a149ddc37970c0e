#pragma once
// Adaptive weighted factoring (AWF): factoring's batches (FAC2: a batch
// starting with R_j iterations left has chunks of ⌈R_j/(2P)⌉), each chunk
// scaled by the weight w_i of the processor that takes it, the weights
// summing to P. The weights adapt to measured performance between the time
// steps of a time-stepping application, later steps counting more: with
// t_is the time processor i spent in step s on n_is iterations,
//   π_i = Σ_s s·t_is / Σ_s s·n_is          (weighted time per iteration)
//   w_i = P · (1/π_i) / Σ_k (1/π_k)         (weights in proportion to speed)
// — Banicescu, Velusamy & Devaprasad, "On the Scalability of Dynamic
// Scheduling Scientific Applications with Adaptive Weighted Factoring",
// Cluster Computing 6(3), 2003. (The normalization is written as in LB4OMP's
// implementation of AWF: w_i = (π̄/π_i)·P / Σ_k (π̄/π_k), π̄ the mean of the
// π_k, which is the same.)
//
// Variant: a chunk is ⌈w_i · ⌈R_j/(2P)⌉⌉, cut to what remains; R_j is the
// exact remainder at the start of batch j (see factoring.hpp).

#include <cstdint>
#include <vector>

namespace stacksplit::schemes::loop::cost_model {

// One time step of one processor.
struct AwfStep {
  std::int64_t iterations = 0;  // n_is
  double seconds = 0;           // t_is
};

// history[i] is processor i's steps, oldest first (step s = 1, 2, ...). A
// processor with no iteration measured yet gets the mean weight 1; throws
// std::invalid_argument for negative or non-finite values.
std::vector<double> awf_weights(const std::vector<std::vector<AwfStep>>& history);

// One measurement per processor: iterations per second. Weights P·r_i/Σr.
std::vector<double> awf_weights_from_rates(const std::vector<double>& rates);

// The master's weights from the rates its askers last reported (0: none
// yet): an unmeasured processor counts at the mean of the measured ones, all
// alike when none is measured.
std::vector<double> awf_weights_from_reported_rates(std::vector<double> reported);

// The chunk of a processor of weight `weight` in a batch that started with
// `remaining_at_batch_start` iterations left.
std::int64_t awf_chunk(std::int64_t remaining_at_batch_start, int processors, double weight);

// Every chunk when each batch is taken by the processors in rank order, one
// chunk each (what a test can compare with the formula).
std::vector<std::int64_t> awf_chunks(std::int64_t iterations, const std::vector<double>& weights);

}  // namespace stacksplit::schemes::loop::cost_model
