#pragma once
// The chapter's four strategies played forward by their recurrences — Zaki,
// Parthasarathy & Li, Customized Dynamic Load Balancing, §1.3.2:
//
// At the j-th synchronization, triggered by the first processor f to finish
// its χ_f(j−1) iterations, processor i has γ_i(j) = χ_i(j−1) − ⌈t·σ_i(j)/T⌉
// left (uniform loops, eq. 1.3.1; for non-uniform ones the ℵ iterations whose
// costs reach (σ_i/σ_f)·Σ T_k of f's, eq. 1.3.2); the Γ(j) = Σ γ_i(j) left are
// redistributed in proportion to the speeds, χ_i(j) = σ_i/Σσ · Γ(j) (eq.
// 1.3.3); this repeats until Γ(η) = 0 (eq. 1.3.4). Each synchronization costs
// ξ + δ; moving α(j) iterations in β(j) messages costs
// κ(j) = β(j)·L + α(j)·Σ_a D_a/B (eq. 1.3.5); a centralized balancer also
// sends β(j) instructions, ψ(j) = β(j)·L. So
//   TC = η(ξ + δ) + Σ_{j=1}^{η} [κ(j) + ψ(j)].
// The local strategies run this per group of K; with one central balancer
// (LCDLB) a group that asks while the balancer serves others waits
// Δ_g(j) = Σ_{k=1}^{ν(j)} [δ + ψ_k(j)], and
//   C_g = η_g(ξ + δ) + Σ_{j=1}^{η_g} [κ_g(j) + ψ_g(j) + Δ_g(j)],  C = max_g C_g.
// Work moves only when the new assignment is predicted to finish at least 10 %
// sooner, data movement left out of the prediction (§1.2, "Data Movement and
// Profitability Analysis").
//
// What the chapter leaves open, decided here:
// - time runs on: the predicted time of a strategy is its computation plus
//   its costs, each synchronization stopping its group until every member is
//   told the plan (ξ, δ, ψ, Δ); the total is when the last processor is
//   done, C_g measured to the group's end;
// - the moves are not a stop: κ(j) is the time they take on the wire, one
//   message after another (one medium, as eq. 1.3.5's sum has it), and only
//   a receiver that runs out before its data arrives waits for it (through
//   later synchronizations that come meanwhile; its waits are put before
//   it starts again, exact at a steady speed); a sender
//   computes the front of what it holds while the back leaves, as the loop
//   schemes do (schemes/loop/interrupt_strategy.hpp resumes at once). TC
//   still adds every κ(j), the chapter's figure of the costs;
// - the wire is one for all groups: a local strategy's groups queue their
//   moves on it (the overlap the chapter leaves out of Δ, §1.3.2);
// - the balancer judges a move by the speeds it measured, σ(j), as if they
//   persisted (it knows nothing else); what then happens follows the forecast;
// - a synchronization that moves nothing (too little gain or work) leaves its
//   first finisher idle; the next processor to run out synchronizes again;
// - an interrupted processor finishes the iteration it is in (the ⌈ ⌉ of
//   eq. 1.3.1) before it stops and sends its profile, and that takes time:
//   the plan waits for the last member through its iteration, the others
//   idle meanwhile (with iterations of seconds and a synchronization every
//   few, this is most of what a synchronization costs);
// - at Γ(η) = 0 the group ends when its slowest processor finishes the
//   iteration it was in (the ⌈ ⌉ of eq. 1.3.1), plus that last ξ + δ;
// - the balancer serves groups in the order they ask; Δ is the wait;
// - started at a synchronization (`--scheme auto`), that first one is j = 1,
//   its ξ already paid and not counted (TC then has η − 1 ξ's).

#include <vector>

#include "schemes/loop/cost_model/loop_model_input.hpp"
#include "schemes/loop/cost_model/loop_strategy.hpp"
#include "schemes/loop/cost_model/network_model.hpp"

namespace stacksplit::schemes::loop::cost_model {

// One synchronization j of one group.
struct SynchronizationRecord {
  int index = 0;                           // j, from 1
  double time_s = 0;                       // t_j: the first finisher runs out
  double answered_s = 0;                   // the last member through its iteration under way
  std::vector<std::int64_t> left;          // γ(j), per member
  std::vector<double> speeds;              // σ(j), per member
  std::int64_t remaining = 0;              // Γ(j)
  std::vector<std::int64_t> distribution;  // χ(j); γ(j) when nothing moved
  std::int64_t work_moved = 0;             // α(j)
  int messages = 0;                        // β(j)
  double synchronization_s = 0;            // ξ charged (0 at a start already paid for)
  double distribution_s = 0;               // δ
  double data_movement_s = 0;              // κ(j)
  double instructions_s = 0;               // ψ(j)
  double delay_s = 0;                      // Δ_g(j)
  double improvement = 0;                  // predicted relative gain of the move
  bool moved = false;
  double cost_s() const {
    return synchronization_s + distribution_s + data_movement_s + instructions_s + delay_s;
  }
};

struct GroupPrediction {
  std::vector<int> members;                             // ranks
  std::vector<SynchronizationRecord> synchronizations;  // η_g of them
  double overhead_s = 0;                                // the costs above, summed
  double finish_s = 0;                                  // model time its last processor is done
  double time_s = 0;                                    // C_g: from the model's start to finish_s
};

struct DlbPrediction {
  LoopStrategy strategy = LoopStrategy::kGddlb;
  double synchronization_s = 0;  // ξ of one synchronization (of a group, for the local ones)
  double distribution_s = 0;     // δ
  std::vector<GroupPrediction> groups;  // one for the global strategies
  double time_s = 0;                    // C = max_g C_g
  // η (global), or the η_g of the group that finishes last.
  int synchronizations() const;
  // TC (global), or the costs of the group that finishes last.
  double total_cost_s() const;
  const GroupPrediction& last_group() const;
};

// One of the chapter's four strategies; throws std::invalid_argument for
// another strategy or an inconsistent input.
DlbPrediction predict_dlb(LoopStrategy strategy, const LoopModelInput& input,
                          const NetworkModel& network);

}  // namespace stacksplit::schemes::loop::cost_model
