#pragma once
// The self-scheduling family in the cost model's terms — a cost the chapter
// does not give (Zaki, Parthasarathy & Li describe the task-queue model in
// §1.1.1 and leave it out of §1.3.2), built from the same parameters so
// `--scheme auto` can weigh all strategies: chunks × access cost + the
// imbalance of the last chunks, found by playing the queue forward.
//
// One central queue, kept by processor 0, hands out the remaining iterations
// in order, a chunk at a time; an idle processor asks, and the chunk's size is
// the scheme's rule at the moment the request is served:
//   ss               a fixed chunk c (Tang & Yew's self-scheduling);
//   gss, tss, fac2, awf   guided_self_scheduling.hpp, trapezoid_self_scheduling.hpp,
//                    factoring.hpp, adaptive_weighted_factoring.hpp;
//   shared-iterator  a fixed chunk c taken by fetch-and-add (Krishnamoorthy et al.).
// An access costs a request and a reply, each a message (L + m/B), plus the
// queue's service time, s = all-to-one(P, m)/P: the time the owner spends per
// message when all P send to it at once, from the fitted network; requests
// that arrive together wait for each other. The owner computes too and pays s
// for every request it serves — except for the shared iterator, whose
// fetch-and-add is one-sided. A chunk whose iterations another processor
// holds brings their data: the taker asks the holder (L), which answers
// between its iterations (half of one on average while it computes; a
// processor looks at its mail after each iteration), and the data comes in
// one message, L + c·D/B, its bytes queued behind
// the other chunks' on the one medium (the chapter's Ethernet, whose data
// movement κ(j) the interrupt strategies pay alike). Processors compute at the
// forecast's effective speeds; the time is the last one's finish.

#include <cstdint>
#include <limits>
#include <vector>

#include "schemes/loop/cost_model/loop_model_input.hpp"
#include "schemes/loop/cost_model/loop_strategy.hpp"
#include "schemes/loop/cost_model/network_model.hpp"

namespace stacksplit::schemes::loop::cost_model {

struct ChunkPrediction {
  LoopStrategy strategy = LoopStrategy::kGss;
  double time_s = 0;
  std::int64_t chunks = 0;
  double access_s = 0;                    // Σ over chunks of request-to-reply time
  double service_s = 0;                   // s, one access at the queue
  double data_movement_s = 0;             // Σ of the chunks' data messages
  double imbalance_s = 0;                 // last finish − mean finish
  std::vector<double> finish_s;           // per processor, model time
  std::vector<std::int64_t> chunk_sizes;  // in the order handed out
  // Stopped past `give_up_after_s`: time_s is then a lower bound (the queue's
  // clock when it stopped, work still left), the other figures partial.
  bool gave_up = false;
};

// ss, gss, tss, fac2, awf or shared-iterator; throws std::invalid_argument
// for another strategy or an inconsistent input. Playing the queue forward
// costs a step a chunk (ss over 400,000 iterations: about 10 ms), so a
// caller that only needs to know whether the time stays within a bound
// (auto's choice, auto_prediction.hpp) can stop it once the queue's clock
// passes `give_up_after_s` after the start.
ChunkPrediction predict_chunk_scheduling(
    LoopStrategy strategy, const LoopModelInput& input, const NetworkModel& network,
    double give_up_after_s = std::numeric_limits<double>::infinity());

}  // namespace stacksplit::schemes::loop::cost_model
