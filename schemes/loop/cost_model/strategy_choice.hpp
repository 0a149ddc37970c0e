#pragma once
// Every strategy's predicted time, and the choice among them: what `--scheme
// auto` asks at the first synchronization, committing to the predicted best
// as Zaki, Parthasarathy & Li do (Customized Dynamic Load Balancing, §1.3.3),
// and what `stacksplit loop --predict` prints — here over the chapter's four
// strategies and the rest of the family.

#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "schemes/loop/cost_model/chunk_scheduling_model.hpp"
#include "schemes/loop/cost_model/dlb_model.hpp"
#include "schemes/loop/cost_model/loop_model_input.hpp"
#include "schemes/loop/cost_model/loop_strategy.hpp"
#include "schemes/loop/cost_model/network_model.hpp"
#include "schemes/loop/cost_model/profiled_model.hpp"
#include "schemes/loop/cost_model/static_block_model.hpp"

namespace stacksplit::schemes::loop::cost_model {

struct StrategyPrediction {
  LoopStrategy strategy = LoopStrategy::kStaticBlock;
  double time_s = 0;  // from the model's start to the loop's end
  // The breakdown of the one model that made it.
  std::optional<DlbPrediction> dlb;
  std::optional<ChunkPrediction> chunk;
  std::optional<ProfiledPrediction> profiled;
  std::optional<StaticPrediction> static_block;
  // One line: the terms behind the time ("eta 3, TC 0.41 s", "812 chunks, ...").
  std::string summary() const;
};

// A chunk scheduler's play stops once past `give_up_after_s` (its time_s is
// then a lower bound, chunk->gave_up); the other models take a step a
// synchronization and always run to the end.
StrategyPrediction predict_strategy(
    LoopStrategy strategy, const LoopModelInput& input, const NetworkModel& network,
    double give_up_after_s = std::numeric_limits<double>::infinity());

// The given strategies (default: all of kLoopStrategies), fastest first; a
// tie keeps the order given.
std::vector<StrategyPrediction> predict_strategies(
    const LoopModelInput& input, const NetworkModel& network,
    std::span<const LoopStrategy> strategies = kLoopStrategies);

// The fastest of `predictions` (which must not be empty).
const StrategyPrediction& best_prediction(const std::vector<StrategyPrediction>& predictions);

}  // namespace stacksplit::schemes::loop::cost_model
