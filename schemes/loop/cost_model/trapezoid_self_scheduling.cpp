#include "schemes/loop/cost_model/trapezoid_self_scheduling.hpp"

#include <algorithm>
#include <cassert>

namespace stacksplit::schemes::loop::cost_model {

TssParameters tss_parameters(std::int64_t iterations, int processors, std::int64_t first,
                             std::int64_t last) {
  assert(processors >= 1 && iterations >= 0);
  TssParameters p;
  p.first = first > 0
                ? first
                : std::max<std::int64_t>(1, (iterations + 2 * processors - 1) / (2 * processors));
  p.last = std::min(p.first, last > 0 ? last : std::int64_t{1});
  // C = ⌈2N/(f + l)⌉, at least one chunk.
  p.chunks =
      std::max<std::int64_t>(1, (2 * iterations + p.first + p.last - 1) / (p.first + p.last));
  p.delta = p.chunks > 1 ? (p.first - p.last) / (p.chunks - 1) : 0;
  return p;
}

std::int64_t tss_chunk(const TssParameters& parameters, std::int64_t index) {
  return std::max(parameters.last, parameters.first - index * parameters.delta);
}

std::vector<std::int64_t> tss_chunks(std::int64_t iterations, int processors, std::int64_t first,
                                     std::int64_t last) {
  const TssParameters parameters = tss_parameters(iterations, processors, first, last);
  std::vector<std::int64_t> chunks;
  for (std::int64_t remaining = iterations, i = 0; remaining > 0; ++i) {
    chunks.push_back(std::min(remaining, tss_chunk(parameters, i)));
    remaining -= chunks.back();
  }
  return chunks;
}

}  // namespace stacksplit::schemes::loop::cost_model
