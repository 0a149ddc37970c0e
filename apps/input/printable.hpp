#pragma once
// A piece of a user's file as a message shows it: at most 24 characters,
// non-printable bytes escaped (\x00), "..." when cut. Every reader's
// "found 'x'" says it this way.

#include <cstddef>
#include <string>
#include <string_view>

namespace stacksplit::apps::input {

inline std::string printable(std::string_view text) {
  constexpr std::size_t kMaxShown = 24;
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < kMaxShown; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  if (text.size() > kMaxShown) out += "...";
  return out;
}

}  // namespace stacksplit::apps::input
