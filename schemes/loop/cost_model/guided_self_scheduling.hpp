#pragma once
// Guided self-scheduling (GSS): an idle processor takes ⌈R/P⌉ of the R
// iterations still unassigned, so chunks start large (little scheduling) and
// shrink towards single iterations at the end (little imbalance) —
// Polychronopoulos & Kuck, "Guided Self-Scheduling: A Practical Scheduling
// Scheme for Parallel Supercomputers", IEEE Trans. Computers 36(12), 1987
// (summarized by Zaki et al., Customized Dynamic Load Balancing, §1.1.1, as
// one P-th of the remaining iterations per request).
//
// Variant: GSS(k), the chunk never below k (k = 1 is the paper's GSS), and
// never above what remains. The sequence does not depend on which processor
// asks, so the loop scheme and the cost model share it exactly.

#include <cstdint>
#include <vector>

namespace stacksplit::schemes::loop::cost_model {

// The next chunk when `remaining` iterations are unassigned; 0 when none is.
std::int64_t gss_chunk(std::int64_t remaining, int processors, std::int64_t min_chunk = 1);

// Every chunk of a loop of `iterations`, in the order they are handed out.
std::vector<std::int64_t> gss_chunks(std::int64_t iterations, int processors,
                                     std::int64_t min_chunk = 1);

}  // namespace stacksplit::schemes::loop::cost_model
