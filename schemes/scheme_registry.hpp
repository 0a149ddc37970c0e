#pragma once
// Schemes by name: the one table the command line, the help text and the tests
// read.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/scheme.hpp"

namespace stacksplit::schemes {

struct SchemeInfo {
  std::string_view name;
  std::string_view family;  // "receiver", "sender"
  std::string_view summary;
  std::unique_ptr<core::Scheme> (*make)();
};

const std::vector<SchemeInfo>& scheme_table();

// Throws std::invalid_argument naming the unknown scheme and the known ones.
std::unique_ptr<core::Scheme> make_scheme(std::string_view name);

std::vector<std::string> scheme_names();

}  // namespace stacksplit::schemes
