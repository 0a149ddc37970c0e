#pragma once
// Search overhead: the nodes a run on P workers expanded against the nodes
// the same search expands on one worker. Counting is conserved (always 1);
// first and optimize mode are not, since which solution or incumbent a worker
// meets first depends on the split of the tree, so branch and bound can do
// more work in parallel (overhead > 1, a slowdown) or less (< 1, the
// "acceleration anomaly"; "Anomalies in parallel branch-and-bound
// algorithms", Lai and Sahni 1984). Speedup alone hides which it was, so the
// summary and the record give the two side by side.
//
// A run cannot know its one-worker node count, so the caller gives it
// (--baseline-nodes, as experiments do from their one-worker runs); a
// one-worker run is its own baseline, and a counting run needs none.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>

#include "core/run_config.hpp"
#include "core/run_result.hpp"

namespace stacksplit::cli {

struct SearchOverhead {
  std::uint64_t nodes = 0;           // this run's
  std::uint64_t baseline_nodes = 0;  // the same search's on one worker
  double ratio() const { return baseline_nodes == 0 ? 0.0 : double(nodes) / baseline_nodes; }
};

// Known: a given baseline, a one-worker run, or a counting run; nothing for
// an interrupted run (its nodes are partial).
std::optional<SearchOverhead> search_overhead(const core::RunConfig& config,
                                              const core::RunStatistics& result,
                                              std::optional<std::uint64_t> baseline_nodes);

// The summary's line, in first and optimize mode (what the mode found, then
// the overhead or how to get it).
void print_search_overhead(std::ostream& out, const core::RunConfig& config,
                           const core::RunStatistics& result,
                           const std::optional<SearchOverhead>& overhead);

// The record's "baseline_nodes" and "search_overhead" (null when unknown).
void add_search_overhead(nlohmann::json& record, const std::optional<SearchOverhead>& overhead);

}  // namespace stacksplit::cli
