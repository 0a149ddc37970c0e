#pragma once
// A partial assignment on a trail, with unit propagation: binary clauses
// through implication lists, longer ones through two watched literals. Undoing
// to an earlier trail size is all backtracking needs: watches stay valid when
// literals are unassigned, so nothing else is restored.
//
// Each worker owns one (watch lists and the order of literals inside clauses
// change as it propagates); the clause database is shared.

#include <cassert>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "apps/sat/dpll/clause_database.hpp"

namespace stacksplit::apps::sat {

enum : std::int8_t { kFalse = -1, kFree = 0, kTrue = 1 };

class Propagator {
 public:
  explicit Propagator(std::shared_ptr<const ClauseDatabase> database);

  const ClauseDatabase& database() const { return *database_; }
  std::uint32_t num_variables() const { return database_->num_variables(); }

  std::int8_t value(Lit lit) const { return value_[lit]; }
  bool is_free(std::uint32_t var) const { return value_[2 * var] == kFree; }

  // Makes `lit` true and queues it for propagation; it must be free.
  void assign(Lit lit) {
    assert(value_[lit] == kFree);
    value_[lit] = kTrue;
    value_[negate(lit)] = kFalse;
    trail_.push_back(lit);
  }

  // Propagates every queued literal; false on a conflict (the queue is then
  // dropped, and the caller undoes).
  bool propagate();

  // Propagates the queue for a look-ahead, which is undone at once: through
  // occurrence lists, leaving the watches as they are. Returns how many
  // clauses lost a literal and kept exactly two free ones and no true one (new
  // binary clauses, the look-ahead's measure), or −1 on a conflict.
  std::int64_t propagate_lookahead();

  // Unassigns the literals after the first `size` on the trail.
  void undo_to(std::size_t size) {
    while (trail_.size() > size) {
      Lit lit = trail_.back();
      trail_.pop_back();
      value_[lit] = kFree;
      value_[negate(lit)] = kFree;
    }
    queue_head_ = size;
  }

  std::size_t trail_size() const { return trail_.size(); }
  std::span<const Lit> trail() const { return trail_; }
  std::size_t num_assigned() const { return trail_.size(); }

  // Literals taken off the queue since construction (the unit of node cost).
  std::uint64_t propagations() const { return propagations_; }
  // Clause occurrences those literals had to look at (watches, a look-ahead's
  // ternary partners and wide occurrences; binary implications, cheap, are
  // left out): the work
  // of a propagation, which differs by two orders of magnitude between a
  // random 3-SAT formula and one of long clauses (van der Waerden's).
  std::uint64_t visits() const { return visits_; }

 private:
  struct Watch {
    std::uint32_t clause;
    Lit blocker;  // another literal of the clause; if true, the clause needs no visit
  };

  // Assigns what binary clauses imply from `p`; false on a conflict.
  bool propagate_binary(Lit p);

  std::shared_ptr<const ClauseDatabase> database_;
  std::vector<std::int8_t> value_;  // per literal
  std::vector<Lit> trail_;
  std::size_t queue_head_ = 0;
  // This worker's copy of the long clauses: the two watched literals are kept
  // in the first two places.
  std::vector<Lit> literals_;
  std::vector<std::vector<Watch>> watches_;  // per literal: clauses watching it
  std::uint64_t propagations_ = 0;
  std::uint64_t visits_ = 0;
};

}  // namespace stacksplit::apps::sat
