#pragma once
// The exceptions the analysis throws for what a user can cause. Their
// messages are fit to print as they are; record errors start with FILE:LINE.

#include <stdexcept>

namespace stacksplit::analysis {

// Bad input or output: a malformed record, a file that cannot be read or
// written.
class AnalysisError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A bad option value (--efficiency, --group-by). It is an invalid_argument
// because the front end reports those as a bad command line.
class OptionError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

}  // namespace stacksplit::analysis
