// Hand-made formulas and proofs whose verdicts are known by an argument
// written beside each: every lemma needed, a flipped literal refused, RAT on
// the first literal only, deletions honoured or (unit clauses) ignored.

#include "apps/proof_check/drat_checker.hpp"

#include <gtest/gtest.h>

#include "apps/proof_check/check_drat.hpp"
#include "tests/apps/proof_check/proof_check_test_support.hpp"

namespace stacksplit::apps::proof_check {
namespace {

using testing::check_text;
using testing::Step;
using testing::to_text;

// 1 is forced by (1 2)(1 -2); given 1, 3 is forced by (-1 3 4)(-1 3 -4);
// given 1 and 3, 5 by (-1 -3 5 6)(-1 -3 5 -6); given all three,
// (-1 -3 -5 7)(-1 -3 -5 -7) conflict. Proof: 1, 3, 5, the empty clause; each
// lemma is RUP by the two clauses that force it, and only once the lemmas
// before it are there.
Formula chain() {
  Formula f(7);
  f.add_clause({1, 2});
  f.add_clause({1, -2});
  f.add_clause({-1, 3, 4});
  f.add_clause({-1, 3, -4});
  f.add_clause({-1, -3, 5, 6});
  f.add_clause({-1, -3, 5, -6});
  f.add_clause({-1, -3, -5, 7});
  f.add_clause({-1, -3, -5, -7});
  return f;
}
// (1 2)(1 -2)(-1 2)(-1 -2): "1" is RUP, and then the empty clause.
Formula both_values_refuted() {
  Formula f(2);
  f.add_clause({1, 2});
  f.add_clause({1, -2});
  f.add_clause({-1, 2});
  f.add_clause({-1, -2});
  return f;
}

const std::vector<Step> kChainProof = {{false, {1}}, {false, {3}}, {false, {5}}, {false, {}}};

TEST(ProofCheckDrat, AcceptsAProofWhereEveryLemmaIsRup) {
  const ProofCheckResult result = check_text(chain(), to_text(kChainProof));
  EXPECT_TRUE(result.verified) << result.failure;
  EXPECT_EQ(result.counters.lemmas, 4u);
  EXPECT_EQ(result.counters.rup, 4u);
  EXPECT_EQ(result.counters.rat, 0u);
  EXPECT_TRUE(result.failure.empty());
}

TEST(ProofCheckDrat, RefusesTheProofWithAnyLemmaRemoved) {
  // Whichever is removed, the empty clause fails: without 1, 3 or 5 the
  // clauses left by the units before it are all binary or longer. (3 without
  // 1, and 5 without 3, are RAT, not RUP: every resolvent on them holds the
  // negation of the two literals that force them, and asserting it meets
  // their forcing pair. So it is the empty clause, lemma 3, that fails.)
  const std::uint64_t first_failing[] = {3, 3, 3};
  for (std::size_t removed = 0; removed < 3; ++removed) {
    std::vector<Step> proof = kChainProof;
    proof.erase(proof.begin() + static_cast<std::ptrdiff_t>(removed));
    const ProofCheckResult result = check_text(chain(), to_text(proof));
    EXPECT_FALSE(result.verified) << "lemma " << removed + 1 << " removed";
    ASSERT_TRUE(result.failed_lemma.has_value()) << result.failure;
    EXPECT_EQ(result.failed_lemma->number, first_failing[removed]) << result.failure;
  }
}

TEST(ProofCheckDrat, RefusesAFlippedLemma) {
  // -1: asserting 1 leaves clauses of two free literals, no unit; the
  // resolvents on 1 ((-1 2) with (1 -2), (-1 -2) with (1 2)) leave the same:
  // neither RUP nor RAT. -3 likewise given 1. (Flipping 5, the last unit, is no
  // fault: given 1 and 3 both values of 5 conflict.)
  for (std::size_t flipped = 0; flipped < 2; ++flipped) {
    std::vector<Step> proof = kChainProof;
    proof[flipped].literals[0] = -proof[flipped].literals[0];
    const ProofCheckResult result = check_text(chain(), to_text(proof));
    EXPECT_FALSE(result.verified);
    ASSERT_TRUE(result.failed_lemma.has_value());
    EXPECT_EQ(result.failed_lemma->number, flipped + 1);
    EXPECT_EQ(result.failure, "proof.drat: lemma " + std::to_string(flipped + 1) + " (line " +
                                  std::to_string(flipped + 1) +
                                  "): " + std::to_string(proof[flipped].literals[0]) +
                                  " 0: not RUP, not RAT on its first literal " +
                                  std::to_string(proof[flipped].literals[0]));
  }
}

TEST(ProofCheckDrat, RefusesAProofWithoutTheEmptyClause) {
  std::vector<Step> proof = kChainProof;
  proof.pop_back();
  const ProofCheckResult result = check_text(chain(), to_text(proof));
  EXPECT_FALSE(result.verified);
  EXPECT_FALSE(result.failed_lemma.has_value());
  EXPECT_EQ(result.failure,
            "proof.drat: the proof ends without the empty clause (3 lemmas checked)");
}

TEST(ProofCheckDrat, AcceptsTheEmptyClauseInTheFormulaWithAnEmptyProof) {
  Formula f(1);
  f.add_clause({1});
  f.add_clause(std::span<const Literal>());
  const ProofCheckResult result = check_text(f, "");
  EXPECT_TRUE(result.verified);
  EXPECT_TRUE(result.empty_clause_in_formula);
}

TEST(ProofCheckDrat, AnEmptyClauseThatIsNotRupIsRefused) {
  // (1 2) alone propagates nothing.
  Formula f(2);
  f.add_clause({1, 2});
  const ProofCheckResult result = check_text(f, "0\n");
  EXPECT_FALSE(result.verified);
  EXPECT_EQ(result.failure, "proof.drat: lemma 1 (line 1): 0: the empty clause is not RUP");
}

TEST(ProofCheckDrat, RatIsCheckedOnTheFirstLiteralOnly) {
  // F = (1 2)(-2 3). The lemma (-1 3): asserting 1 and -3 gives -2 and no
  // conflict: not RUP. On -1, the clause with 1 is (1 2), resolvent (3 2):
  // asserting -3 and -2 gives 1, no conflict: not RAT. On 3 no clause holds
  // -3: RAT with nothing to check. So "3 -1" passes and "-1 3" fails.
  Formula f(3);
  f.add_clause({1, 2});
  f.add_clause({-2, 3});
  EXPECT_TRUE(check_text(f, "-1 3 0\n").failed_lemma.has_value());
  const ProofCheckResult result = check_text(f, "3 -1 0\n");
  EXPECT_FALSE(result.failed_lemma.has_value()) << result.failure;
  EXPECT_EQ(result.counters.rat, 1u);
  EXPECT_EQ(result.counters.rup, 0u);
}

TEST(ProofCheckDrat, RatResolventsThatAreTautologiesPass) {
  // F = (1 2)(-2 3). Lemma (-1 -2): asserting 1 and 2 gives 3, no conflict:
  // not RUP. On -1 the one clause with 1 is (1 2): the resolvent (-2 2) is a
  // tautology: RAT.
  Formula f(3);
  f.add_clause({1, 2});
  f.add_clause({-2, 3});
  const ProofCheckResult result = check_text(f, "-1 -2 0\n");
  EXPECT_FALSE(result.failed_lemma.has_value()) << result.failure;
  EXPECT_EQ(result.counters.rat, 1u);
}

TEST(ProofCheckDrat, ExtensionVariablesDefinedByRatThenUsed) {
  // F = (1 2) and a definition of 9 <-> (1 and 2), a variable the formula
  // does not have: (-9 1) and (-9 2) are RAT on -9 (no clause holds 9),
  // (9 -1 -2) on 9 (its resolvents with both are tautologies), and none is
  // RUP (asserting its negation meets no clause that becomes empty). Then
  // (2 -9) is RUP by the clause (-9 2).
  Formula f(2);
  f.add_clause({1, 2});
  const ProofCheckResult result = check_text(f, "-9 1 0\n-9 2 0\n9 -1 -2 0\n2 -9 0\n");
  EXPECT_FALSE(result.failed_lemma.has_value()) << result.failure;
  EXPECT_EQ(result.counters.rat, 3u);
  EXPECT_EQ(result.counters.rup, 1u);
}

TEST(ProofCheckDrat, HonoursDeletions) {
  // The four clauses over 1 and 2: "1" is RUP with them all; with (1 2)
  // deleted, asserting -1 gives -2 and nothing conflicts, and on 1 the
  // resolvent (1 2) of (-1 2) is not RUP either.
  const Formula f = both_values_refuted();
  EXPECT_TRUE(check_text(f, "1 0\n0\n").verified);
  const ProofCheckResult result = check_text(f, "d 2 1 0\n1 0\n0\n");
  EXPECT_FALSE(result.verified);
  EXPECT_EQ(result.counters.deletions, 1u);
  ASSERT_TRUE(result.failed_lemma.has_value());
  EXPECT_EQ(result.failed_lemma->number, 1u);
  EXPECT_EQ(result.failed_lemma->position, 2u);
  // Dropped deletions leave the proof valid.
  CheckOptions keep;
  keep.ignore_deletions = true;
  const ProofCheckResult kept = check_text(f, "d 2 1 0\n1 0\n0\n", keep);
  EXPECT_TRUE(kept.verified) << kept.failure;
  EXPECT_EQ(kept.counters.dropped_deletions, 1u);
  EXPECT_EQ(kept.counters.deletions, 0u);
}

TEST(ProofCheckDrat, IgnoresDeletionsOfClausesUnitAtTheTopLevel) {
  // F = (-5)(1 5)(-1 2 3)(-1 2 -3)(-1 -2 4)(-1 -2 -4). At the
  // top level -5, then 1 by (1 5). Deleting the unit (-5) and the reason
  // (1 5) is ignored, so "2" stays RUP (asserting -2 with 1 gives 3 and -3)
  // and the empty clause too. Were they deleted, nothing would be assigned
  // and "2" would not be RUP.
  Formula f(5);
  f.add_clause({-5});
  f.add_clause({1, 5});
  f.add_clause({-1, 2, 3});
  f.add_clause({-1, 2, -3});
  f.add_clause({-1, -2, 4});
  f.add_clause({-1, -2, -4});
  const ProofCheckResult result = check_text(f, "d -5 0\nd 5 1 0\n2 0\n0\n");
  EXPECT_TRUE(result.verified) << result.failure;
  EXPECT_EQ(result.counters.ignored_unit_deletions, 2u);
  EXPECT_EQ(result.counters.deletions, 0u);
}

TEST(ProofCheckDrat, AMissingDeletionIsAWarningNotAnError) {
  const Formula f = both_values_refuted();
  const ProofCheckResult result = check_text(f, "d 1 0\nd 1 2 -2 0\nd 2 -1 1 0\n1 0\n0\n");
  EXPECT_TRUE(result.verified) << result.failure;
  // "d 1 2 -2" is a tautology (never kept); "d 2 -1 1" too.
  EXPECT_EQ(result.counters.missing_deletions, 1u);
  EXPECT_EQ(result.counters.deletions, 2u);
  ASSERT_EQ(result.warnings.size(), 1u);
  EXPECT_EQ(result.warnings[0], "proof.drat: line 1: deleted clause 1 0 is not in the database");
}

TEST(ProofCheckDrat, DeletesOneCopyOfAClauseGivenTwice) {
  // (1 2) twice; deleting it once leaves the other, so "1" stays RUP.
  Formula f(2);
  f.add_clause({1, 2});
  f.add_clause({2, 1});
  f.add_clause({1, -2});
  f.add_clause({-1, 2});
  f.add_clause({-1, -2});
  EXPECT_TRUE(check_text(f, "d 1 2 0\n1 0\n0\n").verified);
  EXPECT_FALSE(check_text(f, "d 1 2 0\nd 2 1 0\n1 0\n0\n").verified);
}

TEST(ProofCheckDrat, DuplicateLiteralsAndTautologiesAreFine) {
  const Formula f = both_values_refuted();
  const ProofCheckResult result = check_text(f, "2 -2 0\n1 1 1 0\n0\n");
  EXPECT_TRUE(result.verified) << result.failure;
  EXPECT_EQ(result.counters.tautologies, 1u);
  EXPECT_EQ(result.counters.rup, 2u);
}

TEST(ProofCheckDrat, StepsAfterTheEmptyClauseAreNotRead) {
  Formula f(1);
  f.add_clause({1});
  f.add_clause({-1});
  // The formula is refuted by propagation: the empty clause is RUP at once.
  const ProofCheckResult result = check_text(f, "0\nthis is not read\n");
  EXPECT_TRUE(result.verified) << result.failure;
  EXPECT_EQ(result.counters.lemmas, 1u);
}

TEST(ProofCheckDrat, BinaryProofsGiveByteOffsets) {
  std::vector<Step> proof = kChainProof;
  proof[1].literals[0] = -3;  // the second step starts at byte 3 ('a', 0x02, 0x00)
  std::istringstream in(testing::to_binary(proof));
  const ProofCheckResult result = check_drat(chain(), in, ProofFormat::kAuto, {}, "p.drat");
  EXPECT_EQ(result.format, ProofFormat::kBinary);
  EXPECT_EQ(result.failure,
            "p.drat: lemma 2 (byte 3): -3 0: not RUP, not RAT on its first literal -3");
}

// The checker's own calls, past what a proof file can say.
TEST(ProofCheckDrat, CheckerVerdictsOneByOne) {
  DratChecker checker(2);
  checker.add_formula_clause(std::vector<Literal>{1, 2});
  checker.add_formula_clause(std::vector<Literal>{-1, 2});
  EXPECT_EQ(checker.add_lemma(std::vector<Literal>{2}), DratChecker::Verdict::kRup);
  EXPECT_EQ(checker.add_lemma(std::vector<Literal>{-2}), DratChecker::Verdict::kFailed);
  EXPECT_EQ(checker.delete_clause(std::vector<Literal>{2}), DratChecker::Deletion::kIgnoredUnit);
  // (1 2): 2 true, 1 unassigned: not unit, deleted.
  EXPECT_EQ(checker.delete_clause(std::vector<Literal>{2, 1}), DratChecker::Deletion::kDeleted);
  EXPECT_EQ(checker.delete_clause(std::vector<Literal>{1, 2}), DratChecker::Deletion::kMissing);
  EXPECT_FALSE(checker.inconsistent());
  EXPECT_EQ(checker.add_lemma(std::vector<Literal>{}), DratChecker::Verdict::kFailed);
}

}  // namespace
}  // namespace stacksplit::apps::proof_check
