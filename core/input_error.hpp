#pragma once
// A fault in a file the user gave, said as compilers say it:
// `FILE:LINE: what is wrong` (line 0 when no line could be read). Every
// application's reader throws this type (or one derived from it), so the front
// end reports them all alike, with exit status 1.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace stacksplit::core {

class InputError : public std::runtime_error {
 public:
  InputError(std::string_view file, std::uint64_t line, std::string_view what)
      : std::runtime_error(std::string(file) + ":" + std::to_string(line) + ": " +
                           std::string(what)),
        file_(file),
        line_(line) {}

  const std::string& file() const { return file_; }
  std::uint64_t line() const { return line_; }

 private:
  std::string file_;
  std::uint64_t line_;
};

}  // namespace stacksplit::core
