// The proof reader: both forms, telling them apart, and every fault a proof
// file can have, each said with its line (text) or byte offset (binary).

#include "apps/proof_check/proof_reader.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "tests/apps/proof_check/proof_check_test_support.hpp"

namespace stacksplit::apps::proof_check {
namespace {

using testing::Step;

std::vector<Step> read_all(const std::string& bytes, ProofFormat format = ProofFormat::kAuto,
                           ProofFormat* detected = nullptr) {
  std::istringstream in(bytes);
  ProofReader reader(in, "p.drat", format);
  if (detected) *detected = reader.format();
  std::vector<Step> steps;
  ProofStep step;
  while (reader.next(step)) steps.push_back({step.deletion, step.literals});
  return steps;
}

// The message of the error reading `bytes` throws, or "" if none.
std::string error_of(const std::string& bytes, ProofFormat format = ProofFormat::kAuto) {
  try {
    read_all(bytes, format);
  } catch (const core::InputError& e) {
    return e.what();
  }
  return "";
}

bool same(const std::vector<Step>& a, const std::vector<Step>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].deletion != b[i].deletion || a[i].literals != b[i].literals) return false;
  }
  return true;
}

const std::vector<Step> kSteps = {
    {false, {1, -2}},           {true, {1, -2}}, {false, {63, -64, 8191}},
    {false, {-8192, 16777216}}, {true, {}},      {false, {}}};

TEST(ProofCheckReader, ReadsTextWithCommentsAndStepsAcrossLines) {
  ProofFormat detected = ProofFormat::kAuto;
  const auto steps =
      read_all("c a comment\n1 -2 0\nd 1\n -2 0\n63 -64 8191 0 -8192\n16777216 0 d 0\nc\n\t0\n",
               ProofFormat::kAuto, &detected);
  EXPECT_EQ(detected, ProofFormat::kText);
  EXPECT_TRUE(same(steps, kSteps));
}

TEST(ProofCheckReader, ReadsBinaryAsEncodedByItsDefinition) {
  ProofFormat detected = ProofFormat::kAuto;
  const auto steps = read_all(testing::to_binary(kSteps), ProofFormat::kAuto, &detected);
  EXPECT_EQ(detected, ProofFormat::kBinary);
  EXPECT_TRUE(same(steps, kSteps));
}

TEST(ProofCheckReader, BinaryBytesSpelledOut) {
  // 'a', 2·1 = 0x02, 2·64 + 1 = 129 = 0x81 0x01, 0; 'd', 2·5 = 0x0a, 0.
  const std::string bytes(
      "a\x02\x81\x01\x00"
      "d\x0a\x00",
      8);
  const auto steps = read_all(bytes);
  EXPECT_TRUE(same(steps, {{false, {1, -64}}, {true, {5}}}));
}

TEST(ProofCheckReader, TellsTheFormsApart) {
  EXPECT_EQ(detect_proof_format(""), ProofFormat::kText);
  EXPECT_EQ(detect_proof_format("1 2 0\n"), ProofFormat::kText);
  EXPECT_EQ(detect_proof_format("d 1 2 0\n"), ProofFormat::kText);
  EXPECT_EQ(detect_proof_format(std::string("a\x02\x00", 3)), ProofFormat::kBinary);
  EXPECT_EQ(detect_proof_format(std::string("d\x02\x00", 3)), ProofFormat::kBinary);
  // Literal bytes that look like text (2·24 + 1 = '1', 2·16 = ' ') still end in 0.
  EXPECT_EQ(detect_proof_format(std::string("a1 \x00", 4)), ProofFormat::kBinary);
}

TEST(ProofCheckReader, TheFormCanBeForced) {
  // "d 0\n" read as binary: 'd', then ' ' (variable 16), '0' (variable 24),
  // '\n' (variable 5) and no 0 byte: truncated.
  EXPECT_EQ(error_of("d 0\n", ProofFormat::kBinary),
            "p.drat: byte 0: deletion not terminated by 0: the proof is truncated");
  EXPECT_EQ(read_all("d 0\n", ProofFormat::kText).size(), 1u);
}

TEST(ProofCheckReader, TextFaultsNameTheirLine) {
  EXPECT_EQ(error_of("1 2 0\n1 x 0\n"), "p.drat:2: expected a literal, 0 or 'd', found 'x'");
  EXPECT_EQ(error_of("1 2 0\n1 d 2 0\n"), "p.drat:2: 'd' inside a step: a deletion starts with it");
  EXPECT_EQ(error_of("1 2 0\n3\n4\n"),
            "p.drat:2: lemma not terminated by 0 at the end of the proof");
  EXPECT_EQ(error_of("d 3 4"), "p.drat:1: deletion not terminated by 0 at the end of the proof");
  EXPECT_EQ(error_of("1 2 0 c not a comment\n"),
            "p.drat:1: expected a literal, 0 or 'd', found 'c'");
  EXPECT_EQ(error_of("\n\n16777217 0\n"),
            "p.drat:3: literal 16777217 is beyond the checker's limit of 16777216 variables");
  EXPECT_EQ(error_of("-99999999999999999999999 0\n"),
            "p.drat:1: literal -99999999999999999999999 is beyond the checker's limit of 16777216 "
            "variables");
  EXPECT_EQ(error_of("1 -0x2 0\n"), "p.drat:1: expected a literal, 0 or 'd', found '-0x2'");
}

TEST(ProofCheckReader, BinaryFaultsNameTheirByte) {
  // A step that does not start with 'a' or 'd'.
  EXPECT_EQ(error_of(std::string("a\x02\x00q\x02\x00", 6), ProofFormat::kBinary),
            "p.drat: byte 3: expected 'a' (0x61) or 'd' (0x64) to start a step, found 0x71");
  // Truncated in the middle of a literal, and before the closing 0.
  EXPECT_EQ(error_of(std::string("a\x02\x00"
                                 "a\x04\x86",
                                 6)),
            "p.drat: byte 3: lemma not terminated by 0: the proof is truncated");
  EXPECT_EQ(error_of(std::string("a\x02\x00"
                                 "a\x04",
                                 5)),
            "p.drat: byte 3: lemma not terminated by 0: the proof is truncated");
  // Literal code 1: variable 0.
  EXPECT_EQ(error_of(std::string("a\x02\x01\x00", 4)),
            "p.drat: byte 2: literal code 1 (variable 0) is not a literal");
  // Six 7-bit groups.
  EXPECT_EQ(error_of(std::string("a\x80\x80\x80\x80\x80\x01\x00", 8)),
            "p.drat: byte 1: a literal longer than 5 bytes");
  // 2·2^24 + 2 = 2^25 + 2: variable 2^24 + 1.
  EXPECT_EQ(error_of(std::string("a\x82\x80\x80\x10\x00", 6)),
            "p.drat: byte 1: literal 16777217 is beyond the checker's limit of 16777216 variables");
}

TEST(ProofCheckReader, BinaryErrorsAreInputErrors) {
  try {
    read_all(std::string("a\x02", 2));
    FAIL() << "expected an error";
  } catch (const BinaryProofError& e) {
    EXPECT_EQ(e.offset(), 0u);
    EXPECT_EQ(e.file(), "p.drat");
  }
}

}  // namespace
}  // namespace stacksplit::apps::proof_check
