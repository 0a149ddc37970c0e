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
      end_(options.end),
      posts_models_(options.posts_models),
      heuristic_(options.heuristic, options.lookahead, database->num_variables()),
      turns_(options.turns) {
  levels_.reserve(static_cast<std::size_t>(database->num_variables()) + 1);
  cube_.reserve(static_cast<std::size_t>(database->num_variables()));
  if (options.cubes.shared) cubes_.emplace(options.cubes, database->num_variables());
  if (options.proof) lemmas_.emplace(ProofLink(options.proof, "dpll worker"));
}

core::Outcome DpllSpace::enter(bool propagated, std::uint64_t propagations_before) {
  // Timed only under cube-and-conquer: pure DPLL stays as it was.
  const CubeAndConquer::Clock::time_point start =
      cubes_ ? CubeAndConquer::Clock::now() : CubeAndConquer::Clock::time_point{};
  Level& level = levels_.back();
  // With one worker the search takes turns with the race at its nodes.
  if (turns_) turns_->yield(FairShare::kSearch, [this] { return end_ && end_->reached(); });
  if (lemmas_) {
    current_cube(cube_);
    lemmas_->begin_node(cube_);
  }
  if (propagated) {
    Branch branch = heuristic_.decide(propagator_, lemmas_ ? &*lemmas_ : nullptr);
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
    if (level.cut) return core::Outcome::kOpen;
  }
  if (level.status == NodeStatus::kBranch) return core::Outcome::kOpen;
  // A node at depth d is 2^-d of the binary tree of decisions; a refuted or
  // satisfied one is closed for good.
  const std::size_t depth = levels_.size() - 1;
  if (depth <= kClosedShareBits) closed_share_ += std::uint64_t{1} << (kClosedShareBits - depth);
  if (level.status == NodeStatus::kConflict) {
    refuted_here();
    return core::Outcome::kDeadEnd;
  }
  post_model();
  return core::Outcome::kSolution;
}

core::Outcome DpllSpace::enter_cut(std::size_t trail_start) {
  // Open, so that replaying a received path still works, but childless.
  levels_.push_back({trail_start, NodeStatus::kConflict, 0, true});
  ++cut_nodes_;
  node_cost_ = 0;
  node_was_cube_ = false;
  return core::Outcome::kOpen;
}

void DpllSpace::refuted_here() {
  if (!lemmas_) return;
  current_cube(cube_);
  lemmas_->proof().stream().refuted_node(cube_);
}

void DpllSpace::post_model() {
  // A cube's model was posted by its solver.
  if (!posts_models_ || !end_ || levels_.back().model_from_cdcl) return;
  end_->board().post("dpll worker", Verdict::kSatisfiable, solution());
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
    case Verdict::kSatisfiable:
      level.status = NodeStatus::kSatisfied;
      level.model_from_cdcl = true;
      break;
    case Verdict::kUnsatisfiable:
      level.status = NodeStatus::kConflict;
      break;
    case Verdict::kUnknown:
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
  if (end_ && end_->decided()) {
    // Decided before the search (by the race during the probes): nothing to search.
    return enter_cut(0);
  }
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
  if (end_ && end_->reached()) return enter_cut(propagator_.trail_size());
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

bool DpllSpace::take_shared(std::vector<std::int32_t>& words) {
  if (!end_) return false;
  const std::optional<Verdict> verdict = end_->take_announcement();
  const bool sends_clauses = cubes_ && cubes_->sends_race_clauses();
  // Asked after every quantum: nothing to say writes nothing (no allocation).
  if (!verdict && !sends_clauses) return false;
  words.push_back(static_cast<std::int32_t>(verdict.value_or(Verdict::kUnknown)));
  if (!(sends_clauses && cubes_->race_clauses_for_other_processes(words)) && !verdict) {
    words.clear();
    return false;
  }
  return true;
}

void DpllSpace::receive_shared(std::span<const std::int32_t> words) {
  if (!end_ || words.empty()) return;
  if (words[0] == static_cast<std::int32_t>(Verdict::kSatisfiable) ||
      words[0] == static_cast<std::int32_t>(Verdict::kUnsatisfiable))
    end_->heard(static_cast<Verdict>(words[0]));
  if (cubes_ && words.size() > 1) cubes_->receive_race_clauses(words.subspan(1));
}

}  // namespace stacksplit::apps::sat
