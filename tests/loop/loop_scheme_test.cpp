// Each loop scheme does what its paper says, seen from outside: the chunks
// the self-scheduling family takes (in order, one processor), Zaki et al.'s
// redistribution after the first synchronization (eq. 1.3.1–1.3.3), and no
// move when the loop is nearly balanced.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/loop/run_loop.hpp"
#include "core/sim/machine_model.hpp"
#include "schemes/loop/cost_model/adaptive_weighted_factoring.hpp"
#include "schemes/loop/cost_model/factoring.hpp"
#include "schemes/loop/cost_model/guided_self_scheduling.hpp"
#include "schemes/loop/cost_model/redistribution.hpp"
#include "schemes/loop/cost_model/trapezoid_self_scheduling.hpp"
#include "schemes/loop/guided_self_scheduling.hpp"
#include "schemes/scheme_registry.hpp"

namespace stacksplit::testing {
namespace {

// A loop that remembers the pieces it was run in, so the chunks show.
class ChunkRecorder {
 public:
  struct Output {
    std::vector<std::uint64_t> pieces;  // the count of every run() call
    template <class Archive>
    void serialize(Archive& ar, unsigned) {
      ar& pieces;
    }
  };
  explicit ChunkRecorder(std::uint64_t n, double cost = 1) : n_(n), cost_(cost) {}
  int loop_count() const { return 1; }
  void begin_loop(int) {}
  std::uint64_t iterations() const { return n_; }
  std::size_t bytes_per_iteration() const { return 0; }
  double cost(std::uint64_t) const { return cost_; }
  void generate(std::uint64_t, std::uint64_t) {}
  void pack(std::uint64_t, std::uint64_t, std::vector<std::byte>&) const {}
  void unpack(std::uint64_t, std::uint64_t, std::span<const std::byte>) {}
  void run(std::uint64_t, std::uint64_t count) { output_.pieces.push_back(count); }
  Output take_output() { return std::exchange(output_, Output{}); }
  static void merge(Output& into, Output&& from) {
    into.pieces.insert(into.pieces.end(), from.pieces.begin(), from.pieces.end());
  }
  void between_loops(int, Output&&) {}
  bool matches(const Output&, const Output&) const { return true; }

 private:
  std::uint64_t n_;
  double cost_;
  Output output_;
};

// The chunks one processor takes when the pool is shared by `size` (the
// quantum is larger than any chunk, so each run() is one chunk).
std::vector<std::uint64_t> chunks_taken(const std::string& scheme, std::uint64_t n) {
  core::RunConfig config;
  config.workers = 1;
  config.runtime = core::RuntimeKind::kStep;
  config.search.quantum = 1u << 30;
  core::LoopConfig loop;
  loop.make_scheme = [scheme] { return schemes::make_loop_scheme(scheme, {}); };
  return core::run_loop<ChunkRecorder>(config, loop, [&] { return ChunkRecorder(n); })
      .output.pieces;
}

std::vector<std::uint64_t> as_unsigned(const std::vector<std::int64_t>& chunks) {
  return {chunks.begin(), chunks.end()};
}

TEST(ChunkSequence, GssTakesCeilOfWhatIsLeftOverP) {
  // P = 1: ceil(R/1) = R, one chunk.
  EXPECT_EQ(chunks_taken("gss", 100), (std::vector<std::uint64_t>{100}));
  // The rule at P = 4 (Polychronopoulos & Kuck): 100 → 25, 19, 14, 11, 8, 6, 5, 3, 3, 2, 1, 1,
  // 1, 1.
  EXPECT_EQ(as_unsigned(schemes::loop::cost_model::gss_chunks(100, 4)),
            (std::vector<std::uint64_t>{25, 19, 14, 11, 8, 6, 5, 3, 3, 2, 1, 1, 1, 1}));
}

TEST(ChunkSequence, EverySelfSchedulingSchemeTakesItsRuleInOrder) {
  // On one processor the engine must hand out exactly the rule's sequence.
  EXPECT_EQ(chunks_taken("tss", 1000), as_unsigned(schemes::loop::cost_model::tss_chunks(1000, 1)));
  EXPECT_EQ(chunks_taken("fac2", 1000),
            as_unsigned(schemes::loop::cost_model::fac2_chunks(1000, 1)));
  EXPECT_EQ(chunks_taken("ss", 7), (std::vector<std::uint64_t>(7, 1)));
  EXPECT_EQ(chunks_taken("shared-iterator", 5), (std::vector<std::uint64_t>(5, 1)));
  // TSS(N/2P, 1) by hand, N = 1000, P = 4: f = 125, C = ceil(2000/126) = 16,
  // δ = floor(124/15) = 8: 125, 117, 109, ...
  const auto tss = schemes::loop::cost_model::tss_chunks(1000, 4);
  ASSERT_GE(tss.size(), 3u);
  EXPECT_EQ(tss[0], 125);
  EXPECT_EQ(tss[1], 117);
  EXPECT_EQ(tss[2], 109);
  // FAC2 by hand, N = 1000, P = 4: batches of ceil(R/8): 125 ×4, then R = 500: 63 ×4, ...
  const auto fac2 = schemes::loop::cost_model::fac2_chunks(1000, 4);
  EXPECT_EQ(std::vector<std::int64_t>(fac2.begin(), fac2.begin() + 8),
            (std::vector<std::int64_t>{125, 125, 125, 125, 63, 63, 63, 63}));
}

TEST(ChunkSequence, AwfWeightsFollowTheRates) {
  // Rates 3:1 on two processors: weights P·r/Σr = 1.5 and 0.5.
  const auto weights = schemes::loop::cost_model::awf_weights_from_rates({3, 1});
  EXPECT_DOUBLE_EQ(weights[0], 1.5);
  EXPECT_DOUBLE_EQ(weights[1], 0.5);
  // A batch starting with 800 left: ceil(1.5 · ceil(800/4)) = 300.
  EXPECT_EQ(schemes::loop::cost_model::awf_chunk(800, 2, 1.5), 300);
}

// Speeds 1, 1/3, 1/7, 1 and no other load, a uniform loop: the first to
// finish interrupts; the new distribution is eq. 1.3.3 of the iterations left
// (eq. 1.3.1, an interrupted iteration finishing first: the ceiling), and
// after it everyone finishes together, so each processor's total is what it
// did before plus its share χ_i(1).
TEST(ZakiRedistribution, TheFirstSynchronizationFollowsTheRecurrences) {
  const std::vector<double> speeds = {1, 1.0 / 3, 1.0 / 7, 1};
  const std::uint64_t n = 4000;
  for (const char* scheme : {"gcdlb", "gddlb"}) {
    SCOPED_TRACE(scheme);
    core::RunConfig config;
    config.workers = 4;
    config.runtime = core::RuntimeKind::kSim;
    config.search.quantum = 1;
    // Messages far cheaper than an iteration, so the recurrences hold exactly.
    const std::vector<std::string> machine = {"t_unit=1e-3", "t_node=0", "t_s=1e-9",
                                              "t_w=0",       "t_h=0",    "t_recv=0"};
    config.machine = core::make_machine_model("now", machine);
    core::LoopConfig loop;
    loop.make_scheme = [scheme] { return schemes::make_loop_scheme(scheme, {}); };
    loop.load.speeds = speeds;
    const auto result =
        core::run_loop<ChunkRecorder>(config, loop, [&] { return ChunkRecorder(n); });
    // By hand: χ(0) = 1000 each; processors 0 and 3 finish first (t = 1 s);
    // γ_i = 1000 − ⌈1000·σ_i⌉ = (0, 666, 857, 0) (eq. 1.3.1); Γ = 1523 dealt by
    // σ = 1 : 1/3 : 1/7 : 1 (eq. 1.3.3), rounded by largest remainder.
    std::vector<std::int64_t> left = {0, 666, 857, 0};
    const auto plan = schemes::loop::cost_model::plan_redistribution(left, speeds);
    const std::vector<std::int64_t> done_before = {1000, 334, 143, 1000};
    ASSERT_EQ(result.per_worker.size(), 4u);
    std::uint64_t sum = 0;
    for (int rank = 0; rank < 4; ++rank) {
      EXPECT_EQ(static_cast<std::int64_t>(result.per_worker[rank].iterations),
                done_before[rank] + plan.distribution[rank])
          << "processor " << rank;
      sum += result.per_worker[rank].iterations;
    }
    EXPECT_EQ(sum, n);
    EXPECT_GE(result.total.redistributions, 1u);
  }
}

// Equal speeds, no load, a uniform loop: whoever finishes first finds the
// others almost done, a move would not cut the time by 10 %, so nothing moves.
TEST(ZakiRedistribution, ANearlyBalancedLoopMovesNothing) {
  for (const char* scheme : {"gcdlb", "gddlb", "lcdlb", "lddlb", "profiled"}) {
    SCOPED_TRACE(scheme);
    core::RunConfig config;
    config.workers = 4;
    config.runtime = core::RuntimeKind::kSim;
    const std::vector<std::string> machine = {"t_unit=1e-3", "t_node=0"};
    config.machine = core::make_machine_model("now", machine);
    core::LoopConfig loop;
    loop.make_scheme = [scheme] { return schemes::make_loop_scheme(scheme, {}); };
    const auto result =
        core::run_loop<ChunkRecorder>(config, loop, [&] { return ChunkRecorder(1000); });
    EXPECT_EQ(result.total.iterations_sent, 0u);
    EXPECT_EQ(result.total.redistributions, 0u);
  }
}

// GSS whose processors ask the pool `asks` times each time they are out of
// work, as a scheme taking over a loop might (auto handing it to a pool did).
class AskingGss final : public schemes::PoolScheme {
 public:
  explicit AskingGss(int asks) : PoolScheme(core::PoolAccess::kSharedCounter), asks_(asks) {}
  std::string_view name() const override { return "gss"; }
  std::uint64_t chunk_size(std::uint64_t remaining, std::uint64_t, double, int, int size) override {
    return schemes::gss_chunk(remaining, size);
  }
  void on_idle(core::LoopContext& ctx) override {
    for (int k = 0; k < asks_; ++k) PoolScheme::on_idle(ctx);
  }

 private:
  int asks_;
};

// A processor holds at most one chunk request: asking again while the first
// is on its way takes nothing, so the chunks go out as if it had asked once
// (the second would hand it one of the first, largest chunks too).
TEST(ChunkSequence, AskingTwiceAtOnceTakesOneChunk) {
  auto run = [](int asks) {
    core::RunConfig config;
    config.workers = 4;
    config.runtime = core::RuntimeKind::kSim;
    const std::vector<std::string> machine = {"t_unit=1e-3", "t_node=0"};
    config.machine = core::make_machine_model("now", machine);
    config.search.quantum = 1u << 30;
    core::LoopConfig loop;
    loop.make_scheme = [asks] { return std::make_unique<AskingGss>(asks); };
    return core::run_loop<ChunkRecorder>(config, loop, [] { return ChunkRecorder(400); });
  };
  const auto once = run(1);
  const auto twice = run(2);
  EXPECT_EQ(twice.seconds, once.seconds);
  EXPECT_EQ(twice.total.chunks, once.total.chunks);
  for (std::size_t r = 0; r < once.per_worker.size(); ++r)
    EXPECT_EQ(twice.per_worker[r].chunks, once.per_worker[r].chunks) << "processor " << r;
}

}  // namespace
}  // namespace stacksplit::testing
