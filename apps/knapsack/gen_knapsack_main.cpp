// stacksplit-gen-knapsack: writes Pisinger's random knapsack instances in
// the format `stacksplit knapsack` reads, for tests, examples and benchmarks.
//
//   stacksplit-gen-knapsack --class strongly-correlated -n 60 -R 1000 --seed 3 [-o FILE]

#include <CLI/CLI.hpp>
#include <iostream>

#include "apps/cli/choice_option.hpp"
#include "apps/cli/generator_main.hpp"
#include "apps/knapsack/knapsack_generator.hpp"

namespace knapsack = stacksplit::apps::knapsack;

int main(int argc, char** argv) {
  CLI::App app{"Writes a random 0/1 knapsack instance (Pisinger's classes)"};
  std::string kind = "uncorrelated";
  std::string output = "-";
  knapsack::GeneratorOptions options;
  stacksplit::cli::add_choice_option(app, "--class", kind, knapsack::instance_class_registry(),
                                     "Pisinger's instance class")
      ->capture_default_str();
  app.add_option("-n,--items", options.items, "number of items")->capture_default_str();
  app.add_option("-R,--range", options.range, "data range R: weights in [1, R]")
      ->capture_default_str();
  app.add_option("--capacity-fraction", options.capacity_fraction,
                 "capacity as a fraction of the total weight")
      ->capture_default_str();
  app.add_option("-s,--seed", options.seed, "random seed")->capture_default_str();
  app.add_option("-o,--output", output, "output file, - for standard output");
  return stacksplit::cli::run_generator(app, "stacksplit-gen-knapsack", argc, argv, [&] {
    options.kind = knapsack::parse_instance_class(kind);
    const knapsack::KnapsackInstance instance = knapsack::generate_knapsack(options);
    stacksplit::cli::write_generated(
        output, [&](std::ostream& out) { knapsack::write_knapsack(out, instance); });
  });
}
