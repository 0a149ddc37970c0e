#include "apps/sat/dpll/propagator.hpp"

#include <utility>

namespace stacksplit::apps::sat {

Propagator::Propagator(std::shared_ptr<const ClauseDatabase> database)
    : database_(std::move(database)),
      value_(database_->num_literals(), kFree),
      literals_(database_->long_literals().begin(), database_->long_literals().end()),
      watches_(database_->num_literals()) {
  trail_.reserve(database_->num_variables());
  auto starts = database_->long_starts();
  for (std::uint32_t c = 0; c + 1 < starts.size(); ++c) {
    Lit a = literals_[starts[c]];
    Lit b = literals_[starts[c] + 1];
    watches_[a].push_back({c, b});
    watches_[b].push_back({c, a});
  }
}

bool Propagator::propagate_binary(Lit p) {
  for (Lit q : database_->implied_by(p)) {
    std::int8_t v = value_[q];
    if (v == kFalse) return false;
    if (v == kFree) assign(q);
  }
  return true;
}

bool Propagator::propagate() {
  const std::uint32_t* starts = database_->long_starts().data();
  while (queue_head_ < trail_.size()) {
    Lit p = trail_[queue_head_++];
    ++propagations_;
    if (!propagate_binary(p)) {
      queue_head_ = trail_.size();
      return false;
    }

    Lit falsified = negate(p);
    std::vector<Watch>& watches = watches_[falsified];
    visits_ += watches.size();
    Watch* read = watches.data();
    Watch* write = read;
    Watch* end = read + watches.size();
    while (read != end) {
      Watch w = *read++;
      if (value_[w.blocker] == kTrue) {
        *write++ = w;
        continue;
      }
      Lit* clause = literals_.data() + starts[w.clause];
      Lit* clause_end = literals_.data() + starts[w.clause + 1];
      // Keep the falsified watch in second place.
      if (clause[0] == falsified) std::swap(clause[0], clause[1]);
      Lit other = clause[0];
      if (other != w.blocker && value_[other] == kTrue) {
        *write++ = {w.clause, other};
        continue;
      }
      bool moved = false;
      for (Lit* k = clause + 2; k != clause_end; ++k) {
        if (value_[*k] != kFalse) {
          clause[1] = *k;
          *k = falsified;
          watches_[clause[1]].push_back({w.clause, other});
          moved = true;
          break;
        }
      }
      if (moved) continue;
      *write++ = w;
      if (value_[other] == kFalse) {
        while (read != end) *write++ = *read++;
        watches.resize(static_cast<std::size_t>(write - watches.data()));
        queue_head_ = trail_.size();
        return false;
      }
      if (value_[other] == kFree) assign(other);
    }
    watches.resize(static_cast<std::size_t>(write - watches.data()));
  }
  return true;
}

std::int64_t Propagator::propagate_lookahead() {
  const ClauseDatabase& db = *database_;
  std::int64_t new_binaries = 0;
  while (queue_head_ < trail_.size()) {
    Lit p = trail_[queue_head_++];
    ++propagations_;
    if (!propagate_binary(p)) {
      queue_head_ = trail_.size();
      return -1;
    }
    Lit falsified = negate(p);
    auto partners = db.ternary_partners(falsified);
    const auto wide = db.wide_occurrences(falsified);
    visits_ += partners.size() / 2 + wide.size();
    for (std::size_t i = 0; i < partners.size(); i += 2) {
      Lit a = partners[i];
      Lit b = partners[i + 1];
      std::int8_t va = value_[a];
      std::int8_t vb = value_[b];
      if (va == kTrue || vb == kTrue) continue;
      if (va == kFree && vb == kFree) {
        ++new_binaries;
      } else if (va == kFree) {
        assign(a);
      } else if (vb == kFree) {
        assign(b);
      } else {
        queue_head_ = trail_.size();
        return -1;
      }
    }
    for (std::uint32_t c : wide) {
      std::size_t free = 0;
      Lit last_free = 0;
      bool satisfied = false;
      for (Lit l : db.long_clause(c)) {
        std::int8_t v = value_[l];
        if (v == kTrue) {
          satisfied = true;
          break;
        }
        if (v == kFree) {
          ++free;
          last_free = l;
        }
      }
      if (satisfied) continue;
      if (free == 0) {
        queue_head_ = trail_.size();
        return -1;
      }
      if (free == 1) assign(last_free);
      if (free == 2) ++new_binaries;
    }
  }
  return new_binaries;
}

}  // namespace stacksplit::apps::sat
