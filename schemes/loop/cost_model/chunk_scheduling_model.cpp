#include "schemes/loop/cost_model/chunk_scheduling_model.hpp"

#include <algorithm>
#include <deque>
#include <functional>
#include <queue>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "schemes/loop/cost_model/adaptive_weighted_factoring.hpp"
#include "schemes/loop/cost_model/factoring.hpp"
#include "schemes/loop/cost_model/guided_self_scheduling.hpp"
#include "schemes/loop/cost_model/trapezoid_self_scheduling.hpp"

namespace stacksplit::schemes::loop::cost_model {
namespace {

struct OwnedRange {
  IterationRange range;
  int owner = 0;
};

// The scheme's next chunk size, given what is left and who asks.
class ChunkRule {
 public:
  ChunkRule(LoopStrategy strategy, const LoopModelInput& input, std::int64_t total,
            std::vector<double> weights)
      : strategy_(strategy), input_(input), p_(input.processors()), weights_(std::move(weights)) {
    if (strategy == LoopStrategy::kTss) {
      tss_ = tss_parameters(total, p_, input.chunks.tss_first, input.chunks.tss_last);
    }
  }

  void set_weights(std::vector<double> weights) { weights_ = std::move(weights); }

  std::int64_t next(std::int64_t remaining, int asker) {
    std::int64_t size = 0;
    switch (strategy_) {
      case LoopStrategy::kSs:
        size = input_.chunks.ss_chunk;
        break;
      case LoopStrategy::kSharedIterator:
        size = input_.chunks.shared_iterator_chunk;
        break;
      case LoopStrategy::kGss:
        size = gss_chunk(remaining, p_, input_.chunks.gss_min_chunk);
        break;
      case LoopStrategy::kTss:
        size = tss_chunk(tss_, served_);
        break;
      case LoopStrategy::kFac2:
      case LoopStrategy::kAwf:
        // A batch is P chunks; its size is fixed when its first is served.
        if (served_ % p_ == 0) batch_start_ = remaining;
        size = strategy_ == LoopStrategy::kFac2
                   ? fac2_chunk(batch_start_, p_)
                   : awf_chunk(batch_start_, p_, weights_[static_cast<std::size_t>(asker)]);
        break;
      default:
        break;
    }
    ++served_;
    return std::clamp<std::int64_t>(size, 1, remaining);
  }

 private:
  LoopStrategy strategy_;
  const LoopModelInput& input_;
  int p_;
  std::vector<double> weights_;
  TssParameters tss_;
  std::int64_t served_ = 0;
  std::int64_t batch_start_ = 0;
};

}  // namespace

ChunkPrediction predict_chunk_scheduling(LoopStrategy strategy, const LoopModelInput& input,
                                         const NetworkModel& network, double give_up_after_s) {
  if (!is_chunk_scheduler(strategy)) {
    throw std::invalid_argument("predict_chunk_scheduling: " +
                                std::string(strategy_name(strategy)) + " is not a chunk scheduler");
  }
  check_loop_model_input(input);
  const int p = input.processors();
  const double start = input.start.time_s;

  std::deque<OwnedRange> pool;
  std::int64_t remaining = 0;
  for (int i = 0; i < p; ++i) {
    for (const IterationRange& r : input.start.held[static_cast<std::size_t>(i)]) {
      if (r.count <= 0) continue;
      pool.push_back({r, i});
      remaining += r.count;
    }
  }
  // AWF's weights follow what each processor reports with its requests,
  // as the scheme's master keeps them: iterations per busy second since the
  // loop began, not work per second. On a loop whose iterations differ in
  // cost (AC's triangle) a processor that did cheap ones looks fast, and
  // its chunks, taken from wherever the pool stands, are weighted up.
  const bool adaptive = strategy == LoopStrategy::kAwf && input.chunks.awf_weights.empty();
  std::vector<double> iterations_done(static_cast<std::size_t>(p), 0),
      busy(static_cast<std::size_t>(p), 0), reported(static_cast<std::size_t>(p), 0);
  for (std::size_t i = 0; i < input.chunks.awf_measured.size(); ++i) {
    iterations_done[i] = static_cast<double>(input.chunks.awf_measured[i].iterations_done);
    busy[i] = input.chunks.awf_measured[i].seconds;
  }
  ChunkRule rule(strategy, input, remaining,
                 adaptive ? awf_weights_from_reported_rates(reported) : input.chunks.awf_weights);
  double pool_work = 0;
  for (const OwnedRange& piece : pool) pool_work += input.cost.of(piece.range);
  const double mean_iteration = remaining > 0 ? pool_work / static_cast<double>(remaining) : 0;

  ChunkPrediction prediction;
  prediction.strategy = strategy;
  const bool one_sided = strategy == LoopStrategy::kSharedIterator;
  const double message = network.message_s(input.messages.request);
  prediction.service_s = network.cost(Exchange::kAllToOne, p, input.messages.request) / p;

  // Idle processors by the time they ask; ties to the lower rank.
  using Ask = std::pair<double, int>;
  std::priority_queue<Ask, std::vector<Ask>, std::greater<Ask>> asking;
  for (int i = 0; i < p; ++i) asking.push({start, i});
  std::vector<double> finish(static_cast<std::size_t>(p), start);
  double queue_free = start;
  double wire_free = start;  // the data of every chunk crosses the one medium
  double owner_debt = 0;

  while (!asking.empty()) {
    auto [ask_s, who] = asking.top();
    asking.pop();
    // Processor 0 keeps the queue: its own accesses send no message.
    const bool local = who == 0;
    const double arrive = ask_s + (local ? 0 : message);
    const double served = std::max(arrive, queue_free) + prediction.service_s;
    queue_free = served;
    const double reply = served + (local ? 0 : message);
    // The owner computes too; serving another's request costs it s.
    if (!one_sided && !local) owner_debt += prediction.service_s;
    if (remaining == 0) {
      finish[static_cast<std::size_t>(who)] =
          std::max(finish[static_cast<std::size_t>(who)], ask_s);
      continue;
    }
    if (ask_s - start > give_up_after_s) {
      // Iterations are left, so the loop ends after this ask.
      prediction.gave_up = true;
      prediction.finish_s = finish;
      prediction.time_s = ask_s - start;
      return prediction;
    }
    if (adaptive) {
      const auto w = static_cast<std::size_t>(who);
      if (busy[w] > 0 && iterations_done[w] > 0) reported[w] = iterations_done[w] / busy[w];
      rule.set_weights(awf_weights_from_reported_rates(reported));
    }
    std::int64_t size = rule.next(remaining, who);
    const std::int64_t taken = size;
    remaining -= size;
    prediction.chunk_sizes.push_back(size);
    ++prediction.chunks;
    prediction.access_s += reply - ask_s;

    // Take the chunk off the pool, piece by piece, paying for others' data.
    // The bytes queue for the medium as the chapter's κ(j) = β·L + α·ΣD/B
    // has them (one after another); the latencies overlap.
    double work = 0, data = 0, ready = reply;
    while (size > 0) {
      OwnedRange& front = pool.front();
      const std::int64_t take = std::min(size, front.range.count);
      work += input.cost.of({front.range.first, take});
      if (front.owner != who && input.data_bytes_per_iteration > 0) {
        const double transfer = static_cast<double>(take) * input.data_bytes_per_iteration /
                                network.bandwidth_bytes_per_s;
        // The taker asks the holder, which answers between its iterations:
        // half of one on average while it computes.
        const int holder = front.owner;
        const double asked = reply + network.latency_s;
        const double answered =
            asked + (asked < finish[static_cast<std::size_t>(holder)]
                         ? 0.5 * mean_iteration / input.forecast.speed(holder, asked)
                         : 0);
        wire_free = std::max(answered + network.latency_s, wire_free) + transfer;
        ready = std::max(ready, wire_free);
        data += (answered - reply) + network.latency_s + transfer;
      }
      front.range.first += take;
      front.range.count -= take;
      if (front.range.count == 0) pool.pop_front();
      size -= take;
    }
    prediction.data_movement_s += data;
    const double done = input.forecast.finish_time(who, ready, work);
    finish[static_cast<std::size_t>(who)] = done;
    iterations_done[static_cast<std::size_t>(who)] += static_cast<double>(taken);
    busy[static_cast<std::size_t>(who)] += done - ready;
    asking.push({done, who});
  }
  // Charged at the end: the owner's later chunks start a little later, which
  // the order of requests above does not see.
  finish[0] += owner_debt;

  double last = start, sum = 0;
  for (double t : finish) {
    last = std::max(last, t);
    sum += t;
  }
  prediction.finish_s = finish;
  prediction.time_s = last - start;
  prediction.imbalance_s = last - sum / p;
  return prediction;
}

}  // namespace stacksplit::schemes::loop::cost_model
