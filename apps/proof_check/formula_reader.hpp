#pragma once
// The proof checker's own DIMACS reader: a `p cnf VARIABLES CLAUSES` header,
// `c` comment lines, clauses ending in 0 that may span lines or share one; a
// line starting with `%` ends the input (as SATLIB files do). Plain, gzip,
// bzip2 and xz files, or `-` for standard input. It knows nothing of the SAT
// solver's reader, so a fault there cannot hide one here.
//
// A malformed file is a core::InputError `FILE:LINE: what is wrong`.

#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "apps/proof_check/formula.hpp"

namespace stacksplit::apps::proof_check {

struct FormulaInput {
  Formula formula;
  // A clause count that differs from the header's, as a message (not an
  // error: the clauses read are the formula).
  std::vector<std::string> warnings;
};

// Reads a file, decompressing it if needed; `-` is standard input.
FormulaInput read_formula(const std::string& path);

// Parses decompressed DIMACS text named `name` in messages.
FormulaInput parse_formula(std::istream& in, std::string_view name);

}  // namespace stacksplit::apps::proof_check
