#pragma once
// CaDiCaL on a formula: the one wrapper every CDCL solver of a run goes
// through (the race, the portfolio's members, the cube solvers, auto's
// probes). It owns what each of them needs and none may get wrong:
//   - when to stop: a predicate CaDiCaL's terminate callback asks;
//   - what it learns: short learned clauses handed to a sink (the portfolio's
//     clause exchange), counted either way (one learned clause a conflict);
//   - what it takes in: clauses of other members, between solve calls, each
//     recorded in its proof stream as an import;
//   - its model, copied once by the thread that ran the solve call: CaDiCaL's
//     val() completes the model lazily (it extends it over eliminated
//     variables) and may not be called from several threads;
//   - its proof: a stream of the run's DRAT proof (proof/proof_writer.hpp),
//     flushed before solve() returns, so that what its thread writes next
//     (a refuted cube's clause) comes after CaDiCaL's lemmas.
// Only the variables that occur in some clause exist for CaDiCaL: a header
// may declare millions more, which must cost nothing.

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "apps/sat/cdcl/clause_exchange.hpp"
#include "apps/sat/cnf/cnf_formula.hpp"
#include "apps/sat/cnf/verdict.hpp"
#include "apps/sat/proof/proof_writer.hpp"

namespace stacksplit::apps::sat {

// How a CaDiCaL differs from its defaults.
struct CdclSettings {
  std::string_view configuration;  // CaDiCaL's configure(): "" (default), "sat", "unsat"
  int phase = 1;                   // initial phase: 1 true, 0 false
  int seed = 0;
  // CaDiCaL's walkreleff, its local search's effort relative to the
  // search's, per mille; 0 leaves its default (20).
  int walk_per_mille = 0;
  std::string describe() const;
};

class CdclEngine {
 public:
  // Loads `formula`; `proof` (may be empty) gives it a stream of the proof.
  CdclEngine(const CnfFormula& formula, const CdclSettings& settings = {}, ProofLink proof = {});
  CdclEngine(const CdclEngine&) = delete;
  CdclEngine& operator=(const CdclEngine&) = delete;
  ~CdclEngine();

  // Asked every few decisions while solving: true stops the call.
  void stop_when(std::function<bool()> stop) { stop_ = std::move(stop); }
  // Learned clauses of at most `longest` literals go to `sink` as they are
  // learned (in the solving thread). The empty clause is not offered: the
  // verdict says it.
  void export_to(std::function<void(std::span<const Literal>)> sink, std::uint32_t longest) {
    export_ = std::move(sink);
    longest_export_ = longest;
  }

  // Decides the formula under `assumptions` (DIMACS literals); with a
  // conflict limit ≥ 0 gives up (kUnknown) after that many conflicts, as it
  // does when stopped.
  Verdict solve(std::span<const Literal> assumptions = {}, int conflict_limit = -1);

  // A clause another member derived, added before the next solve call.
  void import(std::span<const Literal> clause);
  // Adds the clauses waiting in `exchange` but those over a variable marked
  // in `eliminated` (see eliminated_variables()), tells the exchange how many
  // it took, and clears them.
  struct Imported {
    std::uint64_t added = 0;
    std::uint64_t over_eliminated = 0;
  };
  Imported import_pending(ClauseExchange& exchange, const std::vector<bool>& eliminated);
  // Marks, by variable, those CaDiCaL eliminated (as of the last solve
  // call): a clause over one of them, added from outside, would make it
  // restore every clause it eliminated with it.
  void eliminated_variables(std::vector<bool>& eliminated);

  // After kSatisfiable: the model over the variables that occur in some
  // clause, and one variable's value as a DIMACS literal (0 for a variable
  // in no clause).
  const Model& model() const { return model_; }
  Literal value(std::int32_t var) const;

  // Conflicts so far, over every call (read by the solving thread, or by
  // another between calls; conflicts_seen() may be read at any time).
  std::uint64_t conflicts() const;
  std::uint64_t conflicts_seen() const;

  const CdclSettings& settings() const { return settings_; }

 private:
  struct Callbacks;  // CaDiCaL's terminator and learner, at a fixed address
  void copy_model();

  CdclSettings settings_;
  ProofLink proof_;  // before the solver: it outlives CaDiCaL's last flush
  std::unique_ptr<Callbacks> callbacks_;
  std::function<bool()> stop_;
  std::function<void(std::span<const Literal>)> export_;
  std::uint32_t longest_export_ = 0;
  std::vector<std::int32_t> occurring_;
  Model model_;
  std::vector<Literal> by_variable_;  // the model, indexed by variable
};

}  // namespace stacksplit::apps::sat
