// Engine overhead and 2-thread speedup, measured side by side in one run:
//  (a) the 1-worker node rate of the engine (threads runtime, 1 worker, RP)
//      against a plain hand-written recursive DFS of the same application,
//      on UTS T1 and N-Queens 14, interleaved, median of --repeat runs;
//  (b) the 2-thread speedup on UTS T1L (1 worker vs 2 workers, interleaved).
// Prints a table and the ratios; the ratios, not the times, are the result on
// a shared, noisy machine.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <vector>

#include "apps/nqueens/nqueens.hpp"
#include "apps/nqueens/nqueens_sequential.hpp"
#include "apps/uts/uts_presets.hpp"
#include "apps/uts/uts_sequential.hpp"
#include "apps/uts/uts_tree.hpp"
#include "core/run_search.hpp"
#include "schemes/scheme_registry.hpp"

namespace {

using namespace stacksplit;

double seconds_of(const std::function<std::uint64_t()>& run, std::uint64_t expected_nodes) {
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t nodes = run();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (nodes != expected_nodes)
    throw std::runtime_error("node count " + std::to_string(nodes) + " differs from " +
                             std::to_string(expected_nodes));
  return seconds;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

core::RunConfig engine_setup(int workers) {
  core::RunConfig setup;
  setup.workers = workers;
  setup.make_scheme = [] { return schemes::make_scheme("rp"); };
  return setup;
}

// Runs `a` and `b` alternately `repeat` times; returns their median times.
std::pair<double, double> side_by_side(int repeat, const std::function<double()>& a,
                                       const std::function<double()>& b) {
  std::vector<double> times_a, times_b;
  for (int i = 0; i < repeat; ++i) {
    times_a.push_back(a());
    times_b.push_back(b());
  }
  return {median(times_a), median(times_b)};
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"engine overhead and 2-thread speedup, side by side"};
  int repeat = 5;
  bool skip_large = false;
  app.add_option("--repeat", repeat, "runs of each contender (median taken)")->check(CLI::Range(1, 99));
  app.add_flag("--skip-t1l", skip_large, "skip the 2-thread speedup on T1L (100 M nodes)");
  CLI11_PARSE(app, argc, argv);

  try {
    std::printf("%-24s %12s %12s %12s %12s %8s\n", "benchmark", "nodes", "hand s", "engine s",
                "engine Mn/s", "ratio");
    {
      const auto& preset = apps::uts::find_uts_preset("T1");
      const auto params = preset.params();
      const std::uint64_t nodes = preset.expected.nodes;
      auto [hand, engine] = side_by_side(
          repeat,
          [&] { return seconds_of([&] { return apps::uts::uts_sequential_count(params).nodes; }, nodes); },
          [&] {
            return seconds_of([&] {
              return core::run_search<apps::uts::UtsTree>(engine_setup(1), [&] {
                       return apps::uts::UtsTree(params);
                     }).total.nodes;
            }, nodes);
          });
      std::printf("%-24s %12llu %12.3f %12.3f %12.2f %8.3f\n", "UTS T1, 1 worker",
                  static_cast<unsigned long long>(nodes), hand, engine, nodes / engine / 1e6,
                  hand / engine);
    }
    // N-Queens twice: with the application's serial depth (its last rows
    // counted by its own recursion, the default) and with every node going
    // through the engine's stack (the engine's raw per-node overhead).
    for (const bool serial : {true, false}) {
      const int n = 14;
      const std::uint64_t nodes = apps::nqueens::nqueens_sequential_count(n).nodes;
      core::RunConfig setup = engine_setup(1);
      if (!serial) setup.search.split.serial_depth = core::kNoCutoff;
      auto [hand, engine] = side_by_side(
          repeat,
          [&] { return seconds_of([&] { return apps::nqueens::nqueens_sequential_count(n).nodes; }, nodes); },
          [&] {
            return seconds_of([&] {
              return core::run_search<apps::nqueens::NQueens>(setup, [&] {
                       return apps::nqueens::NQueens(n);
                     }).total.nodes;
            }, nodes);
          });
      std::printf("%-24s %12llu %12.3f %12.3f %12.2f %8.3f\n",
                  serial ? "N-Queens 14, 1 worker" : "  same, no serial depth",
                  static_cast<unsigned long long>(nodes), hand, engine, nodes / engine / 1e6,
                  hand / engine);
    }
    std::printf("(ratio = hand-written time / engine time: the engine's rate relative to the "
                "hand-written DFS; goal >= 0.95)\n\n");

    if (!skip_large) {
      const auto& preset = apps::uts::find_uts_preset("T1L");
      const auto params = preset.params();
      const std::uint64_t nodes = preset.expected.nodes;
      auto engine_run = [&](int workers) {
        return seconds_of([&] {
          return core::run_search<apps::uts::UtsTree>(engine_setup(workers), [&] {
                   return apps::uts::UtsTree(params);
                 }).total.nodes;
        }, nodes);
      };
      const int large_repeat = std::max(1, std::min(repeat, 3));
      auto [one, two] = side_by_side(large_repeat, [&] { return engine_run(1); },
                                     [&] { return engine_run(2); });
      std::printf("%-24s %12s %12s %12s %8s\n", "UTS T1L (threads, rp)", "nodes", "1 worker s",
                  "2 workers s", "speedup");
      std::printf("%-24s %12llu %12.3f %12.3f %8.3f\n", "", static_cast<unsigned long long>(nodes),
                  one, two, one / two);
      std::printf("(goal: speedup >= 1.9 on this 2-core machine)\n");
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "engine_benchmark: %s\n", e.what());
    return 1;
  }
  return 0;
}
