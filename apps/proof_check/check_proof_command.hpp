#pragma once
// `stacksplit check-proof FORMULA PROOF [--format auto|binary|text]
//  [--ignore-deletions] [--quiet]`: checks a DRAT proof that FORMULA is
// unsatisfiable (apps/proof_check/check_drat.hpp), such as `stacksplit sat
// --proof` or `cadical FORMULA PROOF` write. Prints `c` lines (the counters,
// the time) and `s VERIFIED` (exit status 0), or `s NOT VERIFIED` and the
// first lemma that failed (exit status 1). A malformed formula or proof is a
// `FILE:LINE: what is wrong` (binary proofs: `FILE: byte OFFSET: ...`), exit
// status 1; a bad command line, exit status 2.

#include <ostream>
#include <string>

#include "apps/proof_check/check_drat.hpp"
#include "apps/proof_check/proof_reader.hpp"

namespace CLI {
class App;
}

namespace stacksplit::apps::proof_check {

struct CheckProofOptions {
  std::string formula;  // a path, or `-` for standard input
  std::string proof;    // a path, or `-` (not both `-`)
  ProofFormat format = ProofFormat::kAuto;
  bool ignore_deletions = false;
  bool quiet = false;  // only the `s` line
};

// Checks and prints to `out` (warnings to `err`). Bad files are
// core::InputErrors; a proof that fails is a result.
ProofCheckResult run_check_proof(const CheckProofOptions& options, std::ostream& out,
                                 std::ostream& err);

// Registers the `check-proof` subcommand on the front end: a failed proof
// becomes a cli::RunFailure naming its first failed lemma.
void add_check_proof_command(CLI::App& app);

}  // namespace stacksplit::apps::proof_check
