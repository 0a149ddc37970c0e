#pragma once
// Validators for an option whose value is a real number. CLI::Range lets
// "nan" through (every comparison with NaN is false), and a NaN budget or
// threshold silently changes what a run does; these refuse it, name the
// option's expected value and quote what was given (shortened), never a
// range bound of 300 digits.

#include <CLI/CLI.hpp>
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

}  // namespace stacksplit::cli
