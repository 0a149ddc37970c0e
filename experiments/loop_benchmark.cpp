// The loop family on threads against libgomp and oneTBB, side by side in one
// run: the same kernels (apps/mxm, apps/synthetic: each thread runs
// kernel.run(i, 1) on its own copy, as a stacksplit worker does) and the same
// external load (core/loop/load_model.hpp: after each iteration a thread
// busy-waits until the iteration has taken what the load model says it takes
// on that thread at that time). Contenders run interleaved, --repeat times;
// the median is reported.
//
// Prints, per case: each contender's median time, the best stacksplit
// strategy over the best of OpenMP and TBB (>= 1 is faster), and with no load
// static-block over OpenMP schedule(static).
//
// Beside the thirteen strategies, `auto`, the choice a user who does not know
// which to pick gets: run as `stacksplit loop mxm|synthetic ... --scheme auto`
// runs it on threads, its model made by the same functions
// (cli::make_loop_model: the kernel's cost per unit measured on a copy before
// each run, its data bytes; cli::network_for: the network). The network is
// measured once at start on the threads runtime with the benchmark's thread
// count, as the CLI does by default, or read from --network FILE (a
// `stacksplit netchar --runtime threads --out` file). As in the CLI's
// reported time, auto's time is the loop's only: the model's measurements
// come before it. Printed: auto's time, auto over the best of OpenMP and TBB
// (>= 1 is faster), whether it meets the goal (>= 0.95), and the strategy it
// chose in each round (what its time is the time of).

#include <omp.h>
#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "apps/cli/loop_command.hpp"
#include "apps/cli/loop_prediction.hpp"
#include "apps/mxm/mxm_loop.hpp"
#include "apps/synthetic/synthetic_loop.hpp"
#include "core/loop/load_model.hpp"
#include "core/loop/loop_run_options.hpp"
#include "core/loop/run_loop.hpp"
#include "schemes/scheme_registry.hpp"

namespace {

using namespace stacksplit;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Runs iteration i on `kernel` as thread `thread` under the load: the
// iteration's real time stretched to what the load model gives.
template <class K>
void loaded_iteration(K& kernel, std::uint64_t i, int thread, const core::LoadModel& load,
                      Clock::time_point run_start) {
  const Clock::time_point began = Clock::now();
  const double start = std::chrono::duration<double>(began - run_start).count();
  kernel.run(i, 1);
  if (load.uniform()) return;
  const double real = seconds_since(run_start) - start;
  core::stretch_to(began, load.elapsed(thread, start, real));
}

template <class K>
std::vector<K> thread_copies(const K& prototype, int threads) {
  std::vector<K> copies(static_cast<std::size_t>(threads), prototype);
  for (K& copy : copies) {
    copy.begin_loop(0);
    copy.generate(0, copy.iterations());
  }
  return copies;
}

enum class OmpSchedule { kStatic, kDynamic, kGuided };

template <class K>
double run_openmp(const K& prototype, int threads, const core::LoadModel& load,
                  OmpSchedule schedule) {
  std::vector<K> kernels = thread_copies(prototype, threads);
  const auto n = static_cast<long>(prototype.iterations());
  const Clock::time_point start = Clock::now();
#pragma omp parallel num_threads(threads)
  {
    const int thread = omp_get_thread_num();
    K& kernel = kernels[static_cast<std::size_t>(thread)];
    switch (schedule) {
      case OmpSchedule::kStatic:
#pragma omp for schedule(static)
        for (long i = 0; i < n; ++i) loaded_iteration(kernel, i, thread, load, start);
        break;
      case OmpSchedule::kDynamic:
#pragma omp for schedule(dynamic)
        for (long i = 0; i < n; ++i) loaded_iteration(kernel, i, thread, load, start);
        break;
      case OmpSchedule::kGuided:
#pragma omp for schedule(guided)
        for (long i = 0; i < n; ++i) loaded_iteration(kernel, i, thread, load, start);
        break;
    }
  }
  return seconds_since(start);
}

template <class K, class Partitioner>
double run_tbb(const K& prototype, tbb::task_arena& arena, int threads,
               const core::LoadModel& load) {
  std::vector<K> kernels = thread_copies(prototype, threads);
  const std::uint64_t n = prototype.iterations();
  Clock::time_point start;
  arena.execute([&] {
    Partitioner partitioner;
    start = Clock::now();
    tbb::parallel_for(
        tbb::blocked_range<std::uint64_t>(0, n),
        [&](const tbb::blocked_range<std::uint64_t>& range) {
          const int thread = tbb::this_task_arena::current_thread_index();
          K& kernel = kernels[static_cast<std::size_t>(thread)];
          for (std::uint64_t i = range.begin(); i < range.end(); ++i)
            loaded_iteration(kernel, i, thread, load, start);
        },
        partitioner);
  });
  return seconds_since(start);
}

// The run configuration of every stacksplit contender: `stacksplit loop`'s
// defaults on threads.
core::RunConfig threads_config(int threads, const std::string& scheme) {
  core::RunConfig config;
  config.workers = threads;
  config.runtime = core::RuntimeKind::kThreads;
  config.search.quantum = 1;
  config.scheme = scheme;
  return config;
}

// A stacksplit contender's time, and what its scheme chose (auto: the
// strategy of each decision; empty for the others).
struct StacksplitRun {
  double seconds = 0;
  std::string chosen;
};

// A scheme whose registry entry asks for the loop's model (auto) gets it as
// run_checked_loop gives it, built from `network`.
template <class K>
StacksplitRun run_stacksplit(const K& prototype, int threads, const core::LoadOptions& load,
                             const std::string& scheme,
                             const schemes::loop::cost_model::NetworkModel& network) {
  const core::RunConfig config = threads_config(threads, scheme);
  schemes::LoopSchemeOptions options;
  if (schemes::scheme_registry().at(scheme).payload.needs_loop_model)
    options.model = cli::make_loop_model(prototype, config, /*bitonic=*/false, network);
  core::LoopConfig loop;
  loop.make_scheme = [scheme, options] { return schemes::make_loop_scheme(scheme, options); };
  loop.load = load;
  const auto result = core::run_loop<K>(config, loop, [&] { return prototype; });
  StacksplitRun run{result.seconds, {}};
  const nlohmann::json& report = result.scheme_report;
  if (report.contains("decisions")) {
    for (const nlohmann::json& decision : report["decisions"])
      run.chosen += (run.chosen.empty() ? "" : ",") + decision["chosen"].get<std::string>();
    if (run.chosen.empty()) run.chosen = "(no synchronization)";  // it kept equal blocks
  }
  return run;
}

// One round of a case: every contender's time, and what auto chose.
struct Round {
  std::map<std::string, double> times;
  std::string auto_chose;
};

struct Case {
  std::string name;
  std::function<Round(int repeat)> measure_once;
};

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t k = values.size() / 2;
  return values.size() % 2 ? values[k] : (values[k - 1] + values[k]) / 2;
}

const std::vector<std::string> kStrategies = {
    "static-block",    "static-cyclic", "ss",    "gss",   "tss",   "fac2", "awf",
    "shared-iterator", "profiled",      "gcdlb", "gddlb", "lcdlb", "lddlb"};
const std::string kAuto = "auto";  // the cost model's choice, reported apart
const std::vector<std::string> kBaselines = {"omp-static", "omp-dynamic", "omp-guided",
                                             "tbb-simple", "tbb-auto",    "tbb-static"};

template <class K>
Round measure_all(const K& prototype, int threads, const core::LoadOptions& options,
                  tbb::task_arena& arena, const schemes::loop::cost_model::NetworkModel& network) {
  const core::LoadModel load(options, threads);
  Round round;
  std::map<std::string, double>& times = round.times;
  times["omp-static"] = run_openmp(prototype, threads, load, OmpSchedule::kStatic);
  times["omp-dynamic"] = run_openmp(prototype, threads, load, OmpSchedule::kDynamic);
  times["omp-guided"] = run_openmp(prototype, threads, load, OmpSchedule::kGuided);
  times["tbb-simple"] = run_tbb<K, tbb::simple_partitioner>(prototype, arena, threads, load);
  times["tbb-auto"] = run_tbb<K, tbb::auto_partitioner>(prototype, arena, threads, load);
  times["tbb-static"] = run_tbb<K, tbb::static_partitioner>(prototype, arena, threads, load);
  for (const std::string& scheme : kStrategies)
    times[scheme] = run_stacksplit(prototype, threads, options, scheme, network).seconds;
  const StacksplitRun chosen = run_stacksplit(prototype, threads, options, kAuto, network);
  times[kAuto] = chosen.seconds;
  round.auto_chose = chosen.chosen;
  return round;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("loop strategies against libgomp and oneTBB, side by side");
  int repeat = 3;
  int threads = 2;
  bool quick = false;
  std::string only;
  std::string network_file;
  app.add_option("--repeat", repeat, "interleaved rounds (median)")->check(CLI::Range(1, 100));
  app.add_option("--threads", threads, "workers and threads")->check(CLI::Range(1, 64));
  app.add_flag("--quick", quick, "smaller loops");
  app.add_option("--only", only, "only the cases whose name contains this");
  app.add_option("--network", network_file,
                 "auto's network model, from `stacksplit netchar --runtime threads --out` "
                 "(default: measured now)")
      ->check(CLI::ExistingFile);
  CLI11_PARSE(app, argc, argv);

  // Once for every case: the same for all, and measuring it takes a while.
  cli::LoopOptions loop_options;
  loop_options.network = network_file;
  schemes::loop::cost_model::NetworkModel network;
  try {
    network = cli::network_for(loop_options, threads_config(threads, kAuto));
  } catch (const std::exception& e) {  // a file that is not a threads network model
    std::fprintf(stderr, "loop_benchmark: %s\n", e.what());
    return 1;
  }

  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            static_cast<std::size_t>(threads));
  tbb::task_arena arena(threads);
  const std::uint64_t scale = quick ? 1 : 4;

  apps::mxm::MxmOptions mxm;
  mxm.n = 400 * scale;
  mxm.r = 800;
  mxm.m = 2000;
  const apps::mxm::MxmLoop mxm_loop(mxm);
  apps::synthetic::SyntheticOptions triangular;
  triangular.iterations = 4000 * scale;
  triangular.profile = apps::synthetic::Profile::kIncreasing;
  triangular.work = 4000;
  triangular.data = 64;
  const apps::synthetic::SyntheticLoop triangular_loop(triangular);
  apps::synthetic::SyntheticOptions uniform = triangular;
  uniform.profile = apps::synthetic::Profile::kUniform;
  uniform.work = 8000;
  const apps::synthetic::SyntheticLoop uniform_loop(uniform);
  apps::synthetic::SyntheticOptions fine = uniform;  // iterations of a few microseconds
  fine.iterations = 100000 * scale;
  fine.work = 100;
  fine.data = 8;
  const apps::synthetic::SyntheticLoop fine_loop(fine);

  const core::LoadOptions none{};
  const core::LoadOptions changing{{}, 3, 0.05, 7};  // ml = 3, redrawn every 50 ms
  std::vector<double> half(static_cast<std::size_t>(threads), 1.0);
  half.back() = 0.5;
  const core::LoadOptions slow_one{half, 0, 1, 1};  // one thread at half speed throughout

  std::vector<Case> cases = {
      {"mxm n=" + std::to_string(mxm.n) + " r=800 m=2000, no load",
       [&](int) { return measure_all(mxm_loop, threads, none, arena, network); }},
      {"mxm n=" + std::to_string(mxm.n) + " r=800 m=2000, ml=3 tl=0.05",
       [&](int) { return measure_all(mxm_loop, threads, changing, arena, network); }},
      {"synthetic increasing, ml=3 tl=0.05",
       [&](int) { return measure_all(triangular_loop, threads, changing, arena, network); }},
      {"synthetic uniform, one thread at half speed",
       [&](int) { return measure_all(uniform_loop, threads, slow_one, arena, network); }},
      {"synthetic uniform, fine iterations, one thread at half speed",
       [&](int) { return measure_all(fine_loop, threads, slow_one, arena, network); }},
  };

  for (const Case& c : cases) {
    if (!only.empty() && c.name.find(only) == std::string::npos) continue;
    std::map<std::string, std::vector<double>> samples;
    std::string auto_chose;  // every round's choice, in order: it may differ between rounds
    for (int r = 0; r < repeat; ++r) {
      const Round round = c.measure_once(r);
      for (const auto& [name, seconds] : round.times) samples[name].push_back(seconds);
      auto_chose += (r ? " " : "") + round.auto_chose;
    }
    std::map<std::string, double> med;
    for (const auto& [name, values] : samples) med[name] = median(values);
    std::printf("== %s (%d threads, median of %d)\n", c.name.c_str(), threads, repeat);
    std::string best_ours = kStrategies.front(), best_theirs = kBaselines.front();
    for (const std::string& name : kBaselines) {
      std::printf("  %-16s %8.4f s\n", name.c_str(), med[name]);
      if (med[name] < med[best_theirs]) best_theirs = name;
    }
    for (const std::string& name : kStrategies) {
      std::printf("  %-16s %8.4f s\n", name.c_str(), med[name]);
      if (med[name] < med[best_ours]) best_ours = name;
    }
    std::printf("  %-16s %8.4f s\n", kAuto.c_str(), med[kAuto]);
    std::printf("  best stacksplit (%s) over best of OpenMP/TBB (%s): %.3f\n", best_ours.c_str(),
                best_theirs.c_str(), med[best_theirs] / med[best_ours]);
    std::printf("  auto chose (each round): %s\n", auto_chose.c_str());
    const double auto_ratio = med[best_theirs] / med[kAuto];
    std::printf("  auto over best of OpenMP/TBB: %.3f\n", auto_ratio);
    std::printf("  goal auto >= 0.95 x best OpenMP/oneTBB schedule: %s\n",
                auto_ratio >= 0.95 ? "met" : "NOT met");
    if (c.name.find("no load") != std::string::npos)
      std::printf("  static-block over omp-static: %.3f (time ratio; <= 1.02 is within 2 %%)\n",
                  med["static-block"] / med["omp-static"]);
    std::fflush(stdout);
  }
}
