#include "apps/sat/cnf/dimacs_reader.hpp"

#include <algorithm>
#include <array>
#include <iterator>
#include <optional>
#include <sstream>

#include "apps/input/compressed_input.hpp"
#include "apps/input/printable.hpp"

namespace stacksplit::apps::sat {

namespace {

constexpr std::string_view kHeaderForm = "'p cnf VARIABLES CLAUSES'";

using input::printable;

bool is_blank(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
bool is_space(int c) { return is_blank(c) || c == '\n'; }

// Reads a stream in large blocks, counting lines. The line of a character is
// known when it is read, so an error at end of input names the last line that
// had anything on it, not the empty one after the final newline.
class CharSource {
 public:
  // Thrown when the stream itself fails (corrupt compressed data, I/O error).
  struct ReadFailure {};

  CharSource(std::istream& in, std::size_t block) : buffer_(block), in_(in) {}

  int get() {
    if (pos_ == end_ && !refill()) return EOF;
    char c = buffer_[pos_++];
    if (newline_pending_) {
      ++line_;
      newline_pending_ = false;
    }
    if (c == '\n') newline_pending_ = true;
    return static_cast<unsigned char>(c);
  }

  std::uint64_t line() const { return line_; }

 private:
  bool refill() {
    if (in_.eof()) return false;
    try {
      in_.read(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    } catch (const std::ios_base::failure&) {
      throw ReadFailure{};
    }
    if (in_.bad()) throw ReadFailure{};
    pos_ = 0;
    end_ = static_cast<std::size_t>(in_.gcount());
    return end_ > 0;
  }

  std::vector<char> buffer_;
  std::istream& in_;
  std::size_t pos_ = 0;
  std::size_t end_ = 0;
  std::uint64_t line_ = 1;
  bool newline_pending_ = false;
};

// Parses a decimal integer with an optional minus sign; false if it is not one
// or does not fit in 63 bits.
bool parse_integer(std::string_view token, std::int64_t& value) {
  bool negative = !token.empty() && token[0] == '-';
  std::string_view digits = negative ? token.substr(1) : token;
  if (digits.empty() || digits.size() > 18) {
    // 18 digits always fit; longer ones are out of range for any use here.
    if (digits.size() > 18 &&
        std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      value = negative ? -INT64_MAX : INT64_MAX;
      return true;
    }
    return false;
  }
  std::int64_t v = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  value = negative ? -v : v;
  return true;
}

class Parser {
 public:
  // `read_failure` says what is wrong when the stream itself fails.
  // Compressed input is read in small blocks: a block that fails to
  // decompress is lost whole, and the line reported is where it began.
  static constexpr std::size_t kPlainBlock = 1 << 16;
  static constexpr std::size_t kCompressedBlock = 1 << 10;

  Parser(std::istream& in, std::string_view name, const DimacsOptions& options,
         std::string read_failure, std::size_t block = kPlainBlock)
      : source_(in, block),
        name_(name),
        options_(options),
        read_failure_(std::move(read_failure)) {}

  DimacsInput run() {
    try {
      parse();
    } catch (const CharSource::ReadFailure&) {
      fail(read_failure_);
    }
    return std::move(result_);
  }

 private:
  void parse() {
    bool line_start = true;
    for (;;) {
      int c = source_.get();
      if (c == EOF) break;
      if (c == '\n') {
        line_start = true;
        continue;
      }
      if (is_blank(c)) continue;
      if (line_start && c == 'c') {
        skip_line();
        continue;
      }
      if (line_start && c == '%') break;
      if (line_start && c == 'p') {
        read_header();
        continue;  // the header consumed its newline
      }
      line_start = false;
      read_token(c);
      if (token_ended_line_) line_start = true;
    }
    finish();
  }

  [[noreturn]] void fail(std::string_view what) const { fail_at(source_.line(), what); }
  [[noreturn]] void fail_at(std::uint64_t line, std::string_view what) const {
    throw DimacsError(name_, line, what);
  }

  void skip_line() {
    int c;
    do {
      c = source_.get();
    } while (c != EOF && c != '\n');
  }

  void read_header() {
    constexpr std::size_t kMaxHeader = 256;
    std::uint64_t line = source_.line();
    if (header_seen_) fail("a second header");
    if (!clause_.empty() || result_.read_clauses > 0) fail("the header comes after clauses");
    std::string text = "p";
    int c;
    while ((c = source_.get()) != EOF && c != '\n') {
      if (text.size() < kMaxHeader) text += static_cast<char>(c);
    }
    std::istringstream words(text);
    std::vector<std::string> parts{std::istream_iterator<std::string>(words), {}};
    std::int64_t variables = 0;
    std::int64_t clauses = 0;
    bool ok = text.size() < kMaxHeader && parts.size() == 4 && parts[0] == "p" &&
              parts[1] == "cnf" && parts[2][0] != '-' && parts[3][0] != '-' &&
              parse_integer(parts[2], variables) && parse_integer(parts[3], clauses);
    if (!ok) fail_at(line, "malformed header: expected " + std::string(kHeaderForm));
    if (variables > kMaxVariables) {
      fail_at(line, "too many variables: " + parts[2] + " (at most " +
                        std::to_string(kMaxVariables) + ")");
    }
    header_seen_ = true;
    header_line_ = line;
    declared_clauses_text_ = parts[3];  // as written: a count past 63 bits is held saturated
    result_.formula = CnfFormula(static_cast<std::int32_t>(variables));
    result_.declared_clauses = static_cast<std::uint64_t>(clauses);
  }

  // Reads the rest of a token that began with `first`; notes whether the
  // character that ended it was a newline.
  void read_token(int first) {
    // In a fixed buffer, not a string: this loop reads every character of
    // the clauses, before any solver can start.
    token_size_ = 0;
    token_[token_size_++] = static_cast<char>(first);
    int c;
    while ((c = source_.get()) != EOF && !is_space(c)) {
      if (token_size_ < token_.size()) token_[token_size_++] = static_cast<char>(c);
    }
    const std::string_view token(token_.data(), token_size_);
    // The line of a newline is the one it ends, so source_.line() is still
    // the token's line.
    token_ended_line_ = c == '\n';
    std::int64_t value = 0;
    if (!parse_integer(token, value)) {
      fail("expected an integer literal, found '" + printable(token) + "'");
    }
    if (!header_seen_)
      fail("missing header: expected " + std::string(kHeaderForm) + " before the first clause");
    std::int64_t magnitude = value < 0 ? -value : value;
    if (magnitude > result_.formula.num_variables()) {
      fail("literal " + printable(token) + " is beyond the " +
           std::to_string(result_.formula.num_variables()) + " variables of the header");
    }
    if (value == 0) {
      end_clause();
    } else {
      if (clause_.empty()) clause_line_ = source_.line();
      clause_.push_back(static_cast<Literal>(value));
    }
  }

  void end_clause() {
    ++result_.read_clauses;
    if (clause_.empty()) {
      result_.formula.add_empty_clause();
      return;
    }
    if (normalize_clause()) {
      result_.formula.add_clause(clause_);
    } else {
      ++result_.tautologies;
    }
    clause_.clear();
  }

  // Merges duplicate literals in place; false for a tautology.
  bool normalize_clause() {
    std::size_t before = clause_.size();
    constexpr std::size_t kSmall = 32;
    if (clause_.size() <= kSmall) {
      std::size_t kept = 0;
      for (std::size_t i = 0; i < clause_.size(); ++i) {
        bool duplicate = false;
        for (std::size_t j = 0; j < kept; ++j) {
          if (clause_[j] == clause_[i]) duplicate = true;
          if (clause_[j] == -clause_[i]) return false;
        }
        if (!duplicate) clause_[kept++] = clause_[i];
      }
      clause_.resize(kept);
    } else {
      // Long clauses: each variable's literal marked as seen, in the order
      // written, which a CDCL solver's watches depend on (CaDiCaL given the
      // clauses sorted searched differently from CaDiCaL reading the file:
      // bmc-galileo-9, 4198 conflicts against 3527).
      if (seen_.empty())
        seen_.assign(static_cast<std::size_t>(result_.formula.num_variables()) + 1, 0);
      std::size_t kept = 0;
      bool tautology = false;
      for (std::size_t i = 0; i < clause_.size(); ++i) {
        const Literal literal = clause_[i];
        Literal& mark = seen_[static_cast<std::size_t>(std::abs(literal))];
        if (mark == literal) continue;
        if (mark == -literal) tautology = true;
        mark = literal;
        clause_[kept++] = literal;
      }
      for (std::size_t i = 0; i < kept; ++i)
        seen_[static_cast<std::size_t>(std::abs(clause_[i]))] = 0;
      if (tautology) return false;
      clause_.resize(kept);
    }
    result_.merged_literals += before - clause_.size();
    return true;
  }

  void finish() {
    if (!header_seen_) fail("missing header: expected " + std::string(kHeaderForm));
    if (!clause_.empty()) {
      fail_at(clause_line_, "clause not terminated by 0 at the end of the input");
    }
    if (result_.read_clauses != result_.declared_clauses) {
      std::string what = "the header declares " + declared_clauses_text_ +
                         " clauses but there are " + std::to_string(result_.read_clauses);
      if (options_.strict) fail_at(header_line_, what);
      result_.warnings.push_back(name_ + ":" + std::to_string(header_line_) + ": " + what);
    }
  }

  CharSource source_;
  std::string name_;
  DimacsOptions options_;
  std::string read_failure_;
  DimacsInput result_;
  bool header_seen_ = false;
  std::uint64_t header_line_ = 0;
  std::string declared_clauses_text_;
  std::vector<Literal> clause_;
  std::vector<Literal> seen_;  // by variable: its literal in the long clause being read, or 0
  std::uint64_t clause_line_ = 0;
  std::array<char, 64> token_{};  // its first 64 characters
  std::size_t token_size_ = 0;
  bool token_ended_line_ = false;
};

// Parses what `source` gives, decompressed.
DimacsInput parse_input(input::CompressedInput& source, const DimacsOptions& options) {
  Parser parser(source.stream(), source.name(), options, source.read_failure(),
                source.compression() == input::Compression::kNone ? Parser::kPlainBlock
                                                                  : Parser::kCompressedBlock);
  return parser.run();
}

}  // namespace

DimacsInput parse_dimacs(std::istream& in, std::string_view name, const DimacsOptions& options) {
  Parser parser(in, name, options, "cannot read the input");
  return parser.run();
}

DimacsInput read_dimacs_bytes(std::string_view bytes, std::string_view name,
                              const DimacsOptions& options) {
  input::CompressedInput source(bytes, std::string(name));
  return parse_input(source, options);
}

DimacsInput read_dimacs(const std::string& path, const DimacsOptions& options) {
  std::optional<input::CompressedInput> source;
  try {
    source.emplace(path);
  } catch (const core::InputError& e) {
    throw DimacsError(e);  // the same message, as the reader's own error type
  }
  return parse_input(*source, options);
}

}  // namespace stacksplit::apps::sat
