// `--scheme auto` on the simulated machine, with the network measured the
// way a run measures it (netchar on the same machine, fitted): it picks
// the strategy a case is built for, and it is never far behind the best one.

#include "schemes/loop/auto_strategy.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "apps/cli/netchar/characterize_network.hpp"
#include "apps/synthetic/synthetic_loop.hpp"
#include "core/loop/run_loop.hpp"
#include "core/sim/machine_model.hpp"
#include "schemes/loop/cost_model/network_fit.hpp"
#include "schemes/loop/loop_scheme_options.hpp"
#include "schemes/scheme_registry.hpp"

namespace stacksplit {
namespace {

using apps::synthetic::SyntheticLoop;
using apps::synthetic::SyntheticOptions;

core::RunConfig simulated(int workers, std::vector<std::string> machine) {
  core::RunConfig config;
  config.workers = workers;
  config.runtime = core::RuntimeKind::kSim;
  config.machine = core::make_machine_model("now", machine);
  config.search.quantum = 1;
  return config;
}

// The options auto is made with: the kernel's own iteration times (as the
// simulator charges them) and the network netchar measures on this machine.
schemes::LoopSchemeOptions options_for(const SyntheticLoop& kernel, const core::RunConfig& config) {
  schemes::loop::cost_model::FitOptions fit;
  fit.degree_p = 1;
  cli::NetcharOptions netchar;
  netchar.repeats = 1;
  auto network =
      schemes::loop::cost_model::fit_network(cli::characterize_network(config, netchar), fit);
  const double t_unit = config.machine.t_unit, t_node = config.machine.t_node;
  auto prototype = std::make_shared<SyntheticLoop>(kernel);
  prototype->begin_loop(0);
  schemes::LoopSchemeOptions options;
  options.model = std::make_shared<schemes::FunctionLoopModel>(
      [prototype, t_unit, t_node](int, std::uint64_t i) {
        return prototype->cost(i) * t_unit + t_node;
      },
      [prototype](int) { return static_cast<double>(prototype->bytes_per_iteration()); },
      std::move(network));
  return options;
}

// 4000 iterations of the same cost, `data` bytes moving with each.
SyntheticLoop uniform_loop(std::size_t data) {
  SyntheticOptions synthetic;
  synthetic.iterations = 4000;
  synthetic.data = data;
  return SyntheticLoop(synthetic);
}

struct Outcome {
  double seconds = 0;
  std::string chosen;                // auto's first decision
  std::vector<std::string> choices;  // every decision, in order
  std::vector<double> decided_at;    // when, since the loop began
  double predicted_end = 0;          // the first decision's: when its choice would end
};

Outcome run(const std::string& scheme, const SyntheticLoop& kernel, const core::RunConfig& config,
            const core::LoadOptions& load) {
  const schemes::LoopSchemeOptions options = options_for(kernel, config);
  core::LoopConfig loop;
  loop.make_scheme = [scheme, options] { return schemes::make_loop_scheme(scheme, options); };
  loop.load = load;
  const auto result = core::run_loop<SyntheticLoop>(config, loop, [&] { return kernel; });
  EXPECT_TRUE(kernel.matches(core::run_loops_sequentially(kernel), result.output)) << scheme;
  Outcome outcome;
  outcome.seconds = result.seconds;
  if (result.scheme_report.is_object() && !result.scheme_report["decisions"].empty()) {
    outcome.chosen = result.scheme_report["decisions"][0]["chosen"].get<std::string>();
    for (const auto& decision : result.scheme_report["decisions"]) {
      outcome.choices.push_back(decision["chosen"].get<std::string>());
      outcome.decided_at.push_back(decision["decided_at_s"].get<double>());
    }
    for (const auto& candidate : result.scheme_report["decisions"][0]["predicted"])
      if (candidate["scheme"] == outcome.chosen)
        outcome.predicted_end = outcome.decided_at.front() + candidate["predicted_s"].get<double>();
  }
  return outcome;
}

TEST(AutoStrategy, ANearlyBalancedLoopOnADearNetworkStaysStatic) {
  // One processor at 0.95 of the others' speed, a uniform loop, 50 ms a
  // message: the 50 ms of work left at the first synchronization are not
  // worth a single message.
  const SyntheticLoop kernel = uniform_loop(1024);
  const core::RunConfig config = simulated(4, {"t_unit=1e-3", "t_node=0", "t_s=0.05"});
  const Outcome chosen = run("auto", kernel, config, {{1, 1, 1, 0.95}, 0, 1, 1});
  EXPECT_EQ(chosen.chosen, "static-block");
}

TEST(AutoStrategy, ASlowProcessorOnACheapNetworkIsBalanced) {
  // One processor at a tenth of the others' speed: staying static leaves it
  // nine tenths of its block; auto must move work, and come close to the best
  // fixed strategy of the family.
  const SyntheticLoop kernel = uniform_loop(64);
  const core::RunConfig config = simulated(4, {"t_unit=1e-3", "t_node=0"});
  const core::LoadOptions load{{1, 1, 1, 0.1}, 0, 1, 1};
  const Outcome automatic = run("auto", kernel, config, load);
  EXPECT_NE(automatic.chosen, "static-block");
  double best = std::numeric_limits<double>::infinity();
  std::string best_name;
  for (const char* scheme : {"static-block", "ss", "gss", "tss", "fac2", "awf", "shared-iterator",
                             "profiled", "gcdlb", "gddlb", "lcdlb", "lddlb"}) {
    const double seconds = run(scheme, kernel, config, load).seconds;
    if (seconds < best) best = seconds, best_name = scheme;
  }
  const double static_seconds = run("static-block", kernel, config, load).seconds;
  EXPECT_LT(automatic.seconds, 0.5 * static_seconds);
  EXPECT_LT(automatic.seconds, 1.15 * best)
      << "auto chose " << automatic.chosen << ", the best was " << best_name;
}

TEST(AutoAdaptive, DecidesAgainWhileItsChoiceIsGlobalAndLosesNoIteration) {
  // Loads redrawn every 0.5 s on a cheap network: the first decision is a
  // global interrupt strategy (as auto's), and while the choice stays one,
  // each later synchronization is auto-adaptive's and decides again among
  // the strategies that can take over there. run() checks the result.
  const SyntheticLoop kernel = uniform_loop(0);
  const core::RunConfig config = simulated(4, {"t_unit=1e-3", "t_node=0"});
  const core::LoadOptions load{{}, 5, 0.5, 1};
  const Outcome once = run("auto", kernel, config, load);
  const Outcome adaptive = run("auto-adaptive", kernel, config, load);
  ASSERT_EQ(once.choices.size(), 1u);
  ASSERT_GT(adaptive.choices.size(), 2u);
  EXPECT_EQ(adaptive.choices.front(), once.chosen);
  EXPECT_TRUE(adaptive.choices.front() == "gcdlb" || adaptive.choices.front() == "gddlb")
      << adaptive.choices.front();
  const std::vector<std::string> later = {"static-block", "profiled", "gcdlb",
                                          "gddlb",        "lcdlb",    "lddlb"};
  for (std::size_t k = 1; k < adaptive.choices.size(); ++k) {
    EXPECT_NE(std::find(later.begin(), later.end(), adaptive.choices[k]), later.end())
        << "decision " << k << " chose " << adaptive.choices[k];
    EXPECT_GT(adaptive.decided_at[k], adaptive.decided_at[k - 1]);
    // Only a global strategy or static-block leaves the next decision to auto.
    const std::string& before = adaptive.choices[k - 1];
    EXPECT_TRUE(before == "gcdlb" || before == "gddlb" || before == "static-block") << before;
  }
}

TEST(AutoAdaptive, DecidesOnceWhenItsFirstChoiceIsAPool) {
  // Moving 4 KiB with each iteration, a processor at a tenth of the others'
  // speed: the first choice is a self-scheduling scheme, which keeps the loop.
  const SyntheticLoop kernel = uniform_loop(4096);
  const core::RunConfig config = simulated(4, {"t_unit=1e-3", "t_node=0"});
  const core::LoadOptions load{{1, 1, 1, 0.1}, 0, 1, 1};
  const Outcome once = run("auto", kernel, config, load);
  const Outcome adaptive = run("auto-adaptive", kernel, config, load);
  const std::vector<std::string> pools = {"ss", "gss", "tss", "fac2", "awf", "shared-iterator"};
  ASSERT_NE(std::find(pools.begin(), pools.end(), once.chosen), pools.end()) << once.chosen;
  ASSERT_EQ(adaptive.choices.size(), 1u);
  EXPECT_EQ(adaptive.chosen, once.chosen);
  EXPECT_DOUBLE_EQ(adaptive.seconds, once.seconds);
}

TEST(AutoStrategy, APoolTakesOverOneChunkAtATime) {
  // As above, auto hands the iterations left to a pool scheme. Each
  // processor then asks for one chunk: when one asked twice (once as it
  // resumed, once as auto passed on its being out of work) it held two of
  // the first, largest chunks, and the loop waited for it, well past what the
  // model had predicted for the pool.
  const SyntheticLoop kernel = uniform_loop(4096);
  const core::RunConfig config = simulated(4, {"t_unit=1e-3", "t_node=0"});
  const core::LoadOptions load{{1, 0.1, 1, 1}, 0, 1, 1};
  const Outcome handed = run("auto", kernel, config, load);
  const std::vector<std::string> pools = {"ss", "gss", "tss", "fac2", "awf", "shared-iterator"};
  ASSERT_NE(std::find(pools.begin(), pools.end(), handed.chosen), pools.end()) << handed.chosen;
  ASSERT_GT(handed.predicted_end, 0);
  EXPECT_LT(handed.seconds, 1.1 * handed.predicted_end) << handed.chosen;
}

// ---- auto's phases (docs/design.md, "auto's phases"), on a context driven by hand ----

using Phase = schemes::AutoStrategy::Phase;
constexpr std::int32_t kProfileKind = 11;  // auto's profile message

// Processor 0 of `size` as auto sees it: it holds `held`, and keeps what
// auto sends and whether it paused. resume() with nothing held tells the
// scheme it is out of work, as the worker does.
class HandContext final : public core::LoopContext {
 public:
  HandContext(std::uint64_t n, int size) : n_(n), size_(size) {
    parameters_.speeds.assign(size, 1);
  }
  int rank() const override { return 0; }
  int size() const override { return size_; }
  double now() const override { return now_; }
  int loop() const override { return 0; }
  std::uint64_t iterations() const override { return n_; }
  const core::LoadParameters& load_parameters() const override { return parameters_; }
  std::uint64_t remaining() const override { return core::iteration_count(held_); }
  std::vector<core::IterationSet> held() const override { return held_; }
  std::uint64_t done_since_mark() const override { return done_; }
  double busy_since_mark() const override { return busy_; }
  void mark_profile() override {
    done_ = 0;
    busy_ = 0;
  }
  void take_from_pool(core::PoolAccess) override {}
  void refill_pool(const std::vector<std::pair<core::IterationSet, int>>&) override {}
  void release_remaining() override { held_.clear(); }
  std::uint64_t send_iterations(int, std::uint64_t) override { return 0; }
  void send(int, const core::LoopSchemeMessage& m) override {
    profiles_sent += m.kind == kProfileKind;
  }
  void pause() override { paused_ = true; }
  void resume() override {
    paused_ = false;
    if (held_.empty() && scheme) {
      phase_seen_at_resume = scheme->phase();
      scheme->on_idle(*this);
    }
  }
  bool paused() const override { return paused_; }
  void note_synchronization(bool) override {}
  void note_instructions(std::uint64_t) override {}

  std::uint64_t n_;
  int size_;
  core::LoadParameters parameters_;
  std::vector<core::IterationSet> held_;
  std::uint64_t done_ = 0;
  double busy_ = 0, now_ = 0;
  bool paused_ = false;
  int profiles_sent = 0;
  schemes::AutoStrategy* scheme = nullptr;
  std::optional<Phase> phase_seen_at_resume;
};

schemes::LoopSchemeOptions hand_options() {
  schemes::LoopSchemeOptions options;
  options.model = std::make_shared<schemes::FunctionLoopModel>(
      [](int, std::uint64_t) { return 1e-3; }, [](int) { return 0.0; },
      schemes::serial_network(1e-4, 1e7));
  return options;
}

// Rank 1's profile of synchronization `epoch`: it did `done` in `done` ms and
// holds `left`.
core::LoopSchemeMessage profile_from_one(std::uint64_t done, std::uint64_t left, int epoch,
                                         bool adaptive) {
  core::LoopSchemeMessage m;
  m.kind = kProfileKind;
  m.values = {static_cast<std::int64_t>(done), static_cast<std::int64_t>(done) * 1000000,
              static_cast<std::int64_t>(left), static_cast<std::int64_t>(done) * 1000000};
  if (adaptive) {
    m.list = {epoch, static_cast<std::int64_t>(done) * 1000000};
    if (left > 0)
      m.list.insert(m.list.end(),
                    {static_cast<std::int64_t>(100 - left), static_cast<std::int64_t>(left),
                     static_cast<std::int64_t>(left), static_cast<std::int64_t>(left)});
  }
  return m;
}

struct AutoBench {
  AutoBench(schemes::AutoStrategy::Mode mode, int size)
      : scheme(hand_options(), &schemes::make_loop_scheme, mode), ctx(100, size) {
    ctx.held_ = {core::IterationSet::range(0, 100 / size)};
    ctx.scheme = &scheme;
    scheme.on_loop_start(ctx);  // → Running
    // Rank 0 did its share in as many ms and is out.
    ctx.held_.clear();
    ctx.done_ = 100 / size;
    ctx.busy_ = 1e-3 * static_cast<double>(ctx.done_);
    ctx.now_ = ctx.busy_;
  }
  schemes::AutoStrategy scheme;
  HandContext ctx;
};

TEST(AutoPhases, OutOfWorkCallsTheSynchronizationOnce) {
  AutoBench bench(schemes::AutoStrategy::Mode::kOnce, 2);
  EXPECT_EQ(bench.scheme.phase(), Phase::kRunning);
  bench.scheme.on_idle(bench.ctx);  // Running → Synchronizing
  EXPECT_EQ(bench.scheme.phase(), Phase::kSynchronizing);
  EXPECT_TRUE(bench.ctx.paused());
  EXPECT_EQ(bench.ctx.profiles_sent, 1);
  bench.scheme.on_idle(bench.ctx);  // Synchronizing: not again
  EXPECT_EQ(bench.ctx.profiles_sent, 1);
}

TEST(AutoPhases, TheLastProfileCommitsAndOneGivenNothingRetires) {
  AutoBench bench(schemes::AutoStrategy::Mode::kOnce, 2);
  bench.scheme.on_idle(bench.ctx);
  // Synchronizing → Committing (resume() is called in it) → Retired: it holds nothing.
  bench.scheme.on_message(bench.ctx, 1, profile_from_one(10, 40, 1, false));
  ASSERT_TRUE(bench.ctx.phase_seen_at_resume.has_value());
  EXPECT_EQ(*bench.ctx.phase_seen_at_resume, Phase::kCommitting);
  EXPECT_EQ(bench.ctx.profiles_sent, 1);  // committing called no synchronization
  EXPECT_EQ(bench.scheme.phase(), Phase::kRetired);
  bench.ctx.held_ = {core::IterationSet::range(90, 10)};
  bench.scheme.on_work(bench.ctx, 1, 10);  // Retired → Running
  EXPECT_EQ(bench.scheme.phase(), Phase::kRunning);
}

TEST(AutoPhases, AnotherProcessorsProfileCallsTheSynchronization) {
  AutoBench bench(schemes::AutoStrategy::Mode::kAdaptive, 3);
  bench.ctx.held_ = {core::IterationSet::range(30, 3)};  // not out of work yet
  // Running → Synchronizing, by rank 1's profile: its own to 1 and 2.
  bench.scheme.on_message(bench.ctx, 1, profile_from_one(33, 0, 1, true));
  EXPECT_EQ(bench.scheme.phase(), Phase::kSynchronizing);
  EXPECT_EQ(bench.ctx.profiles_sent, 2);
  EXPECT_TRUE(bench.ctx.paused());
  // Rank 2's, the last: → Committing → Running or Retired.
  bench.scheme.on_message(bench.ctx, 2, profile_from_one(10, 24, 1, true));
  EXPECT_NE(bench.scheme.phase(), Phase::kSynchronizing);
  if (bench.ctx.remaining() == 0) {
    EXPECT_EQ(bench.scheme.phase(), Phase::kRetired);
  } else {
    EXPECT_EQ(bench.scheme.phase(), Phase::kRunning);
  }
  // Running or retired → Synchronizing: rank 1 calls the next one.
  bench.scheme.on_message(bench.ctx, 1, profile_from_one(0, 0, 2, true));
  EXPECT_EQ(bench.scheme.phase(), Phase::kSynchronizing);
  EXPECT_EQ(bench.ctx.profiles_sent, 4);
}

TEST(AutoPhases, AnInterruptStrategyTakingOverMeasuresItsNextProfileFromThere) {
  // Rank 0 ran 25 iterations in 25 ms, rank 1 (its share of 50 too) is
  // behind. An interrupt strategy that takes over at auto's synchronization
  // starts its next profile there, as its own synchronization does: with the
  // mark left at the loop's start its next rates averaged in the loads
  // before, and auto then lagged the same strategy run alone (TRFD L1 n = 30
  // at P = 16 on zaki97, 3-6 % on some seeds).
  for (const char* strategy : {"gcdlb", "gddlb", "lcdlb", "lddlb"}) {
    HandContext ctx(100, 2);
    ctx.done_ = 25;
    ctx.busy_ = 25e-3;
    ctx.held_ = {core::IterationSet::range(25, 25)};
    auto scheme = schemes::make_loop_scheme(strategy, hand_options());
    auto* interrupt = dynamic_cast<schemes::InterruptStrategy*>(scheme.get());
    ASSERT_NE(interrupt, nullptr) << strategy;
    interrupt->adopt(ctx, {{0, 25, 25e-3, 25}, {1, 10, 10e-3, 40}});
    EXPECT_EQ(ctx.done_since_mark(), 0u) << strategy;
    EXPECT_EQ(ctx.busy_since_mark(), 0) << strategy;
  }
}

// ---- A scheme reads only what was measured ----

// The loop context gives the run's load parameters, not its load model
// (whose seeded draws, future periods included, a scheme could read).
template <class Context>
concept ShowsTheLoadModel = requires(const Context& ctx) {
  ctx.load();
};
static_assert(!ShowsTheLoadModel<core::LoopContext>);

// Everything a scheme can read at a loop's start, before anything was
// measured, under two seeds: alike, so it cannot know what loads will come.
class Observer final : public core::LoopScheme {
 public:
  explicit Observer(std::shared_ptr<std::vector<std::string>> seen) : seen_(std::move(seen)) {}
  std::string_view name() const override { return "observer"; }
  std::vector<core::IterationSet> initial_share(int rank, int size, std::uint64_t n) override {
    return {core::IterationSet::range(n * rank / size, n * (rank + 1) / size - n * rank / size)};
  }
  void on_loop_start(core::LoopContext& ctx) override {
    std::ostringstream out;
    const core::LoadParameters& load = ctx.load_parameters();
    out << ctx.rank() << ' ' << ctx.size() << ' ' << ctx.now() << ' ' << ctx.iterations() << ' '
        << ctx.remaining() << ' ' << ctx.done_since_mark() << ' ' << ctx.busy_since_mark() << ' '
        << load.max_load << ' ' << load.persistence;
    for (double speed : load.speeds) out << ' ' << speed;
    seen_->push_back(out.str());
  }

 private:
  std::shared_ptr<std::vector<std::string>> seen_;
};

TEST(LoopContext, ASchemeSeesNoLoadBeforeItMeasuresIt) {
  auto run_seed = [](std::uint64_t seed) {
    auto seen = std::make_shared<std::vector<std::string>>();
    core::LoopConfig loop;
    loop.make_scheme = [seen] { return std::make_unique<Observer>(seen); };
    loop.load = {{1, 0.5, 1, 1}, 5, 0.1, seed};
    const SyntheticLoop kernel = uniform_loop(0);
    const auto result = core::run_loop<SyntheticLoop>(simulated(4, {"t_unit=1e-3", "t_node=0"}),
                                                      loop, [&] { return kernel; });
    std::sort(seen->begin(), seen->end());
    return std::make_pair(*seen, result.seconds);
  };
  const auto [one, one_seconds] = run_seed(1);
  const auto [two, two_seconds] = run_seed(2);
  ASSERT_EQ(one.size(), 4u);
  EXPECT_EQ(one, two);
  EXPECT_NE(one_seconds, two_seconds);  // the loads differed
}

}  // namespace
}  // namespace stacksplit
