#pragma once
// A plain recursive depth-first count of a UTS tree, written by hand like the
// benchmark's sequential version: the baseline T1 that parallel runs are
// measured against. It uses neither the engine nor the search-space contract.

#include "apps/uts/uts_counts.hpp"
#include "apps/uts/uts_params.hpp"

namespace stacksplit::apps::uts {

// Throws std::invalid_argument if `params` is out of range.
UtsCounts uts_sequential_count(const UtsParams& params);

}  // namespace stacksplit::apps::uts
