#pragma once
// The human-readable summary after a run: what ran, nodes, time, rate and the
// load-balancing overhead counters.

#include <optional>
#include <ostream>

#include "apps/cli/search_overhead.hpp"
#include "core/run_config.hpp"
#include "core/run_record.hpp"
#include "core/run_result.hpp"

namespace stacksplit::cli {

void print_run_summary(std::ostream& out, const core::RunIdentity& identity,
                       const core::RunConfig& config, const core::RunStatistics& result,
                       const std::optional<SearchOverhead>& overhead = std::nullopt);

}  // namespace stacksplit::cli
