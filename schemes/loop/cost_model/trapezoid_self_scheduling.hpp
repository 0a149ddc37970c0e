#pragma once
// Trapezoid self-scheduling (TSS): chunk sizes fall linearly from a first
// size f to a last size l, so the number of scheduling operations is small
// and known in advance — Tzen & Ni, "Trapezoid Self-Scheduling: A Practical
// Scheduling Scheme for Parallel Compilers", IEEE TPDS 4(1), 1993. With N
// iterations, TSS(f, l) hands out C = ⌈2N/(f + l)⌉ chunks, the i-th
// (i = 0, 1, ...) of size f − i·δ with δ = (f − l)/(C − 1); the paper's
// default is TSS(N/(2P), 1).
//
// Variant (integers, as chunks must be): f = ⌈N/(2P)⌉ unless given, l = 1
// unless given (and at most f), δ = ⌊(f − l)/(C − 1)⌋ — the rounding libomp's
// trapezoidal schedule also uses, except that it takes f = ⌊N/(2P)⌋. Rounding
// δ down keeps the C chunks' sum at least N, so the last chunk is cut to what
// remains; a chunk never falls below l.

#include <cstdint>
#include <vector>

namespace stacksplit::schemes::loop::cost_model {

struct TssParameters {
  std::int64_t first = 0;   // f
  std::int64_t last = 0;    // l
  std::int64_t chunks = 0;  // C
  std::int64_t delta = 0;   // δ
};

// first = 0 or last = 0: the paper's defaults.
TssParameters tss_parameters(std::int64_t iterations, int processors, std::int64_t first = 0,
                             std::int64_t last = 0);

// The size of chunk `index` (0-based) before it is cut to what remains.
std::int64_t tss_chunk(const TssParameters& parameters, std::int64_t index);

std::vector<std::int64_t> tss_chunks(std::int64_t iterations, int processors,
                                     std::int64_t first = 0, std::int64_t last = 0);

}  // namespace stacksplit::schemes::loop::cost_model
