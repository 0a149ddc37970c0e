#pragma once
// The human-readable summary after a run: what ran, nodes, time, rate and the
// load-balancing overhead counters.

#include <ostream>

#include "core/run_record.hpp"

namespace stacksplit::cli {

void print_run_summary(std::ostream& out, const core::RunDescription& description,
                       const core::RunMeasurement& measurement);

}  // namespace stacksplit::cli
