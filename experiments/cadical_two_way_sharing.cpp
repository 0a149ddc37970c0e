// An experiment, not part of `stacksplit sat`: would sharing clauses both
// ways between the race and portfolio member 1 beat today's one way
// (issue 36; experiments/README.md, "Two-way sharing, tried outside the
// plan")?
//
// Two CaDiCaL threads on one formula: its defaults (the race) and its `sat`
// configuration (member 1). `alone` runs the defaults alone in one call.
// `one-way` is today's design in outline: the defaults in one call, member
// 1 in slices of conflicts (growing), taking in the defaults' short learned
// clauses between slices; unlike the portfolio's ClauseExchange it neither
// drops duplicates nor keeps a budget (it has its own small learner and
// filter, written before it could be built on CdclEngine and
// ClauseExchange, which it should be). `two-way` slices the defaults too, so that each takes in
// the other's. CaDiCaL 1.5 adds clauses only between solve calls, so a
// solver that takes clauses in must be sliced; a sliced race is no longer
// CaDiCaL alone, which is what the race's bound rests on. Clauses over a
// variable the taker eliminated are dropped, as the portfolio drops them.
// The first answer ends both; a model is checked against every clause.
//
// Usage: cadical_two_way_sharing FILE.cnf --mode alone|one-way|two-way
//            [--first-slice 5000] [--growth 2] [--max-size 3]
// Prints one line (mode, file, answer, seconds, who answered, clauses taken
// in and dropped); exits 10 or 20 as a SAT solver does.

#include <algorithm>
#include <atomic>
#include <cadical.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "CLI/CLI.hpp"
#include "apps/sat/cnf/dimacs_reader.hpp"
#include "apps/sat/cnf/model_check.hpp"

namespace {

using stacksplit::apps::sat::CnfFormula;
using stacksplit::apps::sat::Literal;

struct Settings {
  std::string mode = "two-way";
  int first_slice = 5'000;
  double growth = 2.0;
  int max_size = 3;
};

// Learned clauses one solver offers the other: size, literals, size, ...
class Outbox {
 public:
  void post(const std::vector<int>& clause) {
    std::lock_guard<std::mutex> lock(mutex_);
    words_.push_back(static_cast<int>(clause.size()));
    words_.insert(words_.end(), clause.begin(), clause.end());
  }
  // What was posted since the last call with this cursor.
  std::vector<int> take_since(std::size_t& cursor) {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<int> fresh(words_.begin() + static_cast<std::ptrdiff_t>(cursor), words_.end());
    cursor = words_.size();
    return fresh;
  }

 private:
  std::mutex mutex_;
  std::vector<int> words_;
};

class ShortClauses final : public CaDiCaL::Learner {
 public:
  ShortClauses(Outbox* outbox, int max_size) : outbox_(outbox), max_size_(max_size) {}
  bool learning(int size) override { return size <= max_size_; }
  void learn(int lit) override {
    if (lit != 0) {
      clause_.push_back(lit);
      return;
    }
    outbox_->post(clause_);
    clause_.clear();
  }

 private:
  Outbox* outbox_;
  const int max_size_;
  std::vector<int> clause_;
};

class Eliminated final : public CaDiCaL::WitnessIterator {
 public:
  explicit Eliminated(std::vector<char>& marks) : marks_(marks) {}
  bool witness(const std::vector<int>& /*clause*/, const std::vector<int>& witness) override {
    for (int lit : witness) marks_[static_cast<std::size_t>(std::abs(lit))] = 1;
    return true;
  }

 private:
  std::vector<char>& marks_;
};

struct Race {
  std::atomic<bool> over{false};
  std::mutex mutex;
  int answer = 0;
  std::string answered_by;
  std::vector<Literal> model;
  std::atomic<long> taken_in{0};
  std::atomic<long> dropped{0};
};

class StopWhenOver final : public CaDiCaL::Terminator {
 public:
  explicit StopWhenOver(const Race& race) : race_(race) {}
  bool terminate() override { return race_.over.load(std::memory_order_relaxed); }

 private:
  const Race& race_;
};

// One CaDiCaL: `config` ("" for the defaults), in slices when `inbox` is
// given (taking in its clauses between them), offering its short learned
// clauses to `outbox` when given.
void solve(const CnfFormula& formula, const Settings& settings, const char* config,
           const char* name, Outbox* outbox, Outbox* inbox, Race& race) {
  CaDiCaL::Solver solver;
  if (config[0] != '\0') solver.configure(config);
  for (std::size_t c = 0; c < formula.num_clauses(); ++c) {
    for (Literal lit : formula.clause(c)) solver.add(lit);
    solver.add(0);
  }
  if (formula.has_empty_clause()) solver.add(0);
  ShortClauses learner(outbox, settings.max_size);
  if (outbox) solver.connect_learner(&learner);
  StopWhenOver terminator(race);
  solver.connect_terminator(&terminator);
  double slice = settings.first_slice;
  std::size_t cursor = 0;
  int result = 0;
  while (!race.over.load()) {
    if (inbox) solver.limit("conflicts", static_cast<int>(std::min(slice, 1e9)));
    result = solver.solve();
    if (result != 0 || !inbox) break;
    slice *= settings.growth;
    std::vector<char> eliminated(static_cast<std::size_t>(formula.num_variables()) + 1, 0);
    Eliminated marks(eliminated);
    solver.traverse_witnesses_backward(marks);
    const std::vector<int> words = inbox->take_since(cursor);
    for (std::size_t i = 0; i < words.size();) {
      const auto size = static_cast<std::size_t>(words[i++]);
      bool over_eliminated = false;
      for (std::size_t k = 0; k < size; ++k)
        over_eliminated |= eliminated[static_cast<std::size_t>(std::abs(words[i + k]))] != 0;
      if (over_eliminated) {
        ++race.dropped;
      } else {
        for (std::size_t k = 0; k < size; ++k) solver.add(words[i + k]);
        solver.add(0);
        ++race.taken_in;
      }
      i += size;
    }
  }
  if (result == 0 || race.over.exchange(true)) return;
  std::lock_guard<std::mutex> lock(race.mutex);
  race.answer = result;
  race.answered_by = name;
  if (result == 10)
    for (Literal v = 1; v <= formula.num_variables(); ++v)
      race.model.push_back(solver.val(v) > 0 ? v : -v);
}

}  // namespace

int main(int argc, char** argv) {
  Settings settings;
  std::string file;
  CLI::App cli{"Two CaDiCaLs sharing short learned clauses one way or both (an experiment)"};
  cli.add_option("file", file, "DIMACS CNF file (.cnf, .gz, .bz2, .xz)")->required();
  cli.add_option("--mode", settings.mode, "alone, one-way or two-way")
      ->check(CLI::IsMember({"alone", "one-way", "two-way"}))
      ->capture_default_str();
  cli.add_option("--first-slice", settings.first_slice, "conflicts in a sliced solver's first call")
      ->check(CLI::Range(1, 1'000'000'000))
      ->capture_default_str();
  cli.add_option("--growth", settings.growth, "each slice this many times the last")
      ->check(CLI::Range(1.0, 100.0))
      ->capture_default_str();
  cli.add_option("--max-size", settings.max_size, "longest learned clause shared")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  CLI11_PARSE(cli, argc, argv);

  CnfFormula formula;
  try {
    formula = stacksplit::apps::sat::read_dimacs(file).formula;
  } catch (const std::exception& error) {
    std::cerr << "cadical_two_way_sharing: " << error.what() << '\n';
    return 1;
  }
  const auto start = std::chrono::steady_clock::now();
  Race race;
  Outbox from_defaults;
  Outbox from_member;
  if (settings.mode == "alone") {
    solve(formula, settings, "", "defaults", nullptr, nullptr, race);
  } else {
    const bool both = settings.mode == "two-way";
    std::thread defaults([&] {
      solve(formula, settings, "", "defaults", &from_defaults, both ? &from_member : nullptr, race);
    });
    std::thread member([&] {
      solve(formula, settings, "sat", "sat", both ? &from_member : nullptr, &from_defaults, race);
    });
    defaults.join();
    member.join();
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (race.answer == 10 && !stacksplit::apps::sat::satisfies(formula, race.model)) {
    std::cerr << "cadical_two_way_sharing: " << file << ": the model of " << race.answered_by
              << " does not satisfy the formula\n";
    return 70;
  }
  std::printf("mode %s file %s answer %s seconds %.3f by %s taken_in %ld dropped %ld\n",
              settings.mode.c_str(), file.c_str(),
              race.answer == 10   ? "SAT"
              : race.answer == 20 ? "UNSAT"
                                  : "UNKNOWN",
              seconds, race.answered_by.c_str(), race.taken_in.load(), race.dropped.load());
  return race.answer;
}
