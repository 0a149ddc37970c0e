#include "core/search_options.hpp"

#include <stdexcept>

#include "core/registry.hpp"

namespace stacksplit::core {

const Registry<SearchMode>& search_mode_registry() {
  static const Registry<SearchMode> registry = [] {
    Registry<SearchMode> r("mode");
    r.add({"count", "", "exhaustive: every node, leaf and solution", SearchMode::kCount});
    r.add({"first", "", "stop every processor at the first solution", SearchMode::kFirst});
    r.add({"optimize", "", "branch and bound with a shared incumbent", SearchMode::kOptimize});
    return r;
  }();
  return registry;
}

const Registry<SplitStrategy>& split_strategy_registry() {
  static const Registry<SplitStrategy> registry = [] {
    Registry<SplitStrategy> r("split strategy");
    r.add({"half", "", "half of the alternatives at every level", SplitStrategy::kHalf});
    r.add({"bottom", "", "the alternatives nearest the root", SplitStrategy::kBottom});
    return r;
  }();
  return registry;
}

namespace {

template <class Payload>
std::string_view name_of(const Registry<Payload>& registry, Payload value) {
  for (const auto& entry : registry.entries())
    if (entry.payload == value) return entry.name;
  return "unknown";
}

}  // namespace

std::string_view to_string(SearchMode mode) { return name_of(search_mode_registry(), mode); }

std::string_view to_string(SplitStrategy strategy) {
  return name_of(split_strategy_registry(), strategy);
}

SearchMode parse_search_mode(std::string_view name) {
  return search_mode_registry().at(name).payload;
}

SplitStrategy parse_split_strategy(std::string_view name) {
  return split_strategy_registry().at(name).payload;
}

}  // namespace stacksplit::core
