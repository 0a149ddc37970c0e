#include "core/search_options.hpp"

#include <stdexcept>

#include "core/registry.hpp"

namespace stacksplit::core {

std::string_view to_string(SearchMode mode) {
  switch (mode) {
    case SearchMode::kCount: return "count";
    case SearchMode::kFirst: return "first";
    case SearchMode::kOptimize: return "optimize";
  }
  return "unknown";
}

std::string_view to_string(SplitStrategy strategy) {
  return strategy == SplitStrategy::kHalf ? "half" : "bottom";
}

SearchMode parse_search_mode(std::string_view name) {
  if (name == "count") return SearchMode::kCount;
  if (name == "first") return SearchMode::kFirst;
  if (name == "optimize") return SearchMode::kOptimize;
  throw unknown_name("mode", name, {"count", "first", "optimize"});
}

SplitStrategy parse_split_strategy(std::string_view name) {
  if (name == "half") return SplitStrategy::kHalf;
  if (name == "bottom") return SplitStrategy::kBottom;
  throw unknown_name("split strategy", name, {"half", "bottom"});
}

}  // namespace stacksplit::core
