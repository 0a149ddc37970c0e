#pragma once
// No balancing: every processor finishes what it holds (from the start,
// equal blocks: "we partition the iterations in equal blocks among all the
// processors, and let the program run to completion" — Zaki, Parthasarathy &
// Li, Customized Dynamic Load Balancing, §1.5.2, their "no DLB").

#include <vector>

#include "analysis/cost_model/loop_model_input.hpp"

namespace stacksplit::analysis::cost_model {

struct StaticPrediction {
  double time_s = 0;             // from the model's start to the last finish
  std::vector<double> finish_s;  // per processor, model time
  double imbalance_s = 0;        // last finish − mean finish
};

StaticPrediction predict_static_block(const LoopModelInput& input);

}  // namespace stacksplit::analysis::cost_model
