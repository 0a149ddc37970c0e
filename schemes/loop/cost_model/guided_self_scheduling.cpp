#include "schemes/loop/cost_model/guided_self_scheduling.hpp"

#include <algorithm>
#include <cassert>

namespace stacksplit::schemes::loop::cost_model {

std::int64_t gss_chunk(std::int64_t remaining, int processors, std::int64_t min_chunk) {
  assert(processors >= 1 && min_chunk >= 1);
  if (remaining <= 0) return 0;
  const std::int64_t guided = (remaining + processors - 1) / processors;  // ⌈R/P⌉
  return std::min(remaining, std::max(guided, min_chunk));
}

std::vector<std::int64_t> gss_chunks(std::int64_t iterations, int processors,
                                     std::int64_t min_chunk) {
  std::vector<std::int64_t> chunks;
  for (std::int64_t remaining = iterations; remaining > 0;) {
    chunks.push_back(gss_chunk(remaining, processors, min_chunk));
    remaining -= chunks.back();
  }
  return chunks;
}

}  // namespace stacksplit::schemes::loop::cost_model
