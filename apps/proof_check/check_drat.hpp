#pragma once
// Checks a DRAT proof of a formula's unsatisfiability: reads the proof step by
// step (apps/proof_check/proof_reader.hpp), checks each lemma and honours
// deletions (apps/proof_check/drat_checker.hpp). The proof is verified if every
// lemma up to the empty clause passes and the empty clause is among them, or
// if the formula itself holds the empty clause. Steps after the empty clause
// are not read.
//
// In-process use (tests, a fuzz harness):
//
//   Formula formula(2);
//   formula.add_clause({1, 2}); ...
//   std::istringstream proof("1 0\n0\n");
//   ProofCheckResult result = check_drat(formula, proof, ProofFormat::kAuto);
//   if (!result.verified) std::cout << result.failure << '\n';

#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "apps/proof_check/drat_checker.hpp"
#include "apps/proof_check/formula.hpp"
#include "apps/proof_check/proof_reader.hpp"

namespace stacksplit::apps::proof_check {

// X(name, meaning): the counters of a check, declared once; the `c` lines of
// `stacksplit check-proof` come from this table.
#define STACKSPLIT_PROOF_COUNTERS(X)                                                            \
  X(lemmas, "lemmas checked, the empty clause included")                                        \
  X(rup, "lemmas that are RUP (reverse unit propagation)")                                      \
  X(rat, "lemmas that are not RUP but RAT on their first literal")                              \
  X(tautologies, "tautological lemmas (implied by nothing, kept by no one)")                    \
  X(deletions, "deletions honoured")                                                            \
  X(ignored_unit_deletions,                                                                     \
    "deletions ignored: the clause is unit under the top-level assignment (as drat-trim does)") \
  X(missing_deletions, "deletions of clauses not in the database (a warning each)")             \
  X(dropped_deletions, "deletions not applied because of --ignore-deletions")                   \
  X(propagations, "literals propagated")                                                        \
  X(collections, "sweeps of deleted clauses out of memory")

struct ProofCounters {
#define STACKSPLIT_DECLARE_COUNTER(name, meaning) std::uint64_t name = 0;
  STACKSPLIT_PROOF_COUNTERS(STACKSPLIT_DECLARE_COUNTER)
#undef STACKSPLIT_DECLARE_COUNTER
};

struct ProofCounterInfo {
  const char* name;
  std::uint64_t ProofCounters::*member;
  const char* meaning;
};

inline constexpr ProofCounterInfo kProofCounters[] = {
#define STACKSPLIT_COUNTER_INFO(name, meaning) {#name, &ProofCounters::name, meaning},
    STACKSPLIT_PROOF_COUNTERS(STACKSPLIT_COUNTER_INFO)
#undef STACKSPLIT_COUNTER_INFO
};

struct CheckOptions {
  // Apply no deletion (every clause ever added stays): RUP gets easier, RAT
  // harder; what a proof whose deletions were dropped needs to pass.
  bool ignore_deletions = false;
  // Deleted clauses are swept once they take more room than the live ones
  // and at least this many words (DratChecker::kMinGarbage); tests set it
  // low so that the sweep runs on small proofs.
  std::uint64_t min_garbage = DratChecker::kMinGarbage;
};

// The first lemma that failed.
struct FailedLemma {
  std::uint64_t number = 0;       // among the lemmas, from 1 (deletions not counted)
  std::uint64_t position = 0;     // its line (text proof) or byte offset (binary)
  std::vector<Literal> literals;  // as written
};

struct ProofCheckResult {
  bool verified = false;
  ProofFormat format = ProofFormat::kText;  // the proof's, as read
  bool empty_clause_in_formula = false;
  ProofCounters counters;
  std::optional<FailedLemma> failed_lemma;
  // Why it is not verified, one line: the failed lemma ("PROOF: lemma 7
  // (line 9): 1 -2 0: not RUP, not RAT on its first literal 1") or the
  // missing empty clause. Empty when verified.
  std::string failure;
  // Warnings, each a line (the first few deletions of missing clauses).
  std::vector<std::string> warnings;
  double seconds = 0;  // to check, reading the proof included
};

// Checks `proof` (named `proof_name` in messages) against `formula`. A
// malformed proof is a core::InputError (apps/proof_check/proof_reader.hpp);
// a proof that fails is a result, not an error.
ProofCheckResult check_drat(const Formula& formula, std::istream& proof, ProofFormat format,
                            const CheckOptions& options = {}, std::string_view proof_name = "proof",
                            std::string read_failure = "cannot read the input");

}  // namespace stacksplit::apps::proof_check
