// stacksplit-gen-knapsack: writes Pisinger's random knapsack instances in
// the format `stacksplit knapsack` reads, for tests, examples and benchmarks.
//
//   stacksplit-gen-knapsack --class strongly-correlated -n 60 -R 1000 --seed 3 [-o FILE]

#include <CLI/CLI.hpp>
#include <iostream>

#include "apps/cli/generator_main.hpp"
#include "apps/knapsack/knapsack_generator.hpp"

namespace knapsack = stacksplit::apps::knapsack;

int main(int argc, char** argv) {
  CLI::App app{"Writes a random 0/1 knapsack instance (Pisinger's classes)"};
  std::string kind = "uncorrelated";
  std::string output = "-";
  knapsack::GeneratorOptions options;
  app.add_option("--class", kind, "uncorrelated, weakly-correlated or strongly-correlated")
      ->capture_default_str();
  app.add_option("-n,--items", options.items, "number of items")->capture_default_str();
  app.add_option("-R,--range", options.range, "data range R: weights in [1, R]")
      ->capture_default_str();
  app.add_option("--capacity-fraction", options.capacity_fraction,
                 "capacity as a fraction of the total weight")
      ->capture_default_str();
  app.add_option("-s,--seed", options.seed, "random seed")->capture_default_str();
  app.add_option("-o,--output", output, "output file, - for standard output");
  if (const auto status = stacksplit::cli::parse_generator_options(app, argc, argv)) return *status;
  try {
    options.kind = knapsack::parse_instance_class(kind);
    const knapsack::KnapsackInstance instance = knapsack::generate_knapsack(options);
    stacksplit::cli::write_generated(
        output, [&](std::ostream& out) { knapsack::write_knapsack(out, instance); });
  } catch (const std::exception& e) {
    std::cerr << "stacksplit-gen-knapsack: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
