#include "apps/sat/dpll/dpll_space.hpp"

#include <cassert>
#include <chrono>
#include <cstdlib>
#include <limits>

namespace stacksplit::apps::sat {

DpllSpace::DpllSpace(const CnfFormula& formula, const DpllOptions& options)
    : DpllSpace(std::make_shared<const ClauseDatabase>(formula), options) {}

DpllSpace::DpllSpace(std::shared_ptr<const ClauseDatabase> database, const DpllOptions& options)
    : propagator_(database),
      time_limit_(options.time_limit),
      heuristic_(options.heuristic, options.lookahead, database->num_variables()),
      race_(options.race) {
  levels_.reserve(static_cast<std::size_t>(database->num_variables()) + 1);
  if (options.cubes.shared) {
    cubes_.emplace(options.cubes, database->num_variables());
    cube_.reserve(static_cast<std::size_t>(database->num_variables()));
  }
}

core::Outcome DpllSpace::enter(bool propagated, std::uint64_t propagations_before) {
  // Timed only under cube-and-conquer: pure DPLL stays as it was.
  const CubeAndConquer::Clock::time_point start =
      cubes_ ? CubeAndConquer::Clock::now() : CubeAndConquer::Clock::time_point{};
  Level& level = levels_.back();
  // With one worker the search takes turns with the race (cdcl_race.hpp):
  // every 64th node it looks whether the race is owed its turn.
  if (race_ && (++race_looks_ & 63) == 0) race_->wait_while_owed();
  const std::optional<CubeVerdict> raced = race_verdict();
  if (raced == CubeVerdict::kSatisfiable) {
    level.status = NodeStatus::kSatisfied;
    level.model_from_race = true;
  } else if (raced == CubeVerdict::kUnsatisfiable) {
    level.status = NodeStatus::kConflict;
  } else if (propagated && cubes_ && levels_.size() == 1 && cubes_->is_cube(0, 0)) {
    // The whole formula was decided before the search: the root is the one
    // cube, no look-ahead needed to say so.
    level.status = NodeStatus::kBranch;
  } else if (propagated) {
    Branch branch = heuristic_.decide(propagator_);
    level.status = branch.status;
    level.first = branch.first;
    if (level.status == NodeStatus::kConflict) ++lookahead_refuted_;
  } else {
    level.status = NodeStatus::kConflict;
    ++lookahead_refuted_;
  }
  node_cost_ = propagator_.propagations() - propagations_before;
  node_was_cube_ = false;
  if (cubes_) {
    std::uint64_t cdcl_nanoseconds = 0;
    if (level.status == NodeStatus::kBranch && !replaying_ &&
        cubes_->is_cube(static_cast<std::uint32_t>(levels_.size() - 1), num_assigned())) {
      cdcl_nanoseconds = conquer(level);
      node_was_cube_ = true;
    }
    const auto elapsed =
        std::chrono::duration_cast<std::chrono::nanoseconds>(CubeAndConquer::Clock::now() - start);
    cubes_->count_lookahead(static_cast<std::uint64_t>(elapsed.count()) - cdcl_nanoseconds,
                            node_cost_);
    node_cost_ += cubes_->as_propagations(cdcl_nanoseconds);
    // A model found here ends the search: the other workers' CDCL stops.
    if (level.status == NodeStatus::kSatisfied) cubes_->model_found();
    if (level.cut) return core::Outcome::kOpen;
  }
  if (level.status == NodeStatus::kBranch) return core::Outcome::kOpen;
  // A node at depth d is 2^-d of the binary tree of decisions; a refuted or
  // satisfied one is closed for good.
  const std::size_t depth = levels_.size() - 1;
  if (depth <= kClosedShareBits) closed_share_ += std::uint64_t{1} << (kClosedShareBits - depth);
  return level.status == NodeStatus::kConflict ? core::Outcome::kDeadEnd : core::Outcome::kSolution;
}

std::optional<CubeVerdict> DpllSpace::race_verdict() const {
  // A replayed node is one its donor found open: it must stay open here; so
  // must the root, where every received path starts.
  if (!race_ || replaying_ || levels_.size() < 2) return std::nullopt;
  return race_->verdict();
}

void DpllSpace::current_cube(std::vector<Literal>& cube) const {
  const ClauseDatabase& db = propagator_.database();
  cube.clear();
  for (std::size_t l = 1; l < levels_.size(); ++l)
    cube.push_back(db.to_original(propagator_.trail()[levels_[l].trail_start]));
}

std::uint64_t DpllSpace::conquer(Level& level) {
  current_cube(cube_);
  std::uint64_t nanoseconds = 0;
  switch (cubes_->solve(cube_, nanoseconds)) {
    case CubeVerdict::kSatisfiable:
      level.status = NodeStatus::kSatisfied;
      level.model_from_cdcl = true;
      break;
    case CubeVerdict::kUnsatisfiable:
      level.status = NodeStatus::kConflict;
      break;
    case CubeVerdict::kStopped:
      // Undecided, but the search is over: a leaf, as after the time limit.
      level.cut = true;
      ++cut_nodes_;
      break;
  }
  return nanoseconds;
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
    ++cut_nodes_;
    node_cost_ = 0;
    node_was_cube_ = false;
    return core::Outcome::kOpen;
  }
  Lit lit = propagator_.database().from_original(literal);
  assert(propagator_.value(lit) == kFree);
  levels_.push_back({propagator_.trail_size(), NodeStatus::kConflict, 0, false});
  propagator_.assign(lit);
  return enter(propagator_.propagate(), before);
}

core::Outcome DpllSpace::replay_descend(const Choice& literal) {
  // The donor branched here, so this is no cube, whatever this worker's
  // cutoff (adapted to its own cubes) would say now.
  replaying_ = true;
  const core::Outcome outcome = descend(literal);
  replaying_ = false;
  return outcome;
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
  if (levels_.back().model_from_race) {
    for (std::uint32_t v = 0; v < propagator_.num_variables(); ++v)
      model[v] = race_->value(std::abs(db.to_original(2 * v)));
    return model;
  }
  if (levels_.back().model_from_cdcl) {
    for (std::uint32_t v = 0; v < propagator_.num_variables(); ++v)
      model[v] = cubes_->value(std::abs(db.to_original(2 * v)));
    return model;
  }
  for (std::uint32_t v = 0; v < propagator_.num_variables(); ++v) {
    const Lit positive = 2 * v;
    model[v] = db.to_original(propagator_.value(positive) == kTrue ? positive : negate(positive));
  }
  return model;
}

}  // namespace stacksplit::apps::sat
