// Engine overhead, 2-thread speedup and simulator speed, in one run:
//  (a) the 1-worker node rate of the engine (threads runtime, 1 worker, RP)
//      against a plain hand-written recursive DFS of the same application,
//      on UTS T1, UTS T1L and N-Queens 14, interleaved, median of --repeat runs,
//      and N-Queens 14 as a flat stack written by hand (the bound of the design);
//  (b) the 2-thread speedup on UTS T1L (1 worker vs 2 workers, interleaved);
//  (c) the simulator on UTS T1 (ncube2, rp, quantum 1) at P = 1024, 16384 and
//      65536: events per wall and per CPU second and the peak memory the run added.
// Prints a table and the ratios; the ratios, not the times, are the result on
// a shared, noisy machine.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>
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

// The process's CPU seconds (every thread's): on a host shared with other
// jobs the wall time also holds the time others had the cores.
double cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

double last_cpu_seconds = 0;  // of the last seconds_of()

double seconds_of(const std::function<std::uint64_t()>& run, std::uint64_t expected_nodes) {
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = cpu_seconds();
  const std::uint64_t nodes = run();
  last_cpu_seconds = cpu_seconds() - cpu_start;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
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

// A line of /proc/self/status in kB ("VmRSS", "VmHWM"); 0 where there is none.
std::uint64_t status_kb(const std::string& field) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind(field + ":", 0) != 0) continue;
    std::istringstream values(line.substr(field.size() + 1));
    std::uint64_t kb = 0;
    values >> kb;
    return kb;
  }
  return 0;
}

// Linux: makes VmHWM (the peak) start again from the current RSS.
void reset_peak_rss() { std::ofstream("/proc/self/clear_refs") << "5"; }

struct Medians {
  double a = 0, b = 0;          // wall seconds
  double cpu_a = 0, cpu_b = 0;  // CPU seconds
};

// Runs `a` and `b` alternately `repeat` times; returns their median times.
Medians side_by_side(int repeat, const std::function<double()>& a,
                     const std::function<double()>& b) {
  std::vector<double> times_a, times_b, cpu_a, cpu_b;
  for (int i = 0; i < repeat; ++i) {
    times_a.push_back(a());
    cpu_a.push_back(last_cpu_seconds);
    times_b.push_back(b());
    cpu_b.push_back(last_cpu_seconds);
  }
  return {median(times_a), median(times_b), median(cpu_a), median(cpu_b)};
}

// N-Queens as the engine's design would run it with nothing else in the way:
// each inner node's children (their column bits) written into one flat
// buffer, a level {next, end} per inner node, the masks kept per row, all in
// one function's locals. The same tree and counts as the hand-written
// recursion, which keeps no children at all (its loop over the free columns
// is the level). What this loop loses against the recursion no engine that
// lists a node's children before descending can win back.
struct FlatLevel {
  std::uint32_t next, end;
};

std::uint64_t nqueens_flat_stack_count(int n) {
  const std::uint32_t all = (1u << n) - 1;
  std::vector<std::uint32_t> buffer(static_cast<std::size_t>(n) * n + 1);
  std::vector<FlatLevel> levels(static_cast<std::size_t>(n) + 1);
  std::uint32_t columns[32] = {}, diagonals[32] = {}, antidiagonals[32] = {};
  std::uint64_t nodes = 1;
  std::uint32_t next = 0, end = 0, level_count = 1, row = 0;
  for (std::uint32_t free = all; free != 0; free &= free - 1) buffer[end++] = free & (0u - free);
  while (true) {
    if (next == end) {
      if (--level_count == 0) break;
      next = levels[level_count - 1].next;
      end = levels[level_count - 1].end;
      --row;
      continue;
    }
    const std::uint32_t bit = buffer[next++];
    ++nodes;
    columns[row + 1] = columns[row] | bit;
    diagonals[row + 1] = (diagonals[row] | bit) << 1;
    antidiagonals[row + 1] = (antidiagonals[row] | bit) >> 1;
    ++row;
    std::uint32_t free = all & ~(columns[row] | diagonals[row] | antidiagonals[row]);
    if (columns[row] == all || free == 0) {  // a solution or a leaf
      --row;
      continue;
    }
    levels[level_count - 1] = FlatLevel{next, end};
    ++level_count;
    next = end;
    for (; free != 0; free &= free - 1) buffer[end++] = free & (0u - free);
  }
  return nodes;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"engine overhead and 2-thread speedup, side by side"};
  int repeat = 5;
  bool skip_large = false;
  std::vector<int> sim_sizes = {1024, 16384, 65536};
  app.add_option("--repeat", repeat, "runs of each contender (median taken)")
      ->check(CLI::Range(1, 99));
  app.add_flag("--skip-t1l", skip_large, "skip the rows on T1L (100 M nodes)");
  app.add_option("--sim-sizes", sim_sizes, "simulated processor counts (none: skip the simulator)");
  CLI11_PARSE(app, argc, argv);

  try {
    // The simulator first, while the heap is small: the peak it adds is its own.
    if (!sim_sizes.empty()) {
      const auto& preset = apps::uts::find_uts_preset("T1");
      const auto params = preset.params();
      const std::uint64_t nodes = preset.expected.nodes;
      const double hand =
          seconds_of([&] { return apps::uts::uts_sequential_count(params).nodes; }, nodes);
      // CPU seconds too: on a shared machine the wall clock also counts the
      // time other programs held the core.
      std::printf("%-24s %8s %12s %10s %12s %10s %14s %10s %10s %10s\n",
                  "simulator (UTS T1, rp, q 1)", "P", "events", "wall s", "M events/s", "cpu s",
                  "M events/cpu s", "peak MB", "KB / proc", "efficiency");
      std::vector<std::string> virtual_times;
      for (const int size : sim_sizes) {
        core::RunConfig setup = engine_setup(size);
        setup.runtime = core::RuntimeKind::kSim;
        setup.search.quantum = 1;
        const std::uint64_t before_kb = status_kb("VmRSS");
        reset_peak_rss();
        const double cpu_start = cpu_seconds();
        const auto result =
            core::run_search<apps::uts::UtsTree>(setup, [&] { return apps::uts::UtsTree(params); });
        const double cpu = cpu_seconds() - cpu_start;
        const std::uint64_t peak_kb = std::max(status_kb("VmHWM"), before_kb);
        if (result.total.nodes != nodes)
          throw std::runtime_error("simulator: node count " + std::to_string(result.total.nodes));
        const double wall = result.simulation_wall_seconds.value_or(0);
        const double events = static_cast<double>(result.sim_events);
        std::printf("%-24s %8d %12.0f %10.3f %12.2f %10.3f %14.2f %10.1f %10.2f %10.4f\n", "", size,
                    events, wall, events / wall / 1e6, cpu, events / cpu / 1e6,
                    (peak_kb - before_kb) / 1024.0, static_cast<double>(peak_kb - before_kb) / size,
                    result.sequential_seconds.value_or(0) / (size * result.seconds));
        char virtual_time[64];
        std::snprintf(virtual_time, sizeof virtual_time, "P = %d: %.17g s, %llu messages", size,
                      result.seconds, static_cast<unsigned long long>(result.total.messages_sent));
        virtual_times.push_back(virtual_time);
      }
      std::printf(
          "(a node is an event at quantum 1; the hand-written search expands %.2f M "
          "nodes/s here: the bound of a simulator that cost nothing)\n",
          nodes / hand / 1e6);
      std::printf("(virtual times, to compare builds bit for bit:");
      for (const std::string& line : virtual_times) std::printf(" %s;", line.c_str());
      std::printf(")\n\n");
    }
    std::printf("%-24s %12s %12s %12s %12s %8s %10s\n", "benchmark", "nodes", "hand s", "engine s",
                "engine Mn/s", "ratio", "cpu ratio");
    for (const char* tree : {"T1", "T1L"}) {
      const bool large = std::string(tree) == "T1L";
      if (large && skip_large) continue;
      const auto& preset = apps::uts::find_uts_preset(tree);
      const auto params = preset.params();
      const std::uint64_t nodes = preset.expected.nodes;
      auto [hand, engine, hand_cpu, engine_cpu] = side_by_side(
          large ? std::max(1, std::min(repeat, 3)) : repeat,
          [&] {
            return seconds_of([&] { return apps::uts::uts_sequential_count(params).nodes; }, nodes);
          },
          [&] {
            return seconds_of(
                [&] {
                  return core::run_search<apps::uts::UtsTree>(
                             engine_setup(1), [&] { return apps::uts::UtsTree(params); })
                      .total.nodes;
                },
                nodes);
          });
      std::printf("%-24s %12llu %12.3f %12.3f %12.2f %8.3f %10.3f\n",
                  large ? "UTS T1L, 1 worker" : "UTS T1, 1 worker",
                  static_cast<unsigned long long>(nodes), hand, engine, nodes / engine / 1e6,
                  hand / engine, hand_cpu / engine_cpu);
    }
    // N-Queens twice: with the application's serial depth (its last rows
    // counted by its own recursion, the default) and with every node going
    // through the engine's stack (the engine's raw per-node overhead).
    for (const bool serial : {true, false}) {
      const int n = 14;
      const std::uint64_t nodes = apps::nqueens::nqueens_sequential_count(n).nodes;
      core::RunConfig setup = engine_setup(1);
      if (!serial) setup.search.split.serial_depth = core::kNoCutoff;
      auto [hand, engine, hand_cpu, engine_cpu] = side_by_side(
          repeat,
          [&] {
            return seconds_of([&] { return apps::nqueens::nqueens_sequential_count(n).nodes; },
                              nodes);
          },
          [&] {
            return seconds_of(
                [&] {
                  return core::run_search<apps::nqueens::NQueens>(
                             setup, [&] { return apps::nqueens::NQueens(n); })
                      .total.nodes;
                },
                nodes);
          });
      std::printf("%-24s %12llu %12.3f %12.3f %12.2f %8.3f %10.3f\n",
                  serial ? "N-Queens 14, 1 worker" : "  same, no serial depth",
                  static_cast<unsigned long long>(nodes), hand, engine, nodes / engine / 1e6,
                  hand / engine, hand_cpu / engine_cpu);
    }
    {
      // The design's own bound on the row above (see nqueens_flat_stack_count).
      const int n = 14;
      const std::uint64_t nodes = apps::nqueens::nqueens_sequential_count(n).nodes;
      auto [hand, flat, hand_cpu, flat_cpu] = side_by_side(
          repeat,
          [&] {
            return seconds_of([&] { return apps::nqueens::nqueens_sequential_count(n).nodes; },
                              nodes);
          },
          [&] { return seconds_of([&] { return nqueens_flat_stack_count(n); }, nodes); });
      std::printf("%-24s %12llu %12.3f %12.3f %12.2f %8.3f %10.3f\n", "  flat stack, by hand",
                  static_cast<unsigned long long>(nodes), hand, flat, nodes / flat / 1e6,
                  hand / flat, hand_cpu / flat_cpu);
    }
    std::printf(
        "(ratio = hand-written time / engine time: the engine's rate relative to the "
        "hand-written DFS, in wall and in CPU seconds; goals: UTS >= 0.97, N-Queens "
        "with no serial depth >= 0.8)\n\n");

    if (!skip_large) {
      const auto& preset = apps::uts::find_uts_preset("T1L");
      const auto params = preset.params();
      const std::uint64_t nodes = preset.expected.nodes;
      auto engine_run = [&](int workers) {
        return seconds_of(
            [&] {
              return core::run_search<apps::uts::UtsTree>(
                         engine_setup(workers), [&] { return apps::uts::UtsTree(params); })
                  .total.nodes;
            },
            nodes);
      };
      const int large_repeat = std::max(1, std::min(repeat, 3));
      [[maybe_unused]] auto [one, two, one_cpu, two_cpu] = side_by_side(
          large_repeat, [&] { return engine_run(1); }, [&] { return engine_run(2); });
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
