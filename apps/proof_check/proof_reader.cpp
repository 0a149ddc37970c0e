#include "apps/proof_check/proof_reader.hpp"

#include <algorithm>
#include <cstdio>

#include "apps/input/printable.hpp"

namespace stacksplit::apps::proof_check {

using input::printable;

namespace {

std::string hex_byte(int byte) {
  char text[8];
  std::snprintf(text, sizeof text, "0x%02x", static_cast<unsigned>(byte));
  return text;
}

// A literal's magnitude past kMaxVariable, said alike in both forms.
std::string beyond_limit(std::string_view literal) {
  return "literal " + std::string(literal) + " is beyond the checker's limit of " +
         std::to_string(kMaxVariable) + " variables";
}

}  // namespace

const char* proof_format_name(ProofFormat format) {
  switch (format) {
    case ProofFormat::kBinary:
      return "binary";
    case ProofFormat::kText:
      return "text";
    case ProofFormat::kAuto:
      break;
  }
  return "auto";
}

ProofFormat detect_proof_format(std::string_view head) {
  if (head.empty() || (head[0] != 'a' && head[0] != 'd')) return ProofFormat::kText;
  const bool control = std::any_of(head.begin(), head.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\v' && byte != '\f' &&
           byte != '\r';
  });
  return control ? ProofFormat::kBinary : ProofFormat::kText;
}

BinaryProofError::BinaryProofError(std::string_view file, std::uint64_t offset,
                                   std::string_view what)
    : core::InputError(file, 0, what),
      offset_(offset),
      message_(std::string(file) + ": byte " + std::to_string(offset) + ": " + std::string(what)) {}

ProofReader::ProofReader(std::istream& in, std::string name, ProofFormat format,
                         std::string read_failure)
    : source_(in),
      scanner_(source_),
      name_(std::move(name)),
      read_failure_(std::move(read_failure)) {
  if (format != ProofFormat::kAuto) {
    format_ = format;
    return;
  }
  try {
    format_ = detect_proof_format(source_.ahead());
  } catch (const ByteSource::ReadFailure&) {
    fail_text(0, read_failure_);
  }
}

bool ProofReader::next(ProofStep& step) {
  step.deletion = false;
  step.literals.clear();
  try {
    return format_ == ProofFormat::kBinary ? next_binary(step) : next_text(step);
  } catch (const ByteSource::ReadFailure&) {
    if (format_ == ProofFormat::kBinary) fail_binary(source_.offset(), read_failure_);
    fail_text(line_, read_failure_);
  }
}

void ProofReader::fail_text(std::uint64_t line, std::string_view what) const {
  throw core::InputError(name_, line, what);
}

void ProofReader::fail_binary(std::uint64_t offset, std::string_view what) const {
  throw BinaryProofError(name_, offset, what);
}

bool ProofReader::next_text(ProofStep& step) {
  bool started = false;
  Token token;
  while (scanner_.next(token)) {
    line_ = token.line;
    if (token.starts_line && token.text[0] == 'c') {
      scanner_.skip_line(token);
      continue;
    }
    if (token.text == "d") {
      if (started) fail_text(token.line, "'d' inside a step: a deletion starts with it");
      started = true;
      step.deletion = true;
      step.position = token.line;
      continue;
    }
    const std::optional<std::int64_t> value = parse_integer(token);
    if (!value) {
      fail_text(token.line, "expected a literal, 0 or 'd', found '" + printable(token.text) + "'");
    }
    if (!started) {
      started = true;
      step.position = token.line;
    }
    if (*value == 0) return true;
    if (*value > kMaxVariable || *value < -kMaxVariable)
      fail_text(token.line, beyond_limit(printable(token.text)));
    step.literals.push_back(static_cast<Literal>(*value));
  }
  if (started) {
    fail_text(step.position, std::string(step.deletion ? "deletion" : "lemma") +
                                 " not terminated by 0 at the end of the proof");
  }
  return false;
}

bool ProofReader::next_binary(ProofStep& step) {
  step.position = source_.offset();
  const int kind = source_.get();
  if (kind == EOF) return false;
  if (kind != 'a' && kind != 'd') {
    fail_binary(step.position,
                "expected 'a' (0x61) or 'd' (0x64) to start a step, found " + hex_byte(kind));
  }
  step.deletion = kind == 'd';
  for (;;) {
    const std::uint64_t start = source_.offset();
    std::uint64_t code = 0;
    int shift = 0;
    int byte;
    do {
      byte = source_.get();
      if (byte == EOF) {
        fail_binary(step.position, std::string(step.deletion ? "deletion" : "lemma") +
                                       " not terminated by 0: the proof is truncated");
      }
      // Five groups hold 35 bits, more than any literal within the limit needs.
      if (shift > 28) fail_binary(start, "a literal longer than 5 bytes");
      code |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    if (code == 0) return true;
    const std::uint64_t variable = code >> 1;
    const bool negative = (code & 1) != 0;
    if (variable == 0) fail_binary(start, "literal code 1 (variable 0) is not a literal");
    if (variable > static_cast<std::uint64_t>(kMaxVariable))
      fail_binary(start,
                  beyond_limit(std::to_string(negative ? -static_cast<std::int64_t>(variable)
                                                       : static_cast<std::int64_t>(variable))));
    const auto literal = static_cast<Literal>(variable);
    step.literals.push_back(negative ? -literal : literal);
  }
}

}  // namespace stacksplit::apps::proof_check
