#include "schemes/loop/cost_model/loop_model_input.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace stacksplit::schemes::loop::cost_model {

LoopStart equal_blocks(std::int64_t iterations, int processors) {
  if (processors < 1) throw std::invalid_argument("loop model: at least one processor");
  if (iterations < 0) throw std::invalid_argument("loop model: a negative number of iterations");
  LoopStart start;
  const std::int64_t base = iterations / processors;
  const std::int64_t extra = iterations % processors;
  std::int64_t first = 0;
  for (int i = 0; i < processors; ++i) {
    const std::int64_t count = base + (i < extra ? 1 : 0);
    start.held.push_back(count > 0 ? std::vector<IterationRange>{{first, count}}
                                   : std::vector<IterationRange>{});
    first += count;
  }
  return start;
}

FirstSynchronization observe_first_synchronization(std::int64_t iterations,
                                                   const IterationCost& cost,
                                                   const std::vector<ProcessorLoad>& loads,
                                                   double time_s) {
  const int p = static_cast<int>(loads.size());
  LoopStart blocks = equal_blocks(iterations, p);
  FirstSynchronization result;
  result.start.time_s = time_s;
  result.start.at_synchronization = true;
  for (int i = 0; i < p; ++i) {
    const ProcessorLoad& load = loads[static_cast<std::size_t>(i)];
    const IterationRange block = blocks.held[static_cast<std::size_t>(i)].empty()
                                     ? IterationRange{}
                                     : blocks.held[static_cast<std::size_t>(i)][0];
    if (load.iterations_done < 0 || load.iterations_done > block.count) {
      throw std::invalid_argument("first synchronization: processor " + std::to_string(i) +
                                  " reports " + std::to_string(load.iterations_done) +
                                  " iterations done of a block of " + std::to_string(block.count));
    }
    if (!(load.seconds >= 0) || !std::isfinite(load.seconds)) {
      throw std::invalid_argument("first synchronization: processor " + std::to_string(i) +
                                  " reports a negative or non-finite time");
    }
    const IterationRange rest{block.first + load.iterations_done,
                              block.count - load.iterations_done};
    result.start.held.push_back(rest.count > 0 ? std::vector<IterationRange>{rest}
                                               : std::vector<IterationRange>{});
    const double work = cost.of({block.first, load.iterations_done});
    // A processor that did nothing in no time tells nothing: speed 0 would
    // starve it of work for ever, so it counts as the slowest one seen.
    result.effective_speeds.push_back(load.seconds > 0 ? work / load.seconds : -1);
  }
  double slowest = -1;
  for (double s : result.effective_speeds) {
    if (s > 0) slowest = slowest < 0 ? s : std::min(slowest, s);
  }
  for (double& s : result.effective_speeds) {
    if (s < 0) s = slowest > 0 ? slowest : 1;
  }
  result.forecast = SpeedForecast::constant(result.effective_speeds);
  return result;
}

int LoopModelInput::effective_group_size() const {
  const int p = processors();
  const int k = group_size > 0 ? group_size : (p + 1) / 2;
  return std::clamp(k, 1, std::max(1, p));
}

void check_loop_model_input(const LoopModelInput& input) {
  const int p = input.processors();
  if (p < 1) throw std::invalid_argument("loop model: at least one processor");
  if (input.forecast.processors() != p) {
    throw std::invalid_argument("loop model: the speed forecast is for " +
                                std::to_string(input.forecast.processors()) +
                                " processors, the loop has " + std::to_string(p));
  }
  for (int i = 0; i < p; ++i) {
    for (const IterationRange& r : input.start.held[static_cast<std::size_t>(i)]) {
      if (r.first < 0 || r.count < 0 ||
          (!input.cost.is_uniform() && r.first + r.count > input.cost.size())) {
        throw std::invalid_argument("loop model: processor " + std::to_string(i) +
                                    " holds iterations outside the loop");
      }
    }
  }
  if (!(input.start.time_s >= 0)) throw std::invalid_argument("loop model: a negative start time");
  if (!(input.data_bytes_per_iteration >= 0)) {
    throw std::invalid_argument("loop model: negative data bytes per iteration");
  }
  if (!(input.distribution_s >= 0)) throw std::invalid_argument("loop model: a negative delta");
  if (!(input.profitability >= 0))
    throw std::invalid_argument("loop model: a negative profitability");
  if (input.chunks.ss_chunk < 1 || input.chunks.shared_iterator_chunk < 1 ||
      input.chunks.gss_min_chunk < 1 || input.chunks.tss_first < 0 || input.chunks.tss_last < 0) {
    throw std::invalid_argument("loop model: chunk sizes must be at least 1");
  }
  if (!input.chunks.awf_weights.empty() && static_cast<int>(input.chunks.awf_weights.size()) != p) {
    throw std::invalid_argument("loop model: one AWF weight per processor");
  }
  if (!input.chunks.awf_measured.empty() &&
      static_cast<int>(input.chunks.awf_measured.size()) != p) {
    throw std::invalid_argument("loop model: one AWF measure per processor");
  }
  for (const ProcessorLoad& load : input.chunks.awf_measured) {
    if (load.iterations_done < 0 || !(load.seconds >= 0) || !std::isfinite(load.seconds))
      throw std::invalid_argument("loop model: a negative AWF measure");
  }
  if (input.profiled.eval_skip < 0 || input.profiled.eval_size < 1 ||
      !(input.profiled.damping > 0 && input.profiled.damping <= 1)) {
    throw std::invalid_argument(
        "loop model: profiled needs eval_skip >= 0, eval_size >= 1 and "
        "damping in (0, 1]");
  }
}

}  // namespace stacksplit::schemes::loop::cost_model
