#pragma once
// What the proof checker's tests share: formulas made by the SAT generators
// (only to have formulas: the checker itself links nothing of apps/sat),
// proofs written by the CaDiCaL program, and DRAT steps spelled out as text or
// binary by the tests themselves, not by the reader under test.

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "apps/proof_check/check_drat.hpp"
#include "apps/proof_check/formula.hpp"
#include "apps/sat/cnf/cnf_formula.hpp"
#include "tests/apps/sat/sat_test_support.hpp"

namespace stacksplit::apps::proof_check::testing {

using sat::testing::compress;
using sat::testing::have_program;
using sat::testing::run_command;
using sat::testing::scratch_directory;
using sat::testing::write_cnf;
using sat::testing::write_text;

inline constexpr const char* kNoCadical =
    "the cadical program is not installed: run scripts/install-deps (Debian package cadical, "
    "whose proofs these tests check)";

inline std::string example(const std::string& name) {
  return std::string(STACKSPLIT_SOURCE_DIR) + "/examples/" + name;
}

inline Formula to_formula(const sat::CnfFormula& cnf) {
  Formula formula(cnf.num_variables());
  for (std::size_t c = 0; c < cnf.num_clauses(); ++c) formula.add_clause(cnf.clause(c));
  if (cnf.has_empty_clause()) formula.add_clause(std::span<const Literal>());
  return formula;
}

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// CaDiCaL's proof of the formula at `cnf_path`, in `format` (binary or text),
// written to the scratch directory; nullopt if CaDiCaL does not answer UNSAT.
inline std::optional<std::string> cadical_proof(const std::string& cnf_path, ProofFormat format) {
  const std::string proof =
      (scratch_directory() / std::filesystem::path(cnf_path).filename()).string() +
      (format == ProofFormat::kBinary ? ".drat" : ".txt");
  const std::string binary = format == ProofFormat::kBinary ? "true" : "false";
  const auto run =
      run_command("cadical -q --binary=" + binary + " '" + cnf_path + "' '" + proof + "'");
  if (run.status != 20) return std::nullopt;
  return proof;
}

// A DRAT step as the tests spell it.
struct Step {
  bool deletion = false;
  std::vector<Literal> literals;
};

// Text proof steps, one per line as CaDiCaL writes them (no comments).
inline std::vector<Step> parse_text_steps(const std::string& text) {
  std::vector<Step> steps;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string word;
    Step step;
    bool any = false;
    while (words >> word) {
      any = true;
      if (word == "d") {
        step.deletion = true;
      } else if (word != "0") {
        step.literals.push_back(std::stoi(word));
      }
    }
    if (any) steps.push_back(step);
  }
  return steps;
}

inline std::string to_text(const std::vector<Step>& steps) {
  std::string text;
  for (const Step& step : steps) {
    if (step.deletion) text += "d ";
    for (Literal literal : step.literals) text += std::to_string(literal) + " ";
    text += "0\n";
  }
  return text;
}

// Binary DRAT as its definition says: 'a' or 'd', 2·|l| + (l < 0) in 7-bit
// groups, least significant first, then 0.
inline std::string to_binary(const std::vector<Step>& steps) {
  std::string bytes;
  for (const Step& step : steps) {
    bytes += step.deletion ? 'd' : 'a';
    for (Literal literal : step.literals) {
      std::uint64_t code =
          2 * static_cast<std::uint64_t>(literal < 0 ? -literal : literal) + (literal < 0 ? 1 : 0);
      while (code >= 0x80) {
        bytes += static_cast<char>((code & 0x7f) | 0x80);
        code >>= 7;
      }
      bytes += static_cast<char>(code);
    }
    bytes += '\0';
  }
  return bytes;
}

inline ProofCheckResult check_text(const Formula& formula, const std::string& proof,
                                   const CheckOptions& options = {}) {
  std::istringstream in(proof);
  return check_drat(formula, in, ProofFormat::kAuto, options, "proof.drat");
}

}  // namespace stacksplit::apps::proof_check::testing
