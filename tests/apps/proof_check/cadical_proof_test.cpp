// CaDiCaL's own proofs (the `cadical` program, binary and text) of a corpus of
// unsatisfiable formulas: the checker accepts every one, also with every
// deletion dropped, and refuses each without its empty clause. The corpus:
// the examples, and generated pigeon-hole, random 3-SAT, parity-chain,
// counter and van der Waerden formulas that CaDiCaL refutes in well under a
// second.

#include <gtest/gtest.h>

#include <fstream>
#include <iostream>

#include "apps/input/compressed_input.hpp"
#include "apps/proof_check/check_drat.hpp"
#include "apps/proof_check/formula_reader.hpp"
#include "apps/sat/cnf/cnf_generator.hpp"
#include "tests/apps/proof_check/proof_check_test_support.hpp"

namespace stacksplit::apps::proof_check {
namespace {

using testing::Step;

struct Case {
  std::string name;
  std::string path;
};

// The corpus, written once per test process.
const std::vector<Case>& corpus() {
  static const std::vector<Case> cases = [] {
    std::vector<Case> list = {{"pigeonhole-7", testing::example("pigeonhole-7.cnf")},
                              {"uf200-unsat", testing::example("uf200-unsat-example.cnf")}};
    auto add = [&](const std::string& name, const sat::CnfFormula& formula) {
      list.push_back({name, testing::write_cnf("corpus-" + name + ".cnf", formula)});
    };
    for (int holes : {4, 5, 6}) add("pigeonhole-" + std::to_string(holes), sat::pigeon_hole(holes));
    // Random 3-SAT at 5 clauses per variable is unsatisfiable nearly always;
    // a satisfiable draw is left out below (CaDiCaL decides).
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      add("random-60-" + std::to_string(seed),
          sat::random_ksat(60, sat::clauses_for_ratio(60, 5.0), 3, seed));
    }
    add("random-120", sat::random_ksat(120, sat::clauses_for_ratio(120, 4.6), 3, 7));
    add("xor-chains-12", sat::xor_chains(12, false));
    add("counter-4-6", sat::counter_bmc(4, 6, 9));
    add("vdw-3-9", sat::van_der_waerden(3, 9));
    add("vdw-4-35", sat::van_der_waerden(4, 35));
    return list;
  }();
  return cases;
}

struct Proofs {
  Formula formula;
  std::string binary;  // paths
  std::string text;
};

// CaDiCaL's proofs of each formula of the corpus it refutes.
const std::vector<std::pair<Case, Proofs>>& proofs() {
  static const std::vector<std::pair<Case, Proofs>> all = [] {
    std::vector<std::pair<Case, Proofs>> list;
    for (const Case& c : corpus()) {
      const auto binary = testing::cadical_proof(c.path, ProofFormat::kBinary);
      const auto text = testing::cadical_proof(c.path, ProofFormat::kText);
      if (!binary || !text) continue;  // satisfiable (or CaDiCaL missing: checked below)
      list.push_back({c, {read_formula(c.path).formula, *binary, *text}});
    }
    return list;
  }();
  return all;
}

ProofCheckResult check_file(const Formula& formula, const std::string& path,
                            const CheckOptions& options = {}) {
  input::CompressedInput proof(path);
  return check_drat(formula, proof.stream(), ProofFormat::kAuto, options, proof.name(),
                    proof.read_failure());
}

TEST(ProofCheckCadical, TheCorpusIsThere) {
  ASSERT_TRUE(testing::have_program("cadical")) << testing::kNoCadical;
  // All but perhaps a random draw or two are refuted.
  EXPECT_GE(proofs().size(), corpus().size() - 2);
}

TEST(ProofCheckCadical, AcceptsEveryBinaryAndTextProof) {
  std::uint64_t rat = 0;
  std::uint64_t lemmas = 0;
  std::uint64_t collections = 0;
  for (const auto& [c, p] : proofs()) {
    const ProofCheckResult binary = check_file(p.formula, p.binary);
    EXPECT_TRUE(binary.verified) << c.name << ": " << binary.failure;
    EXPECT_EQ(binary.format, ProofFormat::kBinary) << c.name;
    // The text proof with deleted clauses swept from memory as soon as they
    // outweigh the live ones.
    CheckOptions sweep;
    sweep.min_garbage = 0;
    const ProofCheckResult text = check_file(p.formula, p.text, sweep);
    EXPECT_TRUE(text.verified) << c.name << ": " << text.failure;
    collections += text.counters.collections;
    EXPECT_EQ(text.format, ProofFormat::kText) << c.name;
    rat += binary.counters.rat;
    lemmas += binary.counters.lemmas;
    std::cout << "  " << c.name << ": " << binary.counters.lemmas << " lemmas, "
              << binary.counters.rat << " RAT, " << binary.counters.deletions << " deletions, "
              << binary.counters.ignored_unit_deletions << " unit deletions ignored\n";
  }
  std::cout << "  corpus: " << lemmas << " lemmas, " << rat << " of them RAT\n";
  EXPECT_GT(lemmas, 10000u);
  EXPECT_GT(collections, 10u);
}

// A proof whose deletions are dropped keeps every RUP lemma RUP (more clauses
// only propagate more); CaDiCaL's proofs here have no RAT lemma, so they must
// pass. What the merged multi-solver proofs rely on.
TEST(ProofCheckCadical, AcceptsEveryProofWithItsDeletionsDropped) {
  CheckOptions keep;
  keep.ignore_deletions = true;
  for (const auto& [c, p] : proofs()) {
    const ProofCheckResult result = check_file(p.formula, p.binary, keep);
    EXPECT_TRUE(result.verified) << c.name << ": " << result.failure;
    EXPECT_EQ(result.counters.deletions, 0u);
    EXPECT_GT(result.counters.dropped_deletions, 0u) << c.name;
  }
}

TEST(ProofCheckCadical, RefusesEveryProofWithoutItsEmptyClause) {
  for (const auto& [c, p] : proofs()) {
    std::vector<Step> steps = testing::parse_text_steps(testing::slurp(p.text));
    const auto before = steps.size();
    std::erase_if(steps, [](const Step& s) { return !s.deletion && s.literals.empty(); });
    ASSERT_EQ(steps.size() + 1, before) << c.name << ": one empty clause";
    const ProofCheckResult result = testing::check_text(p.formula, testing::to_text(steps));
    EXPECT_FALSE(result.verified) << c.name;
    EXPECT_NE(result.failure.find("ends without the empty clause"), std::string::npos)
        << c.name << ": " << result.failure;
  }
}

// The text and binary proofs are the same steps: the reader reads both alike.
TEST(ProofCheckCadical, BinaryAndTextProofsReadAlike) {
  for (const auto& [c, p] : proofs()) {
    const std::vector<Step> steps = testing::parse_text_steps(testing::slurp(p.text));
    std::istringstream binary(testing::to_binary(steps));
    const ProofCheckResult result = check_drat(p.formula, binary, ProofFormat::kAuto);
    const ProofCheckResult text = check_file(p.formula, p.text);
    EXPECT_TRUE(result.verified) << c.name;
    EXPECT_EQ(result.counters.lemmas, text.counters.lemmas) << c.name;
    EXPECT_EQ(result.counters.deletions, text.counters.deletions) << c.name;
  }
}

}  // namespace
}  // namespace stacksplit::apps::proof_check
