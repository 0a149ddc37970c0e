#pragma once
// The new distribution at a synchronization and the moves that reach it: the
// work left is shared in proportion to the average effective speeds,
// χ_i(j) = (σ_i(j) / Σ_k σ_k(j)) · Γ(j) (eq. 1.3.3); the work moved is
// α(j) = ½ Σ_i |γ_i(j) − χ_i(j)|, and the messages β(j) follow from the old
// and the new distribution — Zaki, Parthasarathy & Li, Customized Dynamic
// Load Balancing, §1.3.2, "Amount of Work Moved" and "Data Movement Cost".
//
// Iterations are whole: χ_i is rounded by largest remainder (the floors,
// then one more to the largest fractional parts, lower rank first on a tie),
// so Σχ = Γ. The moves pair senders (γ_i > χ_i) with receivers (γ_i < χ_i),
// both in rank order, each move as large as both allow; every move is one
// message, so β is the number of moves, at most senders + receivers − 1.
// The loop schemes move work by the same plan, so the model counts their
// messages.

#include <cstdint>
#include <vector>

namespace stacksplit::schemes::loop::cost_model {

// χ: `total` in proportion to `speeds` (all 0: equal shares).
std::vector<std::int64_t> proportional_distribution(std::int64_t total,
                                                    const std::vector<double>& speeds);

struct Transfer {
  int from = 0;
  int to = 0;
  std::int64_t count = 0;
  bool operator==(const Transfer&) const = default;
};

struct Redistribution {
  std::vector<std::int64_t> distribution;  // χ(j)
  std::int64_t work_moved = 0;             // α(j)
  std::vector<Transfer> transfers;         // β(j) = transfers.size()
  int messages() const { return static_cast<int>(transfers.size()); }
};

// The moves from `left` (γ(j)) to `target` (χ(j)); the sums must be equal.
Redistribution plan_transfers(const std::vector<std::int64_t>& left,
                              std::vector<std::int64_t> target);

// eq. 1.3.3 and its moves.
Redistribution plan_redistribution(const std::vector<std::int64_t>& left,
                                   const std::vector<double>& speeds);

}  // namespace stacksplit::schemes::loop::cost_model
