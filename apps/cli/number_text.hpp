#pragma once
// A number as printf would print it with `pattern` (one double conversion),
// for the summaries' fixed-precision figures (GCC 12 has no std::format).

#include <cstdio>
#include <string>

namespace stacksplit::cli {

inline std::string number_text(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

}  // namespace stacksplit::cli
