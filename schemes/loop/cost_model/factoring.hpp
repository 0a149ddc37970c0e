#pragma once
// Factoring, FAC2: iterations are handed out in batches; a batch holds P
// equal chunks that together take half of the R_j iterations left when the
// batch starts, each chunk ⌈R_j/(2P)⌉ — Hummel, Schonberg & Flynn,
// "Factoring: A Method for Scheduling Parallel Loops", CACM 35(8), 1992
// (factoring with the factor x = 2 they recommend when the iterations' mean
// and deviation of cost are not known).
//
// Variant: the batch size is recomputed from the exact remainder at each
// batch (R_{j+1} = R_j − P·⌈R_j/(2P)⌉), not approximated by halving the
// previous chunk as some runtimes do; the last chunk is cut to what remains.

#include <cstdint>
#include <vector>

namespace stacksplit::schemes::loop::cost_model {

// The chunk size of a batch that starts with `remaining` iterations left.
std::int64_t fac2_chunk(std::int64_t remaining_at_batch_start, int processors);

std::vector<std::int64_t> fac2_chunks(std::int64_t iterations, int processors);

}  // namespace stacksplit::schemes::loop::cost_model
