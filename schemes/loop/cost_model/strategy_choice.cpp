#include "schemes/loop/cost_model/strategy_choice.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace stacksplit::schemes::loop::cost_model {

std::string StrategyPrediction::summary() const {
  char text[200];
  if (dlb) {
    std::snprintf(text, sizeof text, "eta %d, xi %.4g s, TC %.4g s, %zu group(s)",
                  dlb->synchronizations(), dlb->synchronization_s, dlb->total_cost_s(),
                  dlb->groups.size());
  } else if (chunk) {
    std::snprintf(text, sizeof text, "%lld chunks, access %.4g s, data %.4g s, imbalance %.4g s",
                  static_cast<long long>(chunk->chunks), chunk->access_s, chunk->data_movement_s,
                  chunk->imbalance_s);
  } else if (profiled) {
    std::snprintf(text, sizeof text, "%s, %lld iterations moved in %d messages, kappa %.4g s",
                  profiled->repartitioned ? "re-partitions" : "keeps its blocks",
                  static_cast<long long>(profiled->work_moved), profiled->messages,
                  profiled->data_movement_s);
  } else if (static_block) {
    std::snprintf(text, sizeof text, "no balancing, imbalance %.4g s", static_block->imbalance_s);
  } else {
    return {};
  }
  return text;
}

StrategyPrediction predict_strategy(LoopStrategy strategy, const LoopModelInput& input,
                                    const NetworkModel& network, double give_up_after_s) {
  StrategyPrediction prediction;
  prediction.strategy = strategy;
  switch (strategy) {
    case LoopStrategy::kStaticBlock:
      prediction.static_block = predict_static_block(input);
      prediction.time_s = prediction.static_block->time_s;
      break;
    case LoopStrategy::kProfiled:
      prediction.profiled = predict_profiled(input, network);
      prediction.time_s = prediction.profiled->time_s;
      break;
    case LoopStrategy::kGcdlb:
    case LoopStrategy::kGddlb:
    case LoopStrategy::kLcdlb:
    case LoopStrategy::kLddlb:
      prediction.dlb = predict_dlb(strategy, input, network);
      prediction.time_s = prediction.dlb->time_s;
      break;
    default:
      prediction.chunk = predict_chunk_scheduling(strategy, input, network, give_up_after_s);
      prediction.time_s = prediction.chunk->time_s;
      break;
  }
  return prediction;
}

std::vector<StrategyPrediction> predict_strategies(const LoopModelInput& input,
                                                   const NetworkModel& network,
                                                   std::span<const LoopStrategy> strategies) {
  check_loop_model_input(input);
  std::vector<StrategyPrediction> predictions;
  for (LoopStrategy s : strategies) predictions.push_back(predict_strategy(s, input, network));
  std::stable_sort(
      predictions.begin(), predictions.end(),
      [](const StrategyPrediction& a, const StrategyPrediction& b) { return a.time_s < b.time_s; });
  return predictions;
}

const StrategyPrediction& best_prediction(const std::vector<StrategyPrediction>& predictions) {
  if (predictions.empty()) throw std::invalid_argument("best_prediction: no prediction");
  return *std::min_element(
      predictions.begin(), predictions.end(),
      [](const StrategyPrediction& a, const StrategyPrediction& b) { return a.time_s < b.time_s; });
}

}  // namespace stacksplit::schemes::loop::cost_model
