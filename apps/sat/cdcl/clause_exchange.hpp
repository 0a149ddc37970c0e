#pragma once
// What one portfolio member shares with the others and takes from them: its
// short learned clauses, filtered, and the proof that the formula is
// unsatisfiable (the empty clause). Clause sharing between CDCL solvers as in
// the portfolio solvers Painless ("PaInleSS: a Framework for Parallel SAT
// Solving", Le Frioux, Baarir, Sopena & Kordon 2017) and Mallob ("Scalable
// SAT Solving in the Cloud", Schreiber & Sanders 2021): export short clauses,
// drop duplicates, keep within a budget, import them between solver calls.
//
// On the wire a batch is a sequence of (size, literals...) records; a record
// of size 0 is the empty clause, one of size -1 says that a member of
// another process found a model (its process has it). CaDiCaL 1.5's learner
// interface tells a clause's size but not its LBD, so length stands in for
// it (a clause of size k has LBD at most k).

#include <cstdint>
#include <span>
#include <unordered_set>
#include <vector>

#include "apps/sat/cnf/cnf_formula.hpp"
#include "apps/sat/tuning.hpp"

namespace stacksplit::apps::sat {

struct ShareOptions {
  std::uint32_t max_size = kShareMaxSize;  // longest clause exported (units and binaries always)
  // Literals one member may export per second of its own search; clauses of
  // size 1 and 2 do not count against it.
  double literals_per_second = kShareLiteralsPerSecond;
};

// The counters a member keeps, in the summary and the run record.
#define STACKSPLIT_SAT_SHARE_COUNTERS(X)                                        \
  X(exported, "learned clauses sent to the other members")                      \
  X(received, "clauses received from the other members")                        \
  X(imported, "received clauses added to this member's solver (new, in range)") \
  X(dropped_duplicates, "learned or received clauses dropped as seen before")   \
  X(dropped_budget, "learned clauses not sent: over the budget")

struct ShareStatistics {
#define STACKSPLIT_DECLARE_COUNTER(name, meaning) std::uint64_t name = 0;
  STACKSPLIT_SAT_SHARE_COUNTERS(STACKSPLIT_DECLARE_COUNTER)
#undef STACKSPLIT_DECLARE_COUNTER
};

class ClauseExchange {
 public:
  ClauseExchange(const ShareOptions& options, std::int32_t num_variables)
      : options_(options), num_variables_(num_variables) {}

  // ---- Export ----
  // A clause the solver learned (any order of literals); kept for the next
  // batch unless too long, seen before, or over the budget. `seconds` is the
  // member's search time so far, which the budget grows with.
  void offer(std::span<const Literal> clause, double seconds);
  // The member proved the formula unsatisfiable: the next batch says so.
  void offer_refutation() { refuted_ = true; }
  // A member of this process found a model: the next batch says so, so that
  // the other processes' members stop.
  void offer_model_found() { model_found_ = true; }
  // Moves what is waiting into `words`; false if nothing is.
  bool take_batch(std::vector<std::int32_t>& words);
  // The last batch taken was a verdict (a refutation, a model found), which
  // the receivers should not wait for (core/search_space.hpp,
  // shared_is_urgent).
  bool last_batch_was_verdict() const { return last_batch_was_verdict_; }

  // ---- Import ----
  // A batch from another member. Malformed records (a size past the end, a
  // literal out of range) end the batch: what came before is kept.
  void receive(std::span<const std::int32_t> words);
  // Whether some batch carried the empty clause.
  bool refutation_received() const { return refutation_received_; }
  // Whether some batch said that a model was found.
  bool model_found_received() const { return model_found_received_; }
  // Clauses received and not yet handed to the solver, as (size, literals...)
  // records; the caller adds them, says how many with added_to_solver(), and
  // calls clear_pending().
  std::span<const std::int32_t> pending() const { return pending_; }
  void clear_pending() { pending_.clear(); }
  // Counted when the solver takes them, not when they arrive: a member in one
  // solve call (member 0 on threads) never takes what waits.
  void added_to_solver(std::uint64_t clauses) { statistics_.imported += clauses; }

  const ShareStatistics& statistics() const { return statistics_; }

 private:
  // A hash of the clause's literals in sorted order: the same clause in any
  // order, from any member, hashes alike. A collision only drops a clause.
  std::uint64_t fingerprint(std::span<const Literal> clause);
  // Whether the clause is new to this member (and remembers it).
  bool first_sighting(std::span<const Literal> clause);

  ShareOptions options_;
  std::int32_t num_variables_;
  std::vector<std::int32_t> outgoing_;
  std::vector<std::int32_t> pending_;
  std::unordered_set<std::uint64_t> seen_;
  std::vector<Literal> sorted_;  // scratch for fingerprint
  double literals_spent_ = 0;
  bool refuted_ = false;
  bool refutation_sent_ = false;
  bool refutation_received_ = false;
  bool model_found_ = false;
  bool model_found_sent_ = false;
  bool model_found_received_ = false;
  bool last_batch_was_verdict_ = false;
  ShareStatistics statistics_;
};

}  // namespace stacksplit::apps::sat
