// The checker's own DIMACS reader: what it reads, compressed files and
// standard input, and faults said as FILE:LINE.

#include "apps/proof_check/formula_reader.hpp"

#include <gtest/gtest.h>

#include <boost/iostreams/filter/bzip2.hpp>
#include <boost/iostreams/filter/lzma.hpp>
#include <sstream>

#include "core/input_error.hpp"
#include "tests/apps/proof_check/proof_check_test_support.hpp"

namespace stacksplit::apps::proof_check {
namespace {

std::vector<std::vector<Literal>> clauses_of(const Formula& formula) {
  std::vector<std::vector<Literal>> clauses;
  formula.for_each_clause(
      [&](std::span<const Literal> c) { clauses.emplace_back(c.begin(), c.end()); });
  return clauses;
}

FormulaInput parse(const std::string& text) {
  std::istringstream in(text);
  return parse_formula(in, "f.cnf");
}

std::string error_of(const std::string& text) {
  try {
    parse(text);
  } catch (const core::InputError& e) {
    return e.what();
  }
  return "";
}

TEST(ProofCheckFormulaReader, ReadsClausesAcrossLinesCommentsAndTheSatlibEnd) {
  const FormulaInput input =
      parse("c comment\np cnf 3 4\n1 -2 0 2\n3 0\nc between\n-1 0 0\n%\n0\n");
  EXPECT_EQ(input.formula.num_variables(), 3);
  EXPECT_EQ(clauses_of(input.formula),
            (std::vector<std::vector<Literal>>{{1, -2}, {2, 3}, {-1}, {}}));
  EXPECT_TRUE(input.formula.has_empty_clause());
  EXPECT_TRUE(input.warnings.empty());
}

TEST(ProofCheckFormulaReader, AClauseCountThatDiffersIsAWarning) {
  const FormulaInput input = parse("p cnf 2 3\n1 2 0\n");
  ASSERT_EQ(input.warnings.size(), 1u);
  EXPECT_EQ(input.warnings[0], "f.cnf:1: the header declares 3 clauses but there are 1");
}

TEST(ProofCheckFormulaReader, FaultsNameTheirLine) {
  EXPECT_EQ(error_of("1 2 0\n"),
            "f.cnf:1: missing header: expected 'p cnf VARIABLES CLAUSES' before the first clause");
  EXPECT_EQ(error_of("c only\n"), "f.cnf:1: missing header: expected 'p cnf VARIABLES CLAUSES'");
  EXPECT_EQ(error_of("p cnf 2\n"), "f.cnf:1: malformed header: expected 'p cnf VARIABLES CLAUSES'");
  EXPECT_EQ(error_of("p cnf -2 1\n"),
            "f.cnf:1: malformed header: expected 'p cnf VARIABLES CLAUSES'");
  EXPECT_EQ(error_of("p cnf 16777217 1\n"),
            "f.cnf:1: too many variables: 16777217 (at most 16777216)");
  EXPECT_EQ(error_of("p cnf 2 1\np cnf 2 1\n"), "f.cnf:2: a second header");
  EXPECT_EQ(error_of("p cnf 2 1\n1 0\np cnf 2 1\n"), "f.cnf:3: a second header");
  EXPECT_EQ(error_of("p cnf 2 1\n\n1 3 0\n"),
            "f.cnf:3: literal 3 is beyond the 2 variables of the header");
  EXPECT_EQ(error_of("p cnf 2 1\n1 two 0\n"), "f.cnf:2: expected an integer literal, found 'two'");
  EXPECT_EQ(error_of("p cnf 2 2\n1 0\n2\n-1\n"),
            "f.cnf:3: clause not terminated by 0 at the end of the input");
}

TEST(ProofCheckFormulaReader, ReadsCompressedFilesAndNamesMissingOnes) {
  const std::string text = "p cnf 2 2\n1 2 0\n-1 0\n";
  for (const auto& [suffix, packed] :
       {std::pair{std::string("bz2"),
                  testing::compress(text, boost::iostreams::bzip2_compressor())},
        std::pair{std::string("xz"),
                  testing::compress(text, boost::iostreams::lzma_compressor())}}) {
    const std::string path = testing::write_text("formula.cnf." + suffix, packed);
    EXPECT_EQ(clauses_of(read_formula(path).formula),
              (std::vector<std::vector<Literal>>{{1, 2}, {-1}}))
        << suffix;
  }
  const std::string cut =
      testing::compress(text, boost::iostreams::bzip2_compressor()).substr(0, 20);
  try {
    read_formula(testing::write_text("cut.cnf.bz2", cut));
    FAIL() << "expected an error";
  } catch (const core::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot decompress: corrupt or truncated bzip2 data"),
              std::string::npos)
        << e.what();
  }
  try {
    read_formula("/nonexistent/f.cnf");
    FAIL() << "expected an error";
  } catch (const core::InputError& e) {
    EXPECT_STREQ(e.what(), "/nonexistent/f.cnf:0: cannot open: No such file or directory");
  }
}

}  // namespace
}  // namespace stacksplit::apps::proof_check
