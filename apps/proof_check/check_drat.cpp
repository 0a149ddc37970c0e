#include "apps/proof_check/check_drat.hpp"

#include <chrono>

namespace stacksplit::apps::proof_check {

namespace {

// Missing deletions beyond these are counted, not each told.
constexpr std::size_t kMaxWarnings = 5;

std::string clause_text(const std::vector<Literal>& literals) {
  std::string text;
  for (Literal literal : literals) text += std::to_string(literal) + " ";
  return text + "0";
}

std::string position_text(ProofFormat format, std::uint64_t position) {
  return (format == ProofFormat::kBinary ? "byte " : "line ") + std::to_string(position);
}

}  // namespace

ProofCheckResult check_drat(const Formula& formula, std::istream& proof, ProofFormat format,
                            const CheckOptions& options, std::string_view proof_name,
                            std::string read_failure) {
  const auto start = std::chrono::steady_clock::now();
  ProofCheckResult result;
  ProofCounters& counters = result.counters;
  DratChecker checker(formula.num_variables(), options.min_garbage);
  formula.for_each_clause(
      [&](std::span<const Literal> clause) { checker.add_formula_clause(clause); });
  ProofReader reader(proof, std::string(proof_name), format, std::move(read_failure));
  result.format = reader.format();
  result.empty_clause_in_formula = formula.has_empty_clause();
  result.verified = result.empty_clause_in_formula;

  ProofStep step;
  while (!result.verified && reader.next(step)) {
    if (step.deletion) {
      if (options.ignore_deletions) {
        ++counters.dropped_deletions;
        continue;
      }
      switch (checker.delete_clause(step.literals)) {
        case DratChecker::Deletion::kDeleted:
        case DratChecker::Deletion::kTautology:  // never kept, so gone already
          ++counters.deletions;
          break;
        case DratChecker::Deletion::kIgnoredUnit:
          ++counters.ignored_unit_deletions;
          break;
        case DratChecker::Deletion::kMissing:
          if (++counters.missing_deletions <= kMaxWarnings) {
            result.warnings.push_back(
                std::string(proof_name) + ": " + position_text(result.format, step.position) +
                ": deleted clause " + clause_text(step.literals) + " is not in the database");
          }
          break;
      }
      continue;
    }
    ++counters.lemmas;
    switch (checker.add_lemma(step.literals)) {
      case DratChecker::Verdict::kRup:
        ++counters.rup;
        break;
      case DratChecker::Verdict::kRat:
        ++counters.rat;
        break;
      case DratChecker::Verdict::kTautology:
        ++counters.tautologies;
        break;
      case DratChecker::Verdict::kFailed:
        result.failed_lemma = FailedLemma{counters.lemmas, step.position, step.literals};
        result.failure = std::string(proof_name) + ": lemma " + std::to_string(counters.lemmas) +
                         " (" + position_text(result.format, step.position) +
                         "): " + clause_text(step.literals) + ": " +
                         (step.literals.empty() ? std::string("the empty clause is not RUP")
                                                : "not RUP, not RAT on its first literal " +
                                                      std::to_string(step.literals[0]));
        break;
    }
    if (result.failed_lemma) break;
    if (step.literals.empty()) result.verified = true;
  }
  if (!result.verified && !result.failed_lemma) {
    result.failure = std::string(proof_name) + ": the proof ends without the empty clause (" +
                     std::to_string(counters.lemmas) + " lemmas checked)";
  }
  if (counters.missing_deletions > kMaxWarnings) {
    result.warnings.push_back(std::string(proof_name) + ": " +
                              std::to_string(counters.missing_deletions - kMaxWarnings) +
                              " more deletions of clauses not in the database");
  }
  counters.propagations = checker.propagations();
  counters.collections = checker.collections();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace stacksplit::apps::proof_check
