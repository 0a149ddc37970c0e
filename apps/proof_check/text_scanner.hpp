#pragma once
// Whitespace-separated tokens of a text file, each with its line: the formula
// reader's DIMACS and the text proof reader's DRAT are both read as tokens,
// with `c` comment lines skipped by whoever knows where a comment may start.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "apps/proof_check/byte_source.hpp"

namespace stacksplit::apps::proof_check {

struct Token {
  std::string_view text;  // its first kMaxKept characters
  std::uint64_t line = 0;
  bool starts_line = false;  // nothing but blanks before it on its line
  bool ends_line = false;    // a newline or the end of the input follows it directly
  bool cut = false;          // longer than kMaxKept characters
};

class TextScanner {
 public:
  static constexpr std::size_t kMaxKept = 64;

  explicit TextScanner(ByteSource& source) : source_(source) {}

  // The next token; false at the end of the input. Its text lives until the
  // next call.
  bool next(Token& token) {
    int c = source_.get();
    bool starts_line = at_line_start_;
    while (c != EOF && is_space(c)) {
      if (c == '\n') {
        ++line_;
        starts_line = true;
      }
      c = source_.get();
    }
    if (c == EOF) return false;
    std::size_t size = 0;
    bool cut = false;
    while (c != EOF && !is_space(c)) {
      if (size < kMaxKept)
        kept_[size++] = static_cast<char>(c);
      else
        cut = true;
      c = source_.get();
    }
    token.text = std::string_view(kept_.data(), size);
    token.line = line_;
    token.starts_line = starts_line;
    token.ends_line = c == EOF || c == '\n';
    token.cut = cut;
    at_line_start_ = c == '\n';
    if (c == '\n') ++line_;
    return true;
  }

  // Skips what follows `token` on its line.
  void skip_line(const Token& token) {
    if (token.ends_line) return;
    int c;
    do {
      c = source_.get();
    } while (c != EOF && c != '\n');
    if (c == '\n') ++line_;
    at_line_start_ = true;
  }

  // What follows `token` on its line, at most `limit` characters of it (a
  // header's words); skips the rest.
  std::string rest_of_line(const Token& token, std::size_t limit) {
    std::string text;
    if (token.ends_line) return text;
    int c;
    while ((c = source_.get()) != EOF && c != '\n') {
      if (text.size() < limit) text += static_cast<char>(c);
    }
    if (c == '\n') ++line_;
    at_line_start_ = true;
    return text;
  }

 private:
  static bool is_space(int c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
  }

  ByteSource& source_;
  std::array<char, kMaxKept> kept_{};
  std::uint64_t line_ = 1;
  bool at_line_start_ = true;
};

// A decimal integer with an optional minus sign; nullopt if `text` is not
// one. Magnitudes past 18 digits (or text `cut` short) are held as INT64_MAX,
// beyond every limit.
inline std::optional<std::int64_t> parse_integer(std::string_view text, bool cut = false) {
  const bool negative = !text.empty() && text[0] == '-';
  if (negative) text.remove_prefix(1);
  if (text.empty()) return std::nullopt;
  std::int64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value < INT64_C(100000000000000000) ? value * 10 + (c - '0') : INT64_MAX;
  }
  if (cut) value = INT64_MAX;
  return negative ? -value : value;
}
inline std::optional<std::int64_t> parse_integer(const Token& token) {
  return parse_integer(token.text, token.cut);
}

}  // namespace stacksplit::apps::proof_check
