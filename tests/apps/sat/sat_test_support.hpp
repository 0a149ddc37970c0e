#pragma once
// What the SAT tests share: a first-model search over the space without the
// engine, brute-force model counting, temporary files and running a command.

#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "apps/sat/cnf_formula.hpp"
#include "apps/sat/cnf_generator.hpp"
#include "apps/sat/dpll_space.hpp"
#include "apps/sat/model_check.hpp"

namespace stacksplit::apps::sat::testing {

// Depth-first search for a first model, the order choices() gives.
inline std::optional<DpllSpace::Solution> first_model(DpllSpace& space) {
  struct Search {
    DpllSpace& space;
    std::optional<DpllSpace::Solution> model;
    bool visit(core::Outcome outcome) {
      if (outcome == core::Outcome::kDeadEnd) return false;
      if (outcome == core::Outcome::kSolution) {
        model = space.solution();
        return true;
      }
      std::vector<Literal> children;
      core::ChoiceSink<Literal> sink(children);
      space.choices(sink);
      for (Literal child : children) {
        if (visit(space.descend(child))) return true;
        space.ascend();
      }
      return false;
    }
  } search{space, std::nullopt};
  search.visit(space.reset());
  return search.model;
}

// Models over all num_variables() variables, by enumeration.
inline std::uint64_t brute_force_count(const CnfFormula& formula) {
  const int n = formula.num_variables();
  std::vector<Literal> model(static_cast<std::size_t>(n));
  std::uint64_t count = 0;
  for (std::uint64_t bits = 0; bits < (std::uint64_t{1} << n); ++bits) {
    for (int v = 0; v < n; ++v) model[v] = (bits >> v) & 1 ? v + 1 : -(v + 1);
    count += satisfies(formula, model);
  }
  return count;
}

// A fresh directory for this test process, removed by nobody: it lives under
// the system's temporary directory.
inline std::filesystem::path scratch_directory() {
  static const std::filesystem::path directory = [] {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "stacksplit-sat-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot create a scratch directory");
    return std::filesystem::path(pattern);
  }();
  return directory;
}

inline std::string write_cnf(const std::string& name, const CnfFormula& formula) {
  std::filesystem::path path = scratch_directory() / name;
  std::ofstream out(path);
  write_dimacs(out, formula);
  return path.string();
}

inline std::string write_text(const std::string& name, const std::string& text) {
  std::filesystem::path path = scratch_directory() / name;
  std::ofstream out(path, std::ios::binary);
  out << text;
  return path.string();
}

struct CommandRun {
  int status = -1;
  std::string out;
  std::string err;
};

// Runs a shell command line, capturing standard output and error apart.
inline CommandRun run_command(const std::string& command_line) {
  static int counter = 0;
  std::filesystem::path base = scratch_directory() / ("run" + std::to_string(counter++));
  std::string out = base.string() + ".out";
  std::string err = base.string() + ".err";
  int raw = std::system((command_line + " >" + out + " 2>" + err).c_str());
  auto slurp = [](const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  };
  CommandRun run;
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  run.out = slurp(out);
  run.err = slurp(err);
  return run;
}

inline bool have_program(const std::string& name) {
  return std::system(("command -v " + name + " >/dev/null 2>&1").c_str()) == 0;
}

}  // namespace stacksplit::apps::sat::testing
