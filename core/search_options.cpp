#include "core/search_options.hpp"

#include <stdexcept>

namespace stacksplit::core {

std::string_view to_string(SearchMode mode) {
  return mode == SearchMode::kCount ? "count" : "first";
}

std::string_view to_string(SplitStrategy strategy) {
  return strategy == SplitStrategy::kHalf ? "half" : "bottom";
}

SearchMode parse_search_mode(std::string_view name) {
  if (name == "count") return SearchMode::kCount;
  if (name == "first") return SearchMode::kFirst;
  throw std::invalid_argument("unknown mode '" + std::string(name) + "' (expected count or first)");
}

SplitStrategy parse_split_strategy(std::string_view name) {
  if (name == "half") return SplitStrategy::kHalf;
  if (name == "bottom") return SplitStrategy::kBottom;
  throw std::invalid_argument("unknown split strategy '" + std::string(name) +
                              "' (expected half or bottom)");
}

}  // namespace stacksplit::core
