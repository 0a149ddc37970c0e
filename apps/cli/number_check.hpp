#pragma once
// Validators for an option whose value is a number. CLI::Range lets
// "nan" through (every comparison with NaN is false), and a NaN budget or
// threshold silently changes what a run does; these refuse it, name the
// option's expected value and quote what was given (shortened), never a
// range bound of 300 digits.

#include <CLI/CLI.hpp>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <string>

#include "apps/cli/number_text.hpp"

namespace stacksplit::cli {

namespace number_check_detail {
// `text` as a finite number, or false.
inline bool read_finite(const std::string& text, double& value) {
  char* end = nullptr;
  value = std::strtod(text.c_str(), &end);
  return !text.empty() && *end == '\0' && std::isfinite(value);
}
inline std::string shown(const std::string& text) {
  return text.size() > 24 ? text.substr(0, 24) + "..." : text;
}
}  // namespace number_check_detail

// A finite number, positive or (zero_allowed) not negative; `what` says of
// what ("number of seconds"), `name` is the help's type ("SECONDS>0").
inline CLI::Validator finite_number(const std::string& what, const std::string& name,
                                    bool zero_allowed) {
  return CLI::Validator(
      [what, zero_allowed](std::string& text) -> std::string {
        double value = 0;
        if (number_check_detail::read_finite(text, value) &&
            (value > 0 || (zero_allowed && value == 0)))
          return {};
        return "expected a " + std::string(zero_allowed ? "non-negative " : "positive ") + what +
               ", got '" + number_check_detail::shown(text) + "'";
      },
      name);
}

// A finite number from `least` to `most`.
inline CLI::Validator finite_range(double least, double most) {
  const std::string range = "[" + number_text("%g", least) + ", " + number_text("%g", most) + "]";
  return CLI::Validator(
      [least, most, range](std::string& text) -> std::string {
        double value = 0;
        if (number_check_detail::read_finite(text, value) && value >= least && value <= most)
          return {};
        return "expected a number in " + range + ", got '" + number_check_detail::shown(text) + "'";
      },
      "FLOAT in " + range);
}

// Every whole-number option of `app` and its commands reads decimal, and an
// unsigned one refuses a minus sign. CLI11 reads integers with strtoull and
// strtoll in base 0: "-1" became 2^64 - 1 for a 64-bit unsigned option
// (`--chunk -1` a chunk of every iteration, `--n -4` reported as
// 18446744073709551612), and "010" became 8. Options are found by the type
// CLI11 names for help (UINT, INT), so one call covers every command.
inline void check_whole_numbers(CLI::App& app) {
  const CLI::Validator whole_number(
      [](std::string& text) -> std::string {
        const std::size_t sign = text.find_first_not_of(" \t");
        if (sign != std::string::npos && text[sign] == '-')
          return "expected a non-negative whole number, got '" + number_check_detail::shown(text) +
                 "'";
        return {};
      },
      "");
  const CLI::Validator decimal(
      [](std::string& text) -> std::string {
        // Leading zeros are not octal: "010" is ten, as a user means it.
        const std::size_t sign = text.find_first_not_of(" \t");
        if (sign == std::string::npos) return {};
        const std::size_t digits = sign + (text[sign] == '-' || text[sign] == '+' ? 1 : 0);
        std::size_t first = digits;
        while (first + 1 < text.size() && text[first] == '0' &&
               std::isdigit(static_cast<unsigned char>(text[first + 1])))
          ++first;
        text.erase(digits, first - digits);
        return {};
      },
      "");
  for (CLI::Option* option : app.get_options({})) {
    const std::string type = option->get_type_name();
    const bool is_unsigned = type.rfind("UINT", 0) == 0;
    if (!is_unsigned && type.rfind("INT", 0) != 0) continue;
    if (is_unsigned) option->check(whole_number);
    option->transform(decimal);
  }
  for (CLI::App* command : app.get_subcommands({})) check_whole_numbers(*command);
}

}  // namespace stacksplit::cli
