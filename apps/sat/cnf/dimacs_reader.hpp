#pragma once
// Reads a DIMACS CNF file: a `p cnf VARIABLES CLAUSES` header, `c` comment
// lines anywhere before or between clauses, clauses ending in 0 that may span
// lines or share one. A line starting with `%` ends the input (SATLIB files end
// with `%` and a stray `0`). Plain, gzip, bzip2 and xz input is recognised by
// its first bytes; the path `-` is standard input.
//
// Every fault a user can cause is a DimacsError whose message reads
// `FILE:LINE: what is wrong` (line 0 when no line could be read).

#include <cstdint>
#include <istream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "apps/sat/cnf/cnf_formula.hpp"
#include "core/input_error.hpp"

namespace stacksplit::apps::sat {

class DimacsError : public core::InputError {
 public:
  using InputError::InputError;
  explicit DimacsError(const core::InputError& error) : InputError(error) {}
};

// Variables beyond this are refused: a solver allocates per variable, and a
// header must not be able to exhaust memory on its own.
inline constexpr std::int32_t kMaxVariables = 1 << 24;

struct DimacsOptions {
  // A clause count that differs from the header: an error rather than a warning.
  bool strict = false;
};

struct DimacsInput {
  CnfFormula formula;
  std::uint64_t declared_clauses = 0;  // as the header says
  std::uint64_t read_clauses = 0;      // as the file has them, tautologies included
  std::uint64_t tautologies = 0;       // dropped
  std::uint64_t merged_literals = 0;   // duplicate literals removed
  // Things a user should hear about, each a message without a prefix.
  std::vector<std::string> warnings;
};

// Reads a file (or `-` for standard input), decompressing it if needed.
DimacsInput read_dimacs(const std::string& path, const DimacsOptions& options = {});

// Reads raw bytes (perhaps compressed) named `name` in messages.
DimacsInput read_dimacs_bytes(std::string_view bytes, std::string_view name,
                              const DimacsOptions& options = {});

// Parses already decompressed text from a stream.
DimacsInput parse_dimacs(std::istream& in, std::string_view name,
                         const DimacsOptions& options = {});

}  // namespace stacksplit::apps::sat
