#include "apps/cli/search_overhead.hpp"

#include "apps/cli/number_text.hpp"

namespace stacksplit::cli {

std::optional<SearchOverhead> search_overhead(const core::RunConfig& config,
                                              const core::RunStatistics& result,
                                              std::optional<std::uint64_t> baseline_nodes) {
  if (result.interrupted) return std::nullopt;
  const std::uint64_t nodes = result.total.nodes;
  if (baseline_nodes) return SearchOverhead{nodes, *baseline_nodes};
  if (config.workers == 1 || config.search.mode == core::SearchMode::kCount)
    return SearchOverhead{nodes, nodes};
  return std::nullopt;
}

void print_search_overhead(std::ostream& out, const core::RunConfig& config,
                           const core::RunStatistics& result,
                           const std::optional<SearchOverhead>& overhead) {
  const core::SearchMode mode = config.search.mode;
  if (mode == core::SearchMode::kCount) return;
  if (mode == core::SearchMode::kOptimize) {
    out << "optimize: best = ";
    if (result.objective == core::kNoObjective) {
      out << "none";
    } else {
      out << result.objective;
    }
    out << ", pruned = " << result.total.pruned << ", ";
  } else {
    out << "first: " << (result.solution_found ? "found" : "none") << ", ";
  }
  if (overhead) {
    out << "search overhead = " << number_text("%.3f", overhead->ratio()) << " (" << overhead->nodes
        << " nodes here / " << overhead->baseline_nodes << " on 1 worker)\n";
  } else if (result.interrupted) {
    out << "search overhead unknown (interrupted)\n";
  } else {
    out << "search overhead unknown (--baseline-nodes N: the node count on 1 worker)\n";
  }
}

void add_search_overhead(nlohmann::json& record, const std::optional<SearchOverhead>& overhead) {
  if (overhead) {
    record["baseline_nodes"] = overhead->baseline_nodes;
    record["search_overhead"] = overhead->ratio();
  } else {
    record["baseline_nodes"] = nullptr;
    record["search_overhead"] = nullptr;
  }
}

}  // namespace stacksplit::cli
