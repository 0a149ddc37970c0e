#include "schemes/loop/cost_model/factoring.hpp"

#include <algorithm>
#include <cassert>

namespace stacksplit::schemes::loop::cost_model {

std::int64_t fac2_chunk(std::int64_t remaining_at_batch_start, int processors) {
  assert(processors >= 1);
  if (remaining_at_batch_start <= 0) return 0;
  return (remaining_at_batch_start + 2 * processors - 1) / (2 * processors);  // ⌈R/(2P)⌉
}

std::vector<std::int64_t> fac2_chunks(std::int64_t iterations, int processors) {
  std::vector<std::int64_t> chunks;
  for (std::int64_t remaining = iterations; remaining > 0;) {
    const std::int64_t size = fac2_chunk(remaining, processors);
    for (int k = 0; k < processors && remaining > 0; ++k) {
      chunks.push_back(std::min(size, remaining));
      remaining -= chunks.back();
    }
  }
  return chunks;
}

}  // namespace stacksplit::schemes::loop::cost_model
