#pragma once
// Reads a DRAT proof step by step, in either of its two forms:
// - text: a lemma is its literals and 0 (`1 -2 0`), a deletion the same after
//   `d` (`d 1 -2 0`); steps may span lines; `c` starts a comment line;
// - binary: a step is the byte 'a' (0x61, a lemma) or 'd' (0x64, a deletion),
//   then each literal l as the unsigned number 2·|l| + (l < 0) in 7-bit groups,
//   least significant first, the high bit set on every group but the last,
//   then a 0 byte.
// The form is told by the first bytes (as drat-trim does), or given.
//
// A malformed proof is a core::InputError: `FILE:LINE: what is wrong` for
// text, `FILE: byte OFFSET: what is wrong` (a BinaryProofError) for binary.

#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "apps/proof_check/byte_source.hpp"
#include "apps/proof_check/formula.hpp"
#include "apps/proof_check/text_scanner.hpp"
#include "core/input_error.hpp"

namespace stacksplit::apps::proof_check {

enum class ProofFormat { kAuto, kBinary, kText };

// "auto", "binary", "text".
const char* proof_format_name(ProofFormat format);

// The form of a proof whose first bytes are `head` (at least its first step,
// when there is one): binary if it starts with 'a' or 'd' and has a byte no
// text proof has (every binary step ends in a 0 byte), text otherwise.
ProofFormat detect_proof_format(std::string_view head);

class BinaryProofError : public core::InputError {
 public:
  BinaryProofError(std::string_view file, std::uint64_t offset, std::string_view what);
  const char* what() const noexcept override { return message_.c_str(); }
  std::uint64_t offset() const { return offset_; }

 private:
  std::uint64_t offset_;
  std::string message_;
};

struct ProofStep {
  bool deletion = false;
  std::vector<Literal> literals;  // as written; the vector is reused from step to step
  // Where it starts: its line (text), or the offset of its 'a' or 'd' byte
  // from 0 (binary).
  std::uint64_t position = 0;
};

class ProofReader {
 public:
  // `read_failure` is what to say if the stream itself fails (its
  // input::CompressedInput::read_failure()).
  ProofReader(std::istream& in, std::string name, ProofFormat format,
              std::string read_failure = "cannot read the input");

  // kBinary or kText: the form given, or the one detected.
  ProofFormat format() const { return format_; }

  // Reads the next step into `step`; false at the end of the proof.
  bool next(ProofStep& step);

 private:
  bool next_text(ProofStep& step);
  bool next_binary(ProofStep& step);
  [[noreturn]] void fail_text(std::uint64_t line, std::string_view what) const;
  [[noreturn]] void fail_binary(std::uint64_t offset, std::string_view what) const;

  ByteSource source_;
  TextScanner scanner_;
  std::string name_;
  std::string read_failure_;
  ProofFormat format_;
  std::uint64_t line_ = 1;  // text: of the last token read
};

}  // namespace stacksplit::apps::proof_check
