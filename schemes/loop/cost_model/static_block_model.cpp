#include "schemes/loop/cost_model/static_block_model.hpp"

#include <algorithm>
#include <numeric>

#include "schemes/loop/cost_model/loop_state.hpp"

namespace stacksplit::schemes::loop::cost_model {

StaticPrediction predict_static_block(const LoopModelInput& input) {
  check_loop_model_input(input);
  std::vector<int> everyone(static_cast<std::size_t>(input.processors()));
  std::iota(everyone.begin(), everyone.end(), 0);
  const LoopState state(input, everyone);
  StaticPrediction prediction;
  double last = input.start.time_s, sum = 0;
  for (int k = 0; k < state.size(); ++k) {
    const double t =
        state.left(k) > 0 ? state.finish_time(k, input.start.time_s) : input.start.time_s;
    prediction.finish_s.push_back(t);
    last = std::max(last, t);
    sum += t;
  }
  prediction.time_s = last - input.start.time_s;
  prediction.imbalance_s = last - sum / state.size();
  return prediction;
}

}  // namespace stacksplit::schemes::loop::cost_model
