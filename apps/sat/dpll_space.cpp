#include "apps/sat/dpll_space.hpp"

#include <cassert>
#include <limits>

namespace stacksplit::apps::sat {

DpllSpace::DpllSpace(const CnfFormula& formula, const DpllOptions& options)
    : DpllSpace(std::make_shared<const ClauseDatabase>(formula), options) {}

DpllSpace::DpllSpace(std::shared_ptr<const ClauseDatabase> database, const DpllOptions& options)
    : propagator_(database),
      time_limit_(options.time_limit),
      heuristic_(options.heuristic, options.lookahead, database->num_variables()) {
  levels_.reserve(static_cast<std::size_t>(database->num_variables()) + 1);
}

core::Outcome DpllSpace::enter(bool propagated, std::uint64_t propagations_before) {
  Level& level = levels_.back();
  if (propagated) {
    Branch branch = heuristic_.decide(propagator_);
    level.status = branch.status;
    level.first = branch.first;
  } else {
    level.status = NodeStatus::kConflict;
  }
  node_cost_ = propagator_.propagations() - propagations_before;
  if (level.status == NodeStatus::kBranch) return core::Outcome::kOpen;
  // A node at depth d is 2^-d of the binary tree of decisions; a refuted or
  // satisfied one is closed for good.
  const std::size_t depth = levels_.size() - 1;
  if (depth <= kClosedShareBits) closed_share_ += std::uint64_t{1} << (kClosedShareBits - depth);
  return level.status == NodeStatus::kConflict ? core::Outcome::kDeadEnd
                                               : core::Outcome::kSolution;
}

core::Outcome DpllSpace::reset() {
  std::uint64_t before = propagator_.propagations();
  propagator_.undo_to(0);
  levels_.clear();
  levels_.push_back({0, NodeStatus::kConflict, 0, false});
  const ClauseDatabase& db = propagator_.database();
  if (db.has_empty_clause()) return enter(false, before);
  bool consistent = true;
  for (Lit unit : db.units()) {
    if (propagator_.value(unit) == kFalse) consistent = false;
    if (propagator_.value(unit) == kFree) propagator_.assign(unit);
  }
  return enter(consistent && propagator_.propagate(), before);
}

void DpllSpace::choices(core::ChoiceSink<Choice>& out) {
  const Level& level = levels_.back();
  if (level.cut || level.status != NodeStatus::kBranch) return;
  const ClauseDatabase& db = propagator_.database();
  out.push(db.to_original(level.first));
  out.push(db.to_original(negate(level.first)));
}

core::Outcome DpllSpace::descend(const Choice& literal) {
  std::uint64_t before = propagator_.propagations();
  if (time_limit_ && time_limit_->expired()) {
    // Open, so that replaying a received path still works, but childless.
    levels_.push_back({propagator_.trail_size(), NodeStatus::kConflict, 0, true});
    node_cost_ = 0;
    return core::Outcome::kOpen;
  }
  Lit lit = propagator_.database().from_original(literal);
  assert(propagator_.value(lit) == kFree);
  levels_.push_back({propagator_.trail_size(), NodeStatus::kConflict, 0, false});
  propagator_.assign(lit);
  return enter(propagator_.propagate(), before);
}

void DpllSpace::ascend() {
  assert(levels_.size() > 1);
  propagator_.undo_to(levels_.back().trail_start);
  levels_.pop_back();
}

std::uint64_t DpllSpace::solution_weight() const {
  const std::uint64_t free = std::uint64_t{propagator_.num_variables()} -
                             propagator_.num_assigned() +
                             propagator_.database().num_unused_variables();
  if (free >= 64) return std::numeric_limits<std::uint64_t>::max();
  return std::uint64_t{1} << free;
}

DpllSpace::Solution DpllSpace::solution() const {
  const ClauseDatabase& db = propagator_.database();
  Solution model(propagator_.num_variables());
  for (std::uint32_t v = 0; v < propagator_.num_variables(); ++v) {
    const Lit positive = 2 * v;
    model[v] = db.to_original(propagator_.value(positive) == kTrue ? positive : negate(positive));
  }
  return model;
}

}  // namespace stacksplit::apps::sat
