// What auto-adaptive tells the cost model at a later synchronization: where
// every iteration left is, and each processor's speed from the work it did.

#include "schemes/loop/auto_prediction.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "schemes/loop/loop_scheme_options.hpp"

namespace stacksplit::schemes {
namespace {

namespace model = schemes::loop::cost_model;

SynchronizationProfile profile(double busy, double work, std::vector<core::IterationSet> held) {
  SynchronizationProfile p;
  p.busy = busy;
  p.work = work;
  p.held = std::move(held);
  return p;
}

TEST(AutoPrediction, ALaterSynchronizationStartsFromTheSetsHeldAtTheSpeedsWorked) {
  // Iteration i costs i + 1 s. Processor 0 worked 6 s in 2 s, processor 1
  // nothing since the last decision (it keeps the 0.5 it had), processor 2
  // never worked (the slowest seen).
  const auto cost = model::IterationCost::from_function(10, [](std::int64_t i) { return i + 1.0; });
  std::vector<double> rates = {0, 0.5, 0};
  const std::vector<SynchronizationProfile> profiles = {
      profile(2, 6, {core::IterationSet::range(7, 2)}),
      profile(0, 0, {core::IterationSet::range(2, 1), core::IterationSet::range(9, 1)}),
      profile(0, 0, {})};
  note_rates(profiles, rates);
  EXPECT_EQ(rates, (std::vector<double>{3, 0.5, 0}));
  const model::LoopModelInput input = later_synchronization_input(profiles, cost, 4.5, rates);
  EXPECT_DOUBLE_EQ(input.start.time_s, 4.5);
  EXPECT_TRUE(input.start.at_synchronization);
  ASSERT_EQ(input.start.held.size(), 3u);
  EXPECT_EQ(input.start.held[0], (std::vector<model::IterationRange>{{7, 2}}));
  EXPECT_EQ(input.start.held[1], (std::vector<model::IterationRange>{{2, 1}, {9, 1}}));
  EXPECT_TRUE(input.start.held[2].empty());
  EXPECT_DOUBLE_EQ(input.forecast.speed(0, 4.5), 3);
  EXPECT_DOUBLE_EQ(input.forecast.speed(1, 4.5), 0.5);
  EXPECT_DOUBLE_EQ(input.forecast.speed(2, 4.5), 0.5);
}

TEST(AutoPrediction, CyclicSetsReachTheModelAsTheirRanges) {
  const auto cost = model::IterationCost::uniform(1);
  std::vector<double> rates = {1};
  // Blocks of 2 every 4 iterations from 1: 1 2, 5 6, 9.
  const model::LoopModelInput input =
      later_synchronization_input({profile(1, 1, {{1, 5, 2, 4}})}, cost, 0, rates);
  EXPECT_EQ(input.start.held[0], (std::vector<model::IterationRange>{{1, 2}, {5, 2}, {9, 1}}));
}

// The fastest, and every time but a chunk scheduler's cut short, as the
// model played to the end gives them; a cut one's is a lower bound above
// the fastest.
void expect_the_same_choice(const model::LoopModelInput& input, const ExternalLoad& load) {
  const auto network = serial_network(1e-5, 1e9);
  const auto times = expected_times(input, network, model::kLoopStrategies, load);
  ASSERT_EQ(times.size(), model::kLoopStrategies.size());
  std::map<std::string, double> whole;
  const std::vector<model::SpeedForecast> futures = load_futures(input, load);
  model::LoopModelInput each = input;
  for (const model::SpeedForecast& future : futures) {
    each.forecast = future;
    for (model::LoopStrategy s : model::kLoopStrategies)
      whole[std::string(model::strategy_name(s))] +=
          model::predict_strategy(s, each, network).time_s / static_cast<double>(futures.size());
  }
  const auto fastest = std::min_element(times.begin(), times.end(),
                                        [](auto& a, auto& b) { return a.second < b.second; });
  const auto truly = std::min_element(whole.begin(), whole.end(),
                                      [](auto& a, auto& b) { return a.second < b.second; });
  EXPECT_EQ(fastest->first, truly->first);
  int cut = 0;
  for (const auto& [name, seconds] : times) {
    if (seconds == whole[name]) continue;
    ++cut;
    const auto strategy = *model::strategy_from_name(name);
    EXPECT_TRUE(model::is_chunk_scheduler(strategy)) << name;
    EXPECT_LT(seconds, whole[name]) << name;
    EXPECT_GT(seconds, fastest->second) << name;
  }
  EXPECT_GT(cut, 0);  // ss's 20,000 chunks, at least, were not all played
}

TEST(AutoPrediction, AChunkSchedulerThatCannotWinIsNotPlayedToTheEnd) {
  // 40,000 iterations of 1 us, one processor at half speed, at the first
  // synchronization: ss and the shared iterator take a step a chunk, and
  // their access costs alone put them far behind.
  model::LoopModelInput input;
  input.cost = model::IterationCost::uniform(1e-6);
  input.start.time_s = 0.02;
  input.start.at_synchronization = true;
  input.start.held = {{}, {{30000, 10000}}};
  input.forecast = model::SpeedForecast::constant({1, 0.5});
  expect_the_same_choice(input, {});
  // Under a load, over its futures: a candidate's sum is cut, not one future.
  ExternalLoad load;
  load.nominal_speeds = {1, 1};
  load.max_load = 3;
  load.persistence_s = 0.005;
  expect_the_same_choice(input, load);
}

TEST(AutoPrediction, AwfOnATriangularLoopIsPredictedWithTheRatesItsRequestsReport) {
  // AC's triangle (iteration i costs N - i units) on four equal processors,
  // at a first synchronization 0.4 s in: each did 0.4 s of work, processor 3
  // many cheap iterations, processor 0 few dear ones. AWF's master weighs
  // requests by iterations per busy second since the loop began (the mark
  // auto leaves there for a pool), so processor 3 looks five times as fast
  // as processor 0 and its first chunk, from the dear front of the pool, is
  // weighted up; weights from work per second would make AWF fac2 here.
  constexpr std::int64_t n = 4000;
  const auto cost = model::IterationCost::from_function(
      n, [](std::int64_t i) { return static_cast<double>(n - i) * 1e-6; });
  std::vector<SynchronizationProfile> profiles(4);
  for (std::int64_t r = 0; r < 4; ++r) {
    double work = 0;
    std::uint64_t done = 0;
    for (std::int64_t i = r * n / 4; work + cost.of({i, 1}) <= 0.4; ++i, ++done)
      work += cost.of({i, 1});
    profiles[static_cast<std::size_t>(r)].done = done;
    profiles[static_cast<std::size_t>(r)].busy = work;
  }
  ASSERT_GT(profiles[3].done, 5 * profiles[0].done);
  model::LoopModelInput input = first_synchronization_input(profiles, cost, n, 0.4);
  ASSERT_EQ(input.chunks.awf_measured.size(), 4u);
  for (std::size_t r = 0; r < 4; ++r) {
    EXPECT_EQ(input.chunks.awf_measured[r].iterations_done,
              static_cast<std::int64_t>(profiles[r].done));
    EXPECT_DOUBLE_EQ(input.chunks.awf_measured[r].seconds, profiles[r].busy);
  }
  const auto network = serial_network(1e-5, 1e9);
  const auto awf = model::predict_strategy(model::LoopStrategy::kAwf, input, network).chunk;
  const auto fac2 = model::predict_strategy(model::LoopStrategy::kFac2, input, network).chunk;
  ASSERT_TRUE(awf && fac2);
  ASSERT_GE(awf->chunk_sizes.size(), 4u);
  // The first batch, taken in rank order: processor 3's chunk is more than
  // twice fac2's, processor 0's (the first asked, the others unmeasured) fac2's.
  EXPECT_EQ(awf->chunk_sizes[0], fac2->chunk_sizes[0]);
  EXPECT_GT(awf->chunk_sizes[3], 2 * fac2->chunk_sizes[3]);
}

}  // namespace
}  // namespace stacksplit::schemes
