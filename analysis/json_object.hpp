#pragma once
// Parsing a whole text as one JSON object, for the readers of run records: a
// text that is not JSON, or not an object, is an Error whose message starts
// with `where` (FILE:LINE: or FILE:).

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace stacksplit::analysis {

template <class Error>
nlohmann::json parse_json_object(std::string_view text, const std::string& where,
                                 const std::string& what_it_must_be) {
  nlohmann::json object;
  try {
    object = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& error) {
    // nlohmann's message starts with "[json.exception.parse_error.101] ".
    std::string detail = error.what();
    if (auto end = detail.find("] "); end != std::string::npos) detail = detail.substr(end + 2);
    throw Error(where + "not valid JSON: " + detail);
  }
  if (!object.is_object()) throw Error(where + what_it_must_be);
  return object;
}

}  // namespace stacksplit::analysis
