#include "apps/sat/dpll/branching_heuristic.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace stacksplit::apps::sat {

std::string_view to_string(Heuristic heuristic) {
  return heuristic == Heuristic::kJeroslowWang ? "jw" : "lookahead";
}

Heuristic parse_heuristic(std::string_view name) {
  if (name == "jw") return Heuristic::kJeroslowWang;
  if (name == "lookahead") return Heuristic::kLookahead;
  throw std::invalid_argument("unknown heuristic '" + std::string(name) +
                              "' (expected jw or lookahead)");
}

namespace {

constexpr std::size_t kMaxWeighedSize = 32;

// Clause weights indexed by the number of free literals, capped.
struct SizeWeights {
  double jeroslow_wang[kMaxWeighedSize + 1];
  double preselection[kMaxWeighedSize + 1];
  SizeWeights() {
    for (std::size_t s = 0; s <= kMaxWeighedSize; ++s) {
      jeroslow_wang[s] = std::ldexp(1.0, -static_cast<int>(s));
      // A binary clause is about five times as constraining as a ternary one
      // (the ratio march's pre-selection uses).
      preselection[s] = std::pow(5.0, 3.0 - static_cast<double>(s));
    }
  }
};

const SizeWeights kSizeWeights;

}  // namespace

BranchingHeuristic::BranchingHeuristic(Heuristic kind, const LookaheadOptions& options,
                                       std::uint32_t num_variables)
    : kind_(kind),
      options_(options),
      weight_(2 * static_cast<std::size_t>(num_variables), 0.0),
      rank_(num_variables, 0.0),
      stamp_(2 * static_cast<std::size_t>(num_variables), 0) {
  candidates_.reserve(num_variables);
  necessary_.reserve(num_variables);
}

Branch BranchingHeuristic::decide(Propagator& propagator, NodeLemmas* lemmas) {
  // Jeroslow-Wang forces nothing: its leaves are refuted by propagation.
  return kind_ == Heuristic::kJeroslowWang ? jeroslow_wang(propagator)
                                           : lookahead(propagator, lemmas);
}

std::size_t BranchingHeuristic::weigh_clauses(const Propagator& propagator,
                                              const double* size_weight) {
  std::fill(weight_.begin(), weight_.end(), 0.0);
  const ClauseDatabase& db = propagator.database();
  std::size_t unsatisfied = 0;
  auto pairs = db.binary_pairs();
  for (std::size_t i = 0; i < pairs.size(); i += 2) {
    Lit a = pairs[i];
    Lit b = pairs[i + 1];
    // After propagation a binary clause is satisfied or has both literals free.
    if (propagator.value(a) == kTrue || propagator.value(b) == kTrue) continue;
    ++unsatisfied;
    weight_[a] += size_weight[2];
    weight_[b] += size_weight[2];
  }
  auto literals = db.long_literals();
  auto starts = db.long_starts();
  for (std::size_t c = 0; c + 1 < starts.size(); ++c) {
    const Lit* begin = literals.data() + starts[c];
    const Lit* end = literals.data() + starts[c + 1];
    std::size_t free = 0;
    bool satisfied = false;
    for (const Lit* l = begin; l != end; ++l) {
      std::int8_t v = propagator.value(*l);
      if (v == kTrue) {
        satisfied = true;
        break;
      }
      free += v == kFree;
    }
    if (satisfied) continue;
    ++unsatisfied;
    double w = size_weight[std::min(free, kMaxWeighedSize)];
    for (const Lit* l = begin; l != end; ++l) {
      if (propagator.value(*l) == kFree) weight_[*l] += w;
    }
  }
  return unsatisfied;
}

Branch BranchingHeuristic::jeroslow_wang(Propagator& propagator) {
  if (weigh_clauses(propagator, kSizeWeights.jeroslow_wang) == 0) {
    return {NodeStatus::kSatisfied, 0};
  }
  double best = -1;
  Lit first = 0;
  for (std::uint32_t v = 0; v < propagator.num_variables(); ++v) {
    double positive = weight_[2 * v];
    double negative = weight_[2 * v + 1];
    double total = positive + negative;
    if (total > 0 && total > best) {
      best = total;
      first = positive >= negative ? 2 * v : 2 * v + 1;
    }
  }
  return {NodeStatus::kBranch, first};
}

void BranchingHeuristic::preselect(const Propagator& propagator) {
  candidates_.clear();
  for (std::uint32_t v = 0; v < propagator.num_variables(); ++v) {
    double p = weight_[2 * v];
    double n = weight_[2 * v + 1];
    if (p + n > 0) {
      candidates_.push_back(v);
      // How much both literals would shrink the formula.
      rank_[v] = p * n * 1024 + p + n;
    }
  }
  // At least one: a node with clauses left but no candidate would never branch.
  std::size_t wanted = std::max<std::size_t>(
      {1, options_.min_candidates, candidates_.size() * options_.candidate_percent / 100});
  if (candidates_.size() <= wanted) return;
  // Highest rank first; ties go to the lower index.
  auto better = [this](std::uint32_t a, std::uint32_t b) {
    return rank_[a] != rank_[b] ? rank_[a] > rank_[b] : a < b;
  };
  std::nth_element(candidates_.begin(), candidates_.begin() + static_cast<std::ptrdiff_t>(wanted),
                   candidates_.end(), better);
  candidates_.resize(wanted);
  std::sort(candidates_.begin(), candidates_.end());
}

double BranchingHeuristic::look(Propagator& propagator, Lit lit, bool collect_implied) {
  ++statistics_.lookaheads;
  std::size_t mark = propagator.trail_size();
  propagator.assign(lit);
  std::int64_t new_binaries = propagator.propagate_lookahead();
  if (new_binaries >= 0 && options_.necessary_assignments) {
    auto trail = propagator.trail();
    for (std::size_t i = mark; i < trail.size(); ++i) {
      Lit implied = trail[i];
      if (collect_implied) {
        stamp_[implied] = stamp_now_;
      } else if (stamp_[implied] == stamp_now_) {
        necessary_.push_back(implied);
      }
    }
  }
  propagator.undo_to(mark);
  return static_cast<double>(new_binaries);
}

bool BranchingHeuristic::force(Propagator& propagator, Lit lit) {
  if (propagator.value(lit) == kTrue) return true;
  if (propagator.value(lit) == kFalse) return false;
  propagator.assign(lit);
  return propagator.propagate();
}

bool BranchingHeuristic::any_unsatisfied(const Propagator& propagator) const {
  const ClauseDatabase& db = propagator.database();
  auto pairs = db.binary_pairs();
  for (std::size_t i = 0; i < pairs.size(); i += 2) {
    if (propagator.value(pairs[i]) != kTrue && propagator.value(pairs[i + 1]) != kTrue) return true;
  }
  auto literals = db.long_literals();
  auto starts = db.long_starts();
  for (std::size_t c = 0; c + 1 < starts.size(); ++c) {
    bool satisfied = false;
    for (std::uint32_t i = starts[c]; i < starts[c + 1] && !satisfied; ++i) {
      satisfied = propagator.value(literals[i]) == kTrue;
    }
    if (!satisfied) return true;
  }
  return false;
}

Branch BranchingHeuristic::lookahead(Propagator& propagator, NodeLemmas* lemmas) {
  for (std::uint32_t round = 0;; ++round) {
    // Candidates are chosen once per node; later rounds (after failed
    // literals) look at those still free, and choose again only if none is.
    bool some_candidate_free = false;
    for (std::uint32_t v : candidates_) some_candidate_free |= propagator.is_free(v);
    if (round == 0 || !some_candidate_free) {
      if (weigh_clauses(propagator, kSizeWeights.preselection) == 0) {
        return {NodeStatus::kSatisfied, 0};
      }
      preselect(propagator);
    } else if (!any_unsatisfied(propagator)) {
      return {NodeStatus::kSatisfied, 0};
    }
    bool forced = false;
    double best = -1;
    Lit first = 0;
    bool interrupted = false;
    for (std::uint32_t v : candidates_) {
      if (!propagator.is_free(v)) continue;
      if (interrupt_ && interrupt_()) {
        interrupted = true;
        if (best < 0 || !propagator.is_free(var_of(first))) return {NodeStatus::kBranch, 2 * v};
        break;
      }
      Lit positive = 2 * v;
      Lit negative = 2 * v + 1;
      ++stamp_now_;
      necessary_.clear();
      double d_positive = look(propagator, positive, options_.necessary_assignments);
      if (d_positive < 0) {
        ++statistics_.failed_literals;
        forced = true;
        if (lemmas) lemmas->add(propagator.database(), {negative});
        if (!force(propagator, negative)) return {NodeStatus::kConflict, 0};
        continue;
      }
      double d_negative = look(propagator, negative, false);
      if (d_negative < 0) {
        ++statistics_.failed_literals;
        forced = true;
        if (lemmas) lemmas->add(propagator.database(), {positive});
        if (!force(propagator, positive)) return {NodeStatus::kConflict, 0};
        continue;
      }
      if (options_.necessary_assignments && !necessary_.empty()) {
        statistics_.necessary_assignments += necessary_.size();
        forced = true;
        if (lemmas) {
          // Both implications first, while the node is as the looks saw it.
          for (Lit lit : necessary_) {
            lemmas->add(propagator.database(), {negative, lit});
            lemmas->add(propagator.database(), {positive, lit});
            lemmas->add(propagator.database(), {lit});
          }
        }
        for (Lit lit : necessary_) {
          if (!force(propagator, lit)) return {NodeStatus::kConflict, 0};
        }
      }
      double score = d_positive * d_negative * 1024 + d_positive + d_negative;
      if (score > best) {
        best = score;
        bool positive_first =
            options_.fewer_reductions_first ? d_positive <= d_negative : d_positive >= d_negative;
        first = positive_first ? positive : negative;
      }
    }
    bool chosen_free = best >= 0 && propagator.is_free(var_of(first));
    if (chosen_free && (!forced || interrupted || round + 1 >= options_.max_rounds)) {
      // Forced literals may have satisfied the last clauses.
      if (forced && !any_unsatisfied(propagator)) return {NodeStatus::kSatisfied, 0};
      return {NodeStatus::kBranch, first};
    }
  }
}

}  // namespace stacksplit::apps::sat
