// `stacksplit check-proof` as a user runs it: its output, exit statuses and
// messages, and its place in `stacksplit --help`.

#include <gtest/gtest.h>

#include "tests/apps/proof_check/proof_check_test_support.hpp"

namespace stacksplit::apps::proof_check {
namespace {

using testing::run_command;
using testing::write_text;

const std::string kBinary = STACKSPLIT_BINARY;

// The four clauses over 1 and 2, and a proof of them.
const char* kFormula = "p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n";

std::string check(const std::string& arguments) { return kBinary + " check-proof " + arguments; }

TEST(ProofCheckCommand, VerifiesAndPrintsItsCounters) {
  const std::string formula = write_text("cmd.cnf", kFormula);
  const std::string proof = write_text("cmd.drat", "c from the test\n1 0\n0\n");
  const auto run = run_command(check(formula + " " + proof));
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("\ns VERIFIED\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("c lemmas:"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("c proof: text DRAT (told by its first bytes)"), std::string::npos);
  EXPECT_NE(run.out.find("c ignored_unit_deletions:"), std::string::npos);
  EXPECT_NE(run.out.find("c time:"), std::string::npos);
  EXPECT_EQ(run.err, "");

  const auto quiet = run_command(check(formula + " " + proof + " --quiet"));
  EXPECT_EQ(quiet.status, 0);
  EXPECT_EQ(quiet.out, "s VERIFIED\n");
}

TEST(ProofCheckCommand, ReadsTheFormulaFromStandardInput) {
  const std::string proof = write_text("stdin.drat", "1 0\n0\n");
  const auto run =
      run_command("printf '" + std::string("p cnf 2 4\\n1 2 0\\n1 -2 0\\n-1 2 0\\n-1 -2 0\\n") +
                  "' | " + check("- " + proof + " --quiet"));
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "s VERIFIED\n");
}

TEST(ProofCheckCommand, NamesTheFirstFailingLemma) {
  const std::string formula = write_text("fail.cnf", kFormula);
  const std::string proof = write_text("fail.drat", "d 1 2 0\n1 0\n0\n");
  const auto run = run_command(check(formula + " " + proof));
  EXPECT_EQ(run.status, 1);
  EXPECT_NE(run.out.find("\ns NOT VERIFIED\n"), std::string::npos) << run.out;
  EXPECT_EQ(run.err, "stacksplit: error: " + proof +
                         ": lemma 1 (line 2): 1 0: not RUP, not RAT on its first literal 1\n");
  // Without the deletion the same proof passes.
  EXPECT_EQ(run_command(check(formula + " " + proof + " --ignore-deletions")).status, 0);
}

TEST(ProofCheckCommand, AProofWithoutTheEmptyClauseFails) {
  const std::string formula = write_text("noempty.cnf", kFormula);
  const std::string proof = write_text("noempty.drat", "1 0\n");
  const auto run = run_command(check(formula + " " + proof + " --quiet"));
  EXPECT_EQ(run.status, 1);
  EXPECT_EQ(run.out, "s NOT VERIFIED\n");
  EXPECT_EQ(run.err, "stacksplit: error: " + proof +
                         ": the proof ends without the empty clause (1 lemmas checked)\n");
}

TEST(ProofCheckCommand, BadFilesAreOneLineAndStatusOne) {
  const std::string formula = write_text("bad.cnf", kFormula);
  const std::string bad_formula = write_text("bad2.cnf", "p cnf 2 1\n1 3 0\n");
  const std::string bad_proof = write_text("bad.drat", "1 0\n2 x 0\n");
  const std::string cut_proof = write_text("cut.drat", std::string("a\x02\x00"
                                                                   "a\x04",
                                                                   5));
  struct Expect {
    std::string arguments;
    std::string message;
  } cases[] = {
      {"/nonexistent/f.cnf " + bad_proof,
       "/nonexistent/f.cnf:0: cannot open: No such file or directory\n"},
      {formula + " /nonexistent/p.drat",
       "/nonexistent/p.drat:0: cannot open: No such file or directory\n"},
      {bad_formula + " " + bad_proof,
       bad_formula + ":2: literal 3 is beyond the 2 variables of the header\n"},
      {formula + " " + bad_proof, bad_proof + ":2: expected a literal, 0 or 'd', found 'x'\n"},
      {formula + " " + cut_proof,
       cut_proof + ": byte 3: lemma not terminated by 0: the proof is truncated\n"},
      {formula + " " + cut_proof + " --format text",
       cut_proof + ":1: expected a literal, 0 or 'd', found 'a\\x02\\x00a\\x04'\n"},
  };
  for (const Expect& e : cases) {
    const auto run = run_command(check(e.arguments));
    EXPECT_EQ(run.status, 1) << e.arguments;
    EXPECT_EQ(run.err, e.message) << e.arguments;
  }
}

TEST(ProofCheckCommand, BadCommandLinesAreStatusTwo) {
  const std::string formula = write_text("usage.cnf", kFormula);
  const std::string proof = write_text("usage.drat", "1 0\n0\n");
  const auto unknown = run_command(check(formula + " " + proof + " --format xml"));
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("unknown proof format 'xml' (known: auto, binary, text)"),
            std::string::npos)
      << unknown.err;
  EXPECT_EQ(run_command(check(formula)).status, 2);
  const auto both = run_command(check("- -"));
  EXPECT_EQ(both.status, 2);
  EXPECT_EQ(both.err,
            "stacksplit: error: the formula and the proof cannot both be standard input\n");
}

TEST(ProofCheckCommand, ShowsInTheHelp) {
  const auto run = run_command(kBinary + " --help");
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find("check-proof"), std::string::npos) << run.out;
  const auto own = run_command(check("--help"));
  EXPECT_NE(own.out.find("--ignore-deletions"), std::string::npos) << own.out;
  EXPECT_NE(own.out.find("binary"), std::string::npos) << own.out;
}

}  // namespace
}  // namespace stacksplit::apps::proof_check
