#include "schemes/loop/cost_model/redistribution.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>

namespace stacksplit::schemes::loop::cost_model {

std::vector<std::int64_t> proportional_distribution(std::int64_t total,
                                                    const std::vector<double>& speeds) {
  const std::size_t p = speeds.size();
  std::vector<std::int64_t> shares(p, 0);
  if (p == 0 || total <= 0) return shares;
  double sum = 0;
  for (double s : speeds) sum += std::max(0.0, s);
  std::vector<double> exact(p);
  for (std::size_t i = 0; i < p; ++i) {
    exact[i] = sum > 0 ? static_cast<double>(total) * std::max(0.0, speeds[i]) / sum
                       : static_cast<double>(total) / static_cast<double>(p);
    shares[i] = static_cast<std::int64_t>(std::floor(exact[i]));
  }
  std::int64_t left = total - std::accumulate(shares.begin(), shares.end(), std::int64_t{0});
  std::vector<std::size_t> order(p);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return exact[a] - std::floor(exact[a]) > exact[b] - std::floor(exact[b]);
  });
  // Rounding can leave more than p over only through floating error.
  for (std::size_t k = 0; left > 0; k = (k + 1) % p) {
    if (sum > 0 && speeds[order[k]] <= 0) continue;
    ++shares[order[k]];
    --left;
  }
  return shares;
}

Redistribution plan_transfers(const std::vector<std::int64_t>& left,
                              std::vector<std::int64_t> target) {
  assert(left.size() == target.size());
  assert(std::accumulate(left.begin(), left.end(), std::int64_t{0}) ==
         std::accumulate(target.begin(), target.end(), std::int64_t{0}));
  Redistribution plan;
  plan.distribution = std::move(target);
  std::vector<std::pair<int, std::int64_t>> senders, receivers;
  for (std::size_t i = 0; i < left.size(); ++i) {
    const std::int64_t difference = left[i] - plan.distribution[i];
    if (difference > 0) senders.emplace_back(static_cast<int>(i), difference);
    if (difference < 0) receivers.emplace_back(static_cast<int>(i), -difference);
    plan.work_moved += std::max<std::int64_t>(0, difference);
  }
  std::size_t s = 0, r = 0;
  while (s < senders.size() && r < receivers.size()) {
    const std::int64_t count = std::min(senders[s].second, receivers[r].second);
    plan.transfers.push_back({senders[s].first, receivers[r].first, count});
    senders[s].second -= count;
    receivers[r].second -= count;
    if (senders[s].second == 0) ++s;
    if (receivers[r].second == 0) ++r;
  }
  return plan;
}

Redistribution plan_redistribution(const std::vector<std::int64_t>& left,
                                   const std::vector<double>& speeds) {
  const std::int64_t total = std::accumulate(left.begin(), left.end(), std::int64_t{0});
  return plan_transfers(left, proportional_distribution(total, speeds));
}

}  // namespace stacksplit::schemes::loop::cost_model
