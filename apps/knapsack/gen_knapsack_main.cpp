// stacksplit-gen-knapsack: writes Pisinger's random knapsack instances in
// the format `stacksplit knapsack` reads, for tests, examples and benchmarks.
//
//   stacksplit-gen-knapsack --class strongly-correlated -n 60 -R 1000 --seed 3 [-o FILE]

#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>

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
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return 2;
  }
  try {
    options.kind = knapsack::parse_instance_class(kind);
    const knapsack::KnapsackInstance instance = knapsack::generate_knapsack(options);
    if (output == "-") {
      knapsack::write_knapsack(std::cout, instance);
    } else {
      std::ofstream file(output);
      if (!file) throw std::runtime_error("cannot write " + output);
      knapsack::write_knapsack(file, instance);
      if (!file.flush()) throw std::runtime_error("cannot write " + output);
    }
  } catch (const std::exception& e) {
    std::cerr << "stacksplit-gen-knapsack: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
