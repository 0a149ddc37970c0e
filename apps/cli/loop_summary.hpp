#pragma once
// The human-readable summary after a loop run: what ran, iterations, time,
// the balancing it took, and each processor's share.

#include <ostream>

#include "core/loop/loop_record.hpp"
#include "core/run_config.hpp"
#include "core/run_record.hpp"

namespace stacksplit::cli {

void print_loop_summary(std::ostream& out, const core::RunIdentity& identity,
                        const core::RunConfig& config, const core::LoopRunStatistics& result);

}  // namespace stacksplit::cli
