// stacksplit-gen-cnf: writes generated formulas as DIMACS, for tests, examples
// and the benchmark script.
//
//   stacksplit-gen-cnf random --variables 250 --ratio 4.26 --seed 7 [-k 3] [-o FILE]
//   stacksplit-gen-cnf pigeonhole --holes 8 [-o FILE]

#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>
#include <sstream>

#include "apps/sat/cnf_generator.hpp"

namespace sat = stacksplit::apps::sat;

int main(int argc, char** argv) {
  CLI::App app{"Writes generated CNF formulas in DIMACS format"};
  app.require_subcommand(1);
  std::string output = "-";

  auto* random = app.add_subcommand("random", "uniform random k-SAT");
  std::int32_t variables = 0;
  std::int32_t k = 3;
  double ratio = 4.26;
  std::uint64_t clauses = 0;
  std::uint64_t seed = 1;
  random->add_option("-n,--variables", variables, "number of variables")
      ->required()
      ->check(CLI::Range(1, 1 << 24));
  random->add_option("-k", k, "literals per clause")->capture_default_str();
  auto* ratio_option =
      random->add_option("-r,--ratio", ratio, "clauses per variable")->capture_default_str();
  random->add_option("-m,--clauses", clauses, "number of clauses (instead of --ratio)")
      ->excludes(ratio_option);
  random->add_option("-s,--seed", seed, "random seed")->capture_default_str();
  random->add_option("-o,--output", output, "output file, - for standard output");

  auto* pigeons = app.add_subcommand("pigeonhole", "holes + 1 pigeons in holes holes (UNSAT)");
  std::int32_t holes = 0;
  pigeons->add_option("--holes", holes, "number of holes")->required()->check(CLI::Range(1, 1000));
  pigeons->add_option("-o,--output", output, "output file, - for standard output");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return 2;
  }

  try {
    sat::CnfFormula formula;
    std::ostringstream comment;
    if (random->parsed()) {
      if (clauses == 0) clauses = sat::clauses_for_ratio(variables, ratio);
      formula = sat::random_ksat(variables, clauses, k, seed);
      comment << "random " << k << "-SAT, " << variables << " variables, " << clauses
              << " clauses, seed " << seed << "\nmade by: stacksplit-gen-cnf random --variables "
              << variables << " --clauses " << clauses << " -k " << k << " --seed " << seed;
    } else {
      formula = sat::pigeon_hole(holes);
      comment << "pigeon-hole, " << holes + 1 << " pigeons in " << holes << " holes"
              << "\nmade by: stacksplit-gen-cnf pigeonhole --holes " << holes;
    }
    if (output == "-") {
      sat::write_dimacs(std::cout, formula, comment.str());
    } else {
      std::ofstream file(output);
      if (!file) throw std::runtime_error("cannot write " + output);
      sat::write_dimacs(file, formula, comment.str());
      if (!file.flush()) throw std::runtime_error("cannot write " + output);
    }
  } catch (const std::exception& e) {
    std::cerr << "stacksplit-gen-cnf: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
