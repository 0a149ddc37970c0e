// stacksplit-gen-cnf: writes generated formulas as DIMACS, for tests, examples
// and the benchmark script.
//
//   stacksplit-gen-cnf random --variables 250 --ratio 4.26 --seed 7 [-k 3] [-o FILE]
//   stacksplit-gen-cnf pigeonhole --holes 8 [-o FILE]
//   stacksplit-gen-cnf xor-chains --inputs 40 [--satisfiable] [-o FILE]
//   stacksplit-gen-cnf counter --bits 6 --steps 20 --target 21 [-o FILE]
//   stacksplit-gen-cnf vdw -k 5 -n 170 [-o FILE]

#include <CLI/CLI.hpp>
#include <iostream>
#include <sstream>

#include "apps/cli/generator_main.hpp"
#include "apps/sat/cnf/cnf_generator.hpp"

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

  auto* chains = app.add_subcommand(
      "xor-chains", "Dubois-style parity chains that must differ (UNSAT) or agree (SAT)");
  std::int32_t inputs = 0;
  bool satisfiable = false;
  chains->add_option("--inputs", inputs, "number of input variables")
      ->required()
      ->check(CLI::Range(2, 1 << 22));
  chains->add_flag("--satisfiable", satisfiable, "make the chains agree (satisfiable)");
  chains->add_option("-o,--output", output, "output file, - for standard output");

  auto* counter = app.add_subcommand(
      "counter", "bounded model checking of a counter (SAT iff target <= steps)");
  std::int32_t bits = 0;
  std::int32_t steps = 0;
  std::uint64_t target = 0;
  counter->add_option("--bits", bits, "counter bits")->required()->check(CLI::Range(1, 62));
  counter->add_option("--steps", steps, "unrolled steps")
      ->required()
      ->check(CLI::Range(1, 1 << 20));
  counter->add_option("--target", target, "value asked for after the last step")->required();
  counter->add_option("-o,--output", output, "output file, - for standard output");

  auto* vdw = app.add_subcommand(
      "vdw", "van der Waerden W(2,k): two colours of 1..n without a one-coloured k-progression");
  std::int32_t progression = 0;
  std::int32_t numbers = 0;
  vdw->add_option("-k", progression, "progression length")->required()->check(CLI::Range(2, 1000));
  vdw->add_option("-n", numbers, "numbers to colour")->required()->check(CLI::Range(1, 1 << 20));
  vdw->add_option("-o,--output", output, "output file, - for standard output");

  return stacksplit::cli::run_generator(app, "stacksplit-gen-cnf", argc, argv, [&] {
    sat::CnfFormula formula;
    std::ostringstream comment;
    if (random->parsed()) {
      if (clauses == 0) clauses = sat::clauses_for_ratio(variables, ratio);
      formula = sat::random_ksat(variables, clauses, k, seed);
      comment << "random " << k << "-SAT, " << variables << " variables, " << clauses
              << " clauses, seed " << seed << "\nmade by: stacksplit-gen-cnf random --variables "
              << variables << " --clauses " << clauses << " -k " << k << " --seed " << seed;
    } else if (chains->parsed()) {
      formula = sat::xor_chains(inputs, satisfiable);
      comment << "xor chains (Dubois style), " << inputs << " inputs, "
              << (satisfiable ? "satisfiable" : "unsatisfiable")
              << "\nmade by: stacksplit-gen-cnf xor-chains --inputs " << inputs
              << (satisfiable ? " --satisfiable" : "");
    } else if (vdw->parsed()) {
      formula = sat::van_der_waerden(progression, numbers);
      comment << "van der Waerden W(2," << progression << "), n = " << numbers
              << "\nmade by: stacksplit-gen-cnf vdw -k " << progression << " -n " << numbers;
    } else if (counter->parsed()) {
      formula = sat::counter_bmc(bits, steps, target);
      comment << "counter BMC, " << bits << " bits, " << steps << " steps, target " << target
              << "\nmade by: stacksplit-gen-cnf counter --bits " << bits << " --steps " << steps
              << " --target " << target;
    } else {
      formula = sat::pigeon_hole(holes);
      comment << "pigeon-hole, " << holes + 1 << " pigeons in " << holes << " holes"
              << "\nmade by: stacksplit-gen-cnf pigeonhole --holes " << holes;
    }
    stacksplit::cli::write_generated(
        output, [&](std::ostream& out) { sat::write_dimacs(out, formula, comment.str()); });
  });
}
