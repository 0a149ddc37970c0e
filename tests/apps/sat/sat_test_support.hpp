#pragma once
// What the SAT tests share: a first-model search over the space without the
// engine, brute-force model counting, temporary files, compressing and running
// a command.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/iostreams/filtering_stream.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "apps/sat/cnf/cnf_formula.hpp"
#include "apps/sat/cnf/cnf_generator.hpp"
#include "apps/sat/cnf/model_check.hpp"
#include "apps/sat/dpll/dpll_space.hpp"

namespace stacksplit::apps::sat::testing {

// Under ThreadSanitizer the instrumented look-ahead runs some ten times
// slower: tests of what the probes choose within their CPU-time bounds, and
// of the race's bounds against look-ahead DPLL, say nothing there.
#if defined(__SANITIZE_THREAD__)
inline constexpr bool kUnderThreadSanitizer = true;
#else
inline constexpr bool kUnderThreadSanitizer = false;
#endif
inline constexpr const char* kTooSlowUnderTsan =
    "the instrumented look-ahead is too slow under ThreadSanitizer for the probes' CPU-time bounds";

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

// Models over all num_variables() variables (at most 63), by enumerating
// assignments in variable order and abandoning a prefix as soon as it falsifies
// a clause whose variables it has all set. Shares nothing with the solver.
inline std::uint64_t enumeration_count(const CnfFormula& formula) {
  const int n = formula.num_variables();
  if (formula.has_empty_clause()) return 0;
  // Clauses as (positive mask, negative mask), filed under their last variable.
  struct Masks {
    std::uint64_t positive = 0;
    std::uint64_t negative = 0;
  };
  std::vector<std::vector<Masks>> ending_at(static_cast<std::size_t>(n));
  for (std::size_t c = 0; c < formula.num_clauses(); ++c) {
    Masks masks;
    int last = 0;
    for (Literal l : formula.clause(c)) {
      const int v = std::abs(l) - 1;
      (l > 0 ? masks.positive : masks.negative) |= std::uint64_t{1} << v;
      last = std::max(last, v);
    }
    ending_at[static_cast<std::size_t>(last)].push_back(masks);
  }
  struct Walk {
    const std::vector<std::vector<Masks>>& ending_at;
    int n;
    std::uint64_t visit(int v, std::uint64_t assignment) {
      if (v == n) return 1;
      std::uint64_t count = 0;
      for (std::uint64_t value : {std::uint64_t{0}, std::uint64_t{1}}) {
        const std::uint64_t next = assignment | (value << v);
        bool alive = true;
        for (const Masks& m : ending_at[static_cast<std::size_t>(v)])
          alive = alive && ((next & m.positive) | (~next & m.negative)) != 0;
        if (alive) count += visit(v + 1, next);
      }
      return count;
    }
  } walk{ending_at, n};
  return walk.visit(0, 0);
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

inline constexpr const char* kNoMinisat =
    "minisat is not installed: run scripts/install-deps (it installs MiniSat, the independent "
    "solver these tests compare with)";

// MiniSat's answer (a separate program): true satisfiable, false
// unsatisfiable, nullopt if it is missing or failed.
inline std::optional<bool> minisat_answer(const std::string& path) {
  if (!have_program("minisat")) return std::nullopt;
  auto run = run_command("minisat -verb=0 '" + path + "'");
  if (run.status != 10 && run.status != 20) return std::nullopt;
  return run.status == 10;
}

// `text` through a Boost.Iostreams compressor (bzip2_compressor, lzma_compressor).
template <class Compressor>
std::string compress(const std::string& text, Compressor compressor) {
  std::ostringstream packed;
  {
    boost::iostreams::filtering_ostream out;
    out.push(compressor);
    out.push(packed);
    out << text;
  }  // closing the chain flushes the compressor
  return packed.str();
}

// A formula with a name, for tests that run several.
struct Named {
  std::string name;
  CnfFormula formula;
};

// MiniSat's answer on `named` (written to a file whose name starts with
// `prefix`), a test failure if MiniSat gives none.
inline bool minisat_says_satisfiable(const Named& named, const std::string& prefix) {
  const std::string path = write_cnf(prefix + named.name + ".cnf", named.formula);
  const auto answer = minisat_answer(path);
  EXPECT_TRUE(answer.has_value()) << kNoMinisat;
  return answer.value_or(false);
}

}  // namespace stacksplit::apps::sat::testing
