#pragma once
// No balancing: every processor finishes what it holds — from the start,
// equal blocks run to completion, the baseline Zaki, Parthasarathy & Li
// normalize against (Customized Dynamic Load Balancing, §1.5.2, "no DLB").

#include <vector>

#include "schemes/loop/cost_model/loop_model_input.hpp"

namespace stacksplit::schemes::loop::cost_model {

struct StaticPrediction {
  double time_s = 0;             // from the model's start to the last finish
  std::vector<double> finish_s;  // per processor, model time
  double imbalance_s = 0;        // last finish − mean finish
};

StaticPrediction predict_static_block(const LoopModelInput& input);

}  // namespace stacksplit::schemes::loop::cost_model
