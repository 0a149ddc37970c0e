// `stacksplit loop maptri --n N --work W --reverse auto|on|off [options]`:
// the column reduction of a lower-triangular matrix, with Goodman &
// O'Donnell's static balancing when its moves pay.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "apps/cli/choice_option.hpp"
#include "apps/cli/loop_command.hpp"
#include "apps/maptri/maptri_loop.hpp"

namespace stacksplit::apps::maptri {

namespace {

// T_f on this machine, or on the simulated one (the loop charges cost·t_unit
// an element there).
double time_of_combine(const core::RunConfig& config, std::uint64_t work) {
  if (core::runs_on_machine_model(config.runtime)) return config.machine.t_unit;
  constexpr int kTrials = 2000;
  Element value = {1, 2, 3, 4};
  const auto start = std::chrono::steady_clock::now();
  for (int t = 0; t < kTrials; ++t) value = MaptriLoop::combine(value, {5, 6, 7, 8}, work);
  __asm__ __volatile__("" : : "r"(value[0]));
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / kTrials;
}

// --reverse: whether the loop makes Goodman & O'Donnell's split and reverse
// move.
enum class Reverse : std::uint8_t { kAuto, kOn, kOff };

const core::Registry<Reverse>& reverse_registry() {
  static const core::Registry<Reverse> registry = [] {
    core::Registry<Reverse> r("reverse move setting");
    r.add({"auto", "", "when T_f against T_com says it pays", Reverse::kAuto});
    r.add({"on", "", "always", Reverse::kOn});
    r.add({"off", "", "never", Reverse::kOff});
    return r;
  }();
  return registry;
}

std::vector<cli::OptionNames> option_names() {
  return {cli::option_names("--reverse", reverse_registry())};
}

void add_command(CLI::App& parent, const cli::AppEntry& app) {
  struct Options {
    MaptriOptions loop;
    std::string reverse = "auto";
  };
  auto options = std::make_shared<Options>();
  cli::LoopCommand& command = cli::add_loop_command(parent, app);
  command.add_option("--n", options->loop.n, "columns of the triangle")->capture_default_str();
  command.add_option("--work", options->loop.work, "extra rounds of every ⊕ (its cost T_f)")
      ->capture_default_str();
  cli::add_choice_option(command.cli(), "--reverse", options->reverse, reverse_registry(),
                         "Goodman & O'Donnell's split and reverse move")
      ->capture_default_str();
  command.on_run([options](cli::CommandRun& run, const cli::LoopSetup& loop) {
    (void)MaptriLoop(options->loop);  // a bad size fails before anything is printed
    const core::RunConfig& config = run.config();
    // T_0 and T_c: the simulated machine's, else a message between threads or ranks here.
    const bool simulated = core::runs_on_machine_model(config.runtime);
    const ReverseMoveCosts costs = reverse_move_costs(
        options->loop.n, config.workers, time_of_combine(config, options->loop.work),
        simulated ? config.machine.t_s : 5e-6, simulated ? config.machine.t_w : 1e-9);
    const Reverse reverse = reverse_registry().at(options->reverse).payload;
    options->loop.reverse_move =
        reverse == Reverse::kOn || (reverse == Reverse::kAuto && costs.pays());
    if (run.speaks() && !run.quiet()) {
      char line[200];
      std::snprintf(line, sizeof line,
                    "reverse move: %s (predicted %.4g s without, %.4g s with the moves)\n",
                    options->loop.reverse_move ? "on" : "off", costs.without, costs.with);
      std::cout << line;
    }
    const MaptriLoop prototype(options->loop);
    cli::run_checked_loop(run, loop,
                          "n=" + std::to_string(options->loop.n) +
                              ",work=" + std::to_string(options->loop.work) +
                              ",reverse=" + (options->loop.reverse_move ? "on" : "off"),
                          prototype, [&](const MaptriLoop::Output& out) {
                            const auto sums = prototype.sums(out);
                            std::cout << "s_(n-1) = [" << sums.back()[0] << ' ' << sums.back()[1]
                                      << "; " << sums.back()[2] << ' ' << sums.back()[3] << "]\n";
                          });
  });
}

}  // namespace

void register_maptri_app(cli::AppRegistry& apps) {
  apps.add({"maptri",
            cli::kLoopApp,
            "column sums of a triangle by an expensive ⊕, with the reverse-move balancing",
            {&add_command, &option_names}});
}

}  // namespace stacksplit::apps::maptri
