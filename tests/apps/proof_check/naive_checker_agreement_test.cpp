// The checker against a naive one written here, simple enough to trust by
// reading: clauses in plain lists, unit propagation by sweeping every clause
// until nothing changes, RUP and RAT as their definitions say, the same rule
// for deletions (a clause unit under the top-level assignment is kept). Both
// judge many random mutations of CaDiCaL's proofs of small formulas (a lemma
// removed, a literal flipped, a literal dropped) and must agree on each: on
// the verdict and on the first lemma that fails.

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <optional>
#include <random>

#include "apps/proof_check/check_drat.hpp"
#include "apps/proof_check/formula_reader.hpp"
#include "apps/sat/cnf/cnf_generator.hpp"
#include "tests/apps/proof_check/proof_check_test_support.hpp"

namespace stacksplit::apps::proof_check {
namespace {

using testing::Step;
using Clause = std::vector<Literal>;

class NaiveChecker {
 public:
  explicit NaiveChecker(const Formula& formula) {
    formula.for_each_clause([this](std::span<const Literal> c) {
      if (auto clause = normalize(Clause(c.begin(), c.end()))) add(*clause);
    });
  }

  // Checks the lemma and adds it if it passes.
  bool add_lemma(const Clause& lemma) {
    const std::optional<Clause> clause = normalize(lemma);
    if (!clause) return true;  // a tautology
    if (inconsistent_) return true;
    if (!rup(*clause) && (clause->empty() || !rat(*clause))) return false;
    add(*clause);
    return true;
  }

  void delete_clause(const Clause& literals) {
    const std::optional<Clause> clause = normalize(literals);
    if (!clause) return;
    const auto found = std::find_if(clauses_.begin(), clauses_.end(),
                                    [&](const Clause& c) { return same_set(c, *clause); });
    if (found == clauses_.end()) return;
    if (!inconsistent_ && unit_at_top_level(*found)) return;
    clauses_.erase(found);
  }

 private:
  // Duplicates merged (first occurrences kept in order); nullopt for a tautology.
  static std::optional<Clause> normalize(const Clause& literals) {
    Clause clause;
    for (Literal l : literals) {
      if (std::find(clause.begin(), clause.end(), -l) != clause.end()) return std::nullopt;
      if (std::find(clause.begin(), clause.end(), l) == clause.end()) clause.push_back(l);
    }
    return clause;
  }

  static bool same_set(Clause a, Clause b) {
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
  }

  // The literals taken true: `assigned` grows by unit propagation over every
  // clause until nothing changes; false if some clause has every literal false.
  bool propagate(std::vector<Literal>& assigned) const {
    auto is_true = [&](Literal l) {
      return std::find(assigned.begin(), assigned.end(), l) != assigned.end();
    };
    for (bool changed = true; changed;) {
      changed = false;
      for (const Clause& clause : clauses_) {
        std::vector<Literal> open;
        bool satisfied = false;
        for (Literal l : clause) {
          if (is_true(l))
            satisfied = true;
          else if (!is_true(-l))
            open.push_back(l);
        }
        if (satisfied) continue;
        if (open.empty()) return false;
        if (open.size() == 1) {
          assigned.push_back(open[0]);
          changed = true;
        }
      }
    }
    return true;
  }

  bool rup(const Clause& clause) const {
    std::vector<Literal> assigned;
    for (Literal l : clause) assigned.push_back(-l);
    return !propagate(assigned);
  }

  bool rat(const Clause& clause) const {
    const Literal pivot = clause[0];
    for (const Clause& d : clauses_) {
      if (std::find(d.begin(), d.end(), -pivot) == d.end()) continue;
      Clause resolvent = clause;
      for (Literal l : d) {
        if (l != -pivot) resolvent.push_back(l);
      }
      const std::optional<Clause> normalized = normalize(resolvent);
      if (normalized && !rup(*normalized)) return false;
    }
    return true;
  }

  bool unit_at_top_level(const Clause& clause) const {
    std::vector<Literal> assigned;
    propagate(assigned);
    int true_literals = 0;
    for (Literal l : clause) {
      const bool t = std::find(assigned.begin(), assigned.end(), l) != assigned.end();
      const bool f = std::find(assigned.begin(), assigned.end(), -l) != assigned.end();
      if (!t && !f) return false;
      true_literals += t;
    }
    return true_literals == 1;
  }

  void add(const Clause& clause) {
    if (clause.empty()) {
      inconsistent_ = true;
      return;
    }
    clauses_.push_back(clause);
    std::vector<Literal> assigned;
    if (!propagate(assigned)) inconsistent_ = true;
  }

  std::vector<Clause> clauses_;
  bool inconsistent_ = false;
};

struct Verdict {
  bool verified = false;
  std::optional<std::uint64_t> failed_lemma;
};

Verdict naive_check(const Formula& formula, const std::vector<Step>& steps) {
  NaiveChecker checker(formula);
  Verdict verdict;
  if (formula.has_empty_clause()) verdict.verified = true;
  std::uint64_t lemmas = 0;
  for (const Step& step : steps) {
    if (verdict.verified) break;
    if (step.deletion) {
      checker.delete_clause(step.literals);
      continue;
    }
    ++lemmas;
    if (!checker.add_lemma(step.literals)) {
      verdict.failed_lemma = lemmas;
      break;
    }
    if (step.literals.empty()) verdict.verified = true;
  }
  return verdict;
}

// Random mutations: a lemma removed, a literal flipped, a literal dropped,
// each in a lemma before the empty clause.
std::vector<Step> mutate(std::vector<Step> steps, std::mt19937_64& random, std::string& what) {
  std::vector<std::size_t> lemmas;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (steps[i].deletion) continue;
    lemmas.push_back(i);
    if (steps[i].literals.empty()) break;
  }
  const int kind = static_cast<int>(random() % 3);
  if (kind == 0) {
    const std::size_t at = lemmas[random() % lemmas.size()];
    what = "lemma at step " + std::to_string(at) + " removed";
    steps.erase(steps.begin() + static_cast<std::ptrdiff_t>(at));
    return steps;
  }
  std::erase_if(lemmas, [&](std::size_t i) { return steps[i].literals.empty(); });
  const std::size_t at = lemmas[random() % lemmas.size()];
  std::vector<Literal>& literals = steps[at].literals;
  const std::size_t k = random() % literals.size();
  what = "literal " + std::to_string(k) + " of step " + std::to_string(at) +
         (kind == 1 ? " flipped" : " dropped");
  if (kind == 1) {
    literals[k] = -literals[k];
  } else {
    literals.erase(literals.begin() + static_cast<std::ptrdiff_t>(k));
  }
  return steps;
}

TEST(ProofCheckNaiveAgreement, AgreesOnRandomMutationsOfCadicalProofs) {
  ASSERT_TRUE(testing::have_program("cadical")) << testing::kNoCadical;
  std::vector<std::pair<std::string, sat::CnfFormula>> formulas = {
      {"pigeonhole-4", sat::pigeon_hole(4)},
      {"pigeonhole-5", sat::pigeon_hole(5)},
      {"vdw-3-9", sat::van_der_waerden(3, 9)},
      {"xor-chains-6", sat::xor_chains(6, false)}};
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    formulas.push_back({"random-25-" + std::to_string(seed),
                        sat::random_ksat(25, sat::clauses_for_ratio(25, 6.0), 3, seed)});
  }
  std::mt19937_64 random(20261128);
  constexpr int kMutationsPerProof = 40;
  int checked = 0;
  int rejected = 0;
  int proofs = 0;
  for (const auto& [name, cnf] : formulas) {
    ASSERT_LE(cnf.num_variables(), 40) << name << ": small formulas only";
    const std::string path = testing::write_cnf("naive-" + name + ".cnf", cnf);
    const auto proof_path = testing::cadical_proof(path, ProofFormat::kText);
    if (!proof_path) continue;  // satisfiable
    ++proofs;
    const Formula formula = read_formula(path).formula;
    const std::vector<Step> steps = testing::parse_text_steps(testing::slurp(*proof_path));
    // The proof itself first: both accept it.
    const Verdict original = naive_check(formula, steps);
    EXPECT_TRUE(original.verified) << name;
    EXPECT_TRUE(testing::check_text(formula, testing::to_text(steps)).verified) << name;
    for (int m = 0; m < kMutationsPerProof; ++m) {
      std::string what;
      const std::vector<Step> mutated = mutate(steps, random, what);
      const Verdict naive = naive_check(formula, mutated);
      // Every other one in binary, spelled by the test.
      std::istringstream in(m % 2 ? testing::to_binary(mutated) : testing::to_text(mutated));
      const ProofCheckResult real = check_drat(formula, in, ProofFormat::kAuto);
      ++checked;
      rejected += !naive.verified;
      EXPECT_EQ(real.verified, naive.verified) << name << ", " << what << ": " << real.failure;
      std::optional<std::uint64_t> real_failed;
      if (real.failed_lemma) real_failed = real.failed_lemma->number;
      EXPECT_EQ(real_failed, naive.failed_lemma) << name << ", " << what << ": " << real.failure;
    }
  }
  std::cout << "  " << proofs << " proofs, " << checked << " mutations, " << rejected
            << " rejected by both\n";
  EXPECT_GE(proofs, 7);
  // Enough mutations are refused that a checker accepting everything fails
  // here, and enough pass that one refusing everything fails too.
  EXPECT_GE(rejected, checked / 4);
  EXPECT_LE(rejected, checked - checked / 20);
}

}  // namespace
}  // namespace stacksplit::apps::proof_check
