#include "apps/proof_check/formula_reader.hpp"

#include <iterator>
#include <optional>
#include <sstream>

#include "apps/input/compressed_input.hpp"
#include "apps/input/printable.hpp"
#include "apps/proof_check/byte_source.hpp"
#include "apps/proof_check/text_scanner.hpp"
#include "core/input_error.hpp"

namespace stacksplit::apps::proof_check {

using input::printable;

namespace {

constexpr std::string_view kHeaderForm = "'p cnf VARIABLES CLAUSES'";

class FormulaParser {
 public:
  FormulaParser(std::istream& in, std::string_view name, std::string read_failure)
      : source_(in), scanner_(source_), name_(name), read_failure_(std::move(read_failure)) {}

  FormulaInput run() {
    try {
      parse();
    } catch (const ByteSource::ReadFailure&) {
      fail(line_, read_failure_);
    }
    return std::move(result_);
  }

 private:
  [[noreturn]] void fail(std::uint64_t line, std::string_view what) const {
    throw core::InputError(name_, line, what);
  }

  void parse() {
    Token token;
    while (scanner_.next(token)) {
      line_ = token.line;
      if (token.starts_line && token.text[0] == 'c') {
        scanner_.skip_line(token);
      } else if (token.starts_line && token.text[0] == '%') {
        break;
      } else if (token.starts_line && token.text == "p") {
        read_header(token);
      } else {
        read_literal(token);
      }
    }
    finish();
  }

  void read_header(const Token& token) {
    constexpr std::size_t kMaxHeader = 256;
    if (header_seen_) fail(token.line, "a second header");
    const std::string rest = scanner_.rest_of_line(token, kMaxHeader);
    std::istringstream words(rest);
    const std::vector<std::string> parts{std::istream_iterator<std::string>(words), {}};
    std::optional<std::int64_t> variables;
    std::optional<std::int64_t> clauses;
    if (rest.size() < kMaxHeader && parts.size() == 3 && parts[0] == "cnf") {
      variables = parse_integer(parts[1]);
      clauses = parse_integer(parts[2]);
    }
    if (!variables || !clauses || *variables < 0 || *clauses < 0)
      fail(token.line, "malformed header: expected " + std::string(kHeaderForm));
    if (*variables > kMaxVariable) {
      fail(token.line, "too many variables: " + printable(parts[1]) + " (at most " +
                           std::to_string(kMaxVariable) + ")");
    }
    header_seen_ = true;
    header_line_ = token.line;
    declared_clauses_ = static_cast<std::uint64_t>(*clauses);
    declared_clauses_text_ = parts[2];
    result_.formula = Formula(static_cast<std::int32_t>(*variables));
  }

  void read_literal(const Token& token) {
    const std::optional<std::int64_t> value = parse_integer(token);
    if (!value)
      fail(token.line, "expected an integer literal, found '" + printable(token.text) + "'");
    if (!header_seen_) {
      fail(token.line,
           "missing header: expected " + std::string(kHeaderForm) + " before the first clause");
    }
    const std::int64_t magnitude = *value < 0 ? -*value : *value;
    if (magnitude > result_.formula.num_variables()) {
      fail(token.line, "literal " + printable(token.text) + " is beyond the " +
                           std::to_string(result_.formula.num_variables()) +
                           " variables of the header");
    }
    if (*value != 0) {
      if (clause_.empty()) clause_line_ = token.line;
      clause_.push_back(static_cast<Literal>(*value));
      return;
    }
    result_.formula.add_clause(clause_);
    clause_.clear();
    ++clauses_;
  }

  void finish() {
    if (!header_seen_) fail(line_, "missing header: expected " + std::string(kHeaderForm));
    if (!clause_.empty()) fail(clause_line_, "clause not terminated by 0 at the end of the input");
    if (clauses_ != declared_clauses_) {
      result_.warnings.push_back(name_ + ":" + std::to_string(header_line_) +
                                 ": the header declares " + printable(declared_clauses_text_) +
                                 " clauses but there are " + std::to_string(clauses_));
    }
  }

  ByteSource source_;
  TextScanner scanner_;
  std::string name_;
  std::string read_failure_;
  FormulaInput result_;
  std::uint64_t line_ = 1;  // of the last token read
  bool header_seen_ = false;
  std::uint64_t header_line_ = 0;
  std::uint64_t declared_clauses_ = 0;
  std::string declared_clauses_text_;  // as the header writes it
  std::uint64_t clauses_ = 0;
  std::vector<Literal> clause_;
  std::uint64_t clause_line_ = 0;
};

}  // namespace

FormulaInput parse_formula(std::istream& in, std::string_view name) {
  return FormulaParser(in, name, "cannot read the input").run();
}

FormulaInput read_formula(const std::string& path) {
  input::CompressedInput source(path);
  return FormulaParser(source.stream(), source.name(), source.read_failure()).run();
}

}  // namespace stacksplit::apps::proof_check
