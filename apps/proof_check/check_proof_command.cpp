#include "apps/proof_check/check_proof_command.hpp"

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "apps/cli/choice_option.hpp"
#include "apps/cli/exit_status.hpp"
#include "apps/input/compressed_input.hpp"
#include "apps/proof_check/check_drat.hpp"
#include "apps/proof_check/formula_reader.hpp"
#include "core/registry.hpp"

namespace stacksplit::apps::proof_check {

namespace {

const core::Registry<ProofFormat>& format_registry() {
  static const core::Registry<ProofFormat> registry = [] {
    core::Registry<ProofFormat> r("proof format");
    r.add({"auto", "", "binary or text, told by the first bytes (as drat-trim does)",
           ProofFormat::kAuto});
    r.add(
        {"binary", "", "binary DRAT: 'a'/'d', variable-length literals, 0", ProofFormat::kBinary});
    r.add({"text", "", "text DRAT: '1 -2 0', 'd 1 -2 0', 'c' comments", ProofFormat::kText});
    return r;
  }();
  return registry;
}

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", seconds);
  return text;
}

double since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

ProofCheckResult run_check_proof(const CheckProofOptions& options, std::ostream& out,
                                 std::ostream& err) {
  if (options.formula == "-" && options.proof == "-")
    throw std::invalid_argument("the formula and the proof cannot both be standard input");
  const auto start = std::chrono::steady_clock::now();
  const FormulaInput input = read_formula(options.formula);
  const double read_seconds = since(start);
  for (const std::string& warning : input.warnings) err << "c warning: " << warning << '\n';

  input::CompressedInput proof(options.proof);
  CheckOptions check_options;
  check_options.ignore_deletions = options.ignore_deletions;
  ProofCheckResult result = check_drat(input.formula, proof.stream(), options.format, check_options,
                                       proof.name(), proof.read_failure());
  for (const std::string& warning : result.warnings) err << "c warning: " << warning << '\n';
  if (!options.quiet) {
    out << "c formula: " << input.formula.num_variables() << " variables, "
        << input.formula.num_clauses() << " clauses"
        << (result.empty_clause_in_formula ? ", the empty clause among them" : "") << '\n';
    out << "c proof: " << proof_format_name(result.format) << " DRAT"
        << (options.format == ProofFormat::kAuto ? " (told by its first bytes)" : "")
        << (options.ignore_deletions ? ", deletions ignored" : "") << '\n';
    for (const ProofCounterInfo& counter : kProofCounters) {
      if (counter.member == &ProofCounters::dropped_deletions && !options.ignore_deletions)
        continue;
      std::string name = std::string(counter.name) + ":";
      name.resize(std::max<std::size_t>(name.size(), 24), ' ');
      out << "c " << name << result.counters.*counter.member << "  (" << counter.meaning << ")\n";
    }
    out << "c time: " << seconds_text(read_seconds + result.seconds) << " s (reading the formula "
        << seconds_text(read_seconds) << " s, checking " << seconds_text(result.seconds) << " s)\n";
  }
  out << (result.verified ? "s VERIFIED" : "s NOT VERIFIED") << std::endl;
  return result;
}

void add_check_proof_command(CLI::App& app) {
  auto options = std::make_shared<CheckProofOptions>();
  auto format = std::make_shared<std::string>("auto");
  CLI::App* command = app.add_subcommand(
      "check-proof",
      "check a DRAT proof that a CNF formula is unsatisfiable (RUP and RAT, binary or text)");
  command->add_option("formula", options->formula, "DIMACS CNF file (.gz, .bz2, .xz; - for stdin)")
      ->required();
  command->add_option("proof", options->proof, "DRAT proof file (.gz, .bz2, .xz; - for stdin)")
      ->required();
  cli::add_choice_option(*command, "--format", *format, format_registry(), "the proof's form")
      ->capture_default_str();
  command->add_flag("--ignore-deletions", options->ignore_deletions,
                    "apply no deletion: check the proof as if every deletion were dropped");
  command->add_flag("--quiet", options->quiet, "print only the s line");
  command->callback([options, format] {
    options->format = format_registry().find(*format)->payload;
    const ProofCheckResult result = run_check_proof(*options, std::cout, std::cerr);
    if (!result.verified) throw cli::RunFailure(result.failure);
  });
}

}  // namespace stacksplit::apps::proof_check
