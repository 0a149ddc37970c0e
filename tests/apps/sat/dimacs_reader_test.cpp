// The DIMACS reader on well-formed input: every layout the format allows,
// compressed files, and what it does with duplicates, tautologies and empty
// clauses. Malformed input is malformed_corpus_test.cpp.

#include "apps/sat/cnf/dimacs_reader.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include <boost/iostreams/filter/bzip2.hpp>
#include <boost/iostreams/filter/lzma.hpp>
#include <boost/iostreams/filtering_stream.hpp>
#include <sstream>

#include "tests/apps/sat/sat_test_support.hpp"

namespace stacksplit::apps::sat {
namespace {

DimacsInput parse(const std::string& text, const DimacsOptions& options = {}) {
  std::istringstream in(text);
  return parse_dimacs(in, "test.cnf", options);
}

std::vector<std::vector<Literal>> clauses_of(const CnfFormula& formula) {
  std::vector<std::vector<Literal>> clauses;
  for (std::size_t c = 0; c < formula.num_clauses(); ++c) {
    auto clause = formula.clause(c);
    clauses.emplace_back(clause.begin(), clause.end());
  }
  return clauses;
}

using Clauses = std::vector<std::vector<Literal>>;

TEST(SatDimacsReader, ReadsHeaderAndClauses) {
  DimacsInput input = parse("p cnf 3 2\n1 -2 0\n2 3 -1 0\n");
  EXPECT_EQ(input.formula.num_variables(), 3);
  EXPECT_EQ(clauses_of(input.formula), (Clauses{{1, -2}, {2, 3, -1}}));
  EXPECT_EQ(input.declared_clauses, 2u);
  EXPECT_EQ(input.read_clauses, 2u);
  EXPECT_TRUE(input.warnings.empty());
}

TEST(SatDimacsReader, CommentsAnywhereBeforeOrBetweenClauses) {
  DimacsInput input = parse(
      "c first\nc\n  c indented comment\np cnf 2 2\nc between\n1 0\nc again 1 2 0\n-2 0\nc end\n");
  EXPECT_EQ(clauses_of(input.formula), (Clauses{{1}, {-2}}));
}

TEST(SatDimacsReader, ClausesSpanLinesAndShareLines) {
  DimacsInput input = parse("p cnf 4 3\n1\n2\n  3 0 -1 -2 0\n\t4   -3\n0\n");
  EXPECT_EQ(clauses_of(input.formula), (Clauses{{1, 2, 3}, {-1, -2}, {4, -3}}));
}

TEST(SatDimacsReader, TrailingBlankLinesAndCarriageReturns) {
  DimacsInput input = parse("p cnf 2 1\r\n1 -2 0\r\n\r\n\n   \n");
  EXPECT_EQ(clauses_of(input.formula), (Clauses{{1, -2}}));
}

TEST(SatDimacsReader, NoFinalNewline) {
  EXPECT_EQ(clauses_of(parse("p cnf 2 1\n1 2 0").formula), (Clauses{{1, 2}}));
}

TEST(SatDimacsReader, PercentLineEndsTheInputAsInSatlib) {
  // The 0 after % is not an empty clause.
  DimacsInput input = parse("p cnf 3 2\n 1 -3 2 0\n-1 2 3 0\n%\n0\n\n");
  EXPECT_EQ(input.formula.num_clauses(), 2u);
  EXPECT_FALSE(input.formula.has_empty_clause());
  EXPECT_TRUE(input.warnings.empty());
}

TEST(SatDimacsReader, DuplicateLiteralsAreMerged) {
  DimacsInput input = parse("p cnf 3 1\n1 2 1 -3 2 0\n");
  EXPECT_EQ(clauses_of(input.formula), (Clauses{{1, 2, -3}}));
  EXPECT_EQ(input.merged_literals, 2u);
}

TEST(SatDimacsReader, TautologiesAreDropped) {
  DimacsInput input = parse("p cnf 3 3\n1 -1 2 0\n2 3 0\n3 2 -3 0\n");
  EXPECT_EQ(clauses_of(input.formula), (Clauses{{2, 3}}));
  EXPECT_EQ(input.tautologies, 2u);
  EXPECT_EQ(input.read_clauses, 3u);
  EXPECT_TRUE(input.warnings.empty()) << "tautologies still count as clauses of the file";
}

TEST(SatDimacsReader, LongClausesAreNormalisedToo) {
  std::string clause;
  for (int v = 1; v <= 40; ++v) clause += std::to_string(v) + " " + std::to_string(v) + " ";
  DimacsInput input = parse("p cnf 40 2\n" + clause + "0\n" + clause + "-7 0\n");
  ASSERT_EQ(input.formula.num_clauses(), 1u);
  EXPECT_EQ(input.formula.clause(0).size(), 40u);
  EXPECT_EQ(input.tautologies, 1u);
}

// A clause keeps the order it was written in, long ones too: a CDCL solver
// watches its first literals, so CaDiCaL given the formula searches as it
// does reading the file.
TEST(SatDimacsReader, LongClausesKeepTheirOrder) {
  std::string clause;
  std::vector<Literal> written;
  for (int v = 40; v >= 1; --v) {
    const Literal literal = v % 3 == 0 ? -v : v;
    clause += std::to_string(literal) + " " + std::to_string(literal) + " ";
    written.push_back(literal);
  }
  DimacsInput input = parse("p cnf 40 2\n" + clause + "0\n" + clause + "0\n");
  ASSERT_EQ(input.formula.num_clauses(), 2u);
  for (std::size_t c = 0; c < 2; ++c) {
    const std::span<const Literal> read = input.formula.clause(c);
    EXPECT_EQ(std::vector<Literal>(read.begin(), read.end()), written) << "clause " << c;
  }
  EXPECT_EQ(input.merged_literals, 80u);
}

TEST(SatDimacsReader, EmptyClauseMakesTheFormulaUnsatisfiable) {
  DimacsInput input = parse("p cnf 2 2\n1 2 0\n0\n");
  EXPECT_TRUE(input.formula.has_empty_clause());
  EXPECT_EQ(input.read_clauses, 2u);
}

TEST(SatDimacsReader, NoClausesAtAll) {
  DimacsInput input = parse("p cnf 5 0\n");
  EXPECT_EQ(input.formula.num_variables(), 5);
  EXPECT_EQ(input.formula.num_clauses(), 0u);
}

TEST(SatDimacsReader, ClauseCountMismatchIsAWarningByDefault) {
  DimacsInput input = parse("p cnf 2 3\n1 0\n2 0\n");
  ASSERT_EQ(input.warnings.size(), 1u);
  EXPECT_EQ(input.warnings[0], "test.cnf:1: the header declares 3 clauses but there are 2");
}

// A count too large for 63 bits is said as the header writes it, not as
// the saturated number it is held as.
TEST(SatDimacsReader, AHugeClauseCountIsSaidAsWritten) {
  DimacsInput input = parse("p cnf 2 99999999999999999999\n1 0\n");
  ASSERT_EQ(input.warnings.size(), 1u);
  EXPECT_EQ(input.warnings[0],
            "test.cnf:1: the header declares 99999999999999999999 clauses but there are 1");
}

TEST(SatDimacsReader, ClauseCountMismatchIsAnErrorWhenStrict) {
  DimacsOptions strict;
  strict.strict = true;
  try {
    parse("c\np cnf 2 1\n1 0\n2 0\n", strict);
    FAIL() << "expected a DimacsError";
  } catch (const DimacsError& e) {
    EXPECT_STREQ(e.what(), "test.cnf:2: the header declares 1 clauses but there are 2");
    EXPECT_EQ(e.file(), "test.cnf");
    EXPECT_EQ(e.line(), 2u);
  }
}

TEST(SatDimacsReader, MissingFileNamesTheFile) {
  try {
    read_dimacs("/nonexistent/formula.cnf");
    FAIL() << "expected a DimacsError";
  } catch (const DimacsError& e) {
    EXPECT_STREQ(e.what(), "/nonexistent/formula.cnf:0: cannot open: No such file or directory");
  }
}

TEST(SatDimacsReader, DirectoryIsRefused) {
  std::string dir = testing::scratch_directory().string();
  try {
    read_dimacs(dir);
    FAIL() << "expected a DimacsError";
  } catch (const DimacsError& e) {
    EXPECT_EQ(std::string(e.what()), dir + ":0: cannot open: it is a directory");
  }
}

// gzip through zlib itself: Boost's gzip_compressor trips a GCC warning.
std::string gzip(const std::string& text) {
  z_stream stream{};
  constexpr int kGzipWindow = 15 + 16;  // 16: a gzip header instead of zlib's
  if (deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, kGzipWindow, 8,
                   Z_DEFAULT_STRATEGY) != Z_OK)
    return {};
  std::string packed(deflateBound(&stream, text.size()), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.avail_in = static_cast<uInt>(text.size());
  stream.next_out = reinterpret_cast<Bytef*>(packed.data());
  stream.avail_out = static_cast<uInt>(packed.size());
  int status = deflate(&stream, Z_FINISH);
  packed.resize(stream.total_out);
  deflateEnd(&stream);
  return status == Z_STREAM_END ? packed : std::string();
}

class SatDimacsCompressed : public ::testing::TestWithParam<std::string> {};

TEST_P(SatDimacsCompressed, ReadsTheSameFormulaAsPlainText) {
  CnfFormula formula = random_ksat(60, 256, 3, 11);
  std::ostringstream text;
  write_dimacs(text, formula, "compressed copy");
  std::string packed;
  if (GetParam() == "gz") packed = gzip(text.str());
  if (GetParam() == "bz2")
    packed = testing::compress(text.str(), boost::iostreams::bzip2_compressor());
  if (GetParam() == "xz")
    packed = testing::compress(text.str(), boost::iostreams::lzma_compressor());
  ASSERT_FALSE(packed.empty());
  std::string path = testing::write_text("formula.cnf." + GetParam(), packed);
  DimacsInput input = read_dimacs(path);
  EXPECT_EQ(clauses_of(input.formula), clauses_of(formula));
  // The format is told by the content, not by the name.
  EXPECT_EQ(clauses_of(read_dimacs_bytes(packed, "unnamed").formula), clauses_of(formula));
}

INSTANTIATE_TEST_SUITE_P(Formats, SatDimacsCompressed, ::testing::Values("gz", "bz2", "xz"));

TEST(SatDimacsReader, RoundTripsThroughTheWriter) {
  CnfFormula formula = pigeon_hole(4);
  std::ostringstream text;
  write_dimacs(text, formula, "line one\nline two");
  EXPECT_EQ(clauses_of(parse(text.str()).formula), clauses_of(formula));
}

}  // namespace
}  // namespace stacksplit::apps::sat
