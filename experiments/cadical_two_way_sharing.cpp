// An experiment, not part of `stacksplit sat`: would sharing clauses both
// ways between the race and portfolio member 1 beat today's one way
// (issue 36; experiments/README.md, "Two-way sharing, tried outside the
// plan")?
//
// Two CaDiCaL threads on one formula, built from the parts `stacksplit
// sat` uses: CdclEngine (apps/sat/cdcl/cdcl_engine.hpp) for each solver,
// RaceClauses for what a solver offers (the portfolio's filter and budget,
// handed over every 32 offers) and a ClauseExchange for what it takes in
// (duplicates dropped), with the table's limits and slices
// (apps/sat/tuning.hpp). `alone` runs the defaults (the race) alone in one
// call. `one-way` is today's design without the plan (no probes, no
// cubes): the defaults in one call, member 1 (`sat`) in slices of
// conflicts, its first call on the formula alone, taking in the defaults'
// clauses between slices. `two-way` slices the defaults too, so that each
// takes in the other's. CaDiCaL 1.5 adds clauses only between solve calls,
// so a solver that takes clauses in must be sliced; a sliced race is no
// longer CaDiCaL alone, which is what the race's bound rests on. Clauses
// over a variable the taker eliminated are dropped, as the portfolio drops
// them. The first answer ends both; a model is checked against every
// clause.
//
// Usage: cadical_two_way_sharing FILE.cnf --mode alone|one-way|two-way
//            [--max-size N] [--budget LITERALS_A_SECOND]
// Prints one line (mode, file, answer, seconds, who answered, clauses taken
// in and dropped); exits 10 or 20 as a SAT solver does.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <latch>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "CLI/CLI.hpp"
#include "apps/sat/cdcl/cdcl_engine.hpp"
#include "apps/sat/cdcl/clause_exchange.hpp"
#include "apps/sat/cdcl/portfolio_space.hpp"
#include "apps/sat/cdcl/race_clauses.hpp"
#include "apps/sat/cnf/dimacs_reader.hpp"
#include "apps/sat/cnf/model_check.hpp"
#include "apps/sat/tuning.hpp"

namespace {

namespace sat = stacksplit::apps::sat;
using Clock = std::chrono::steady_clock;

// The first answer, and who gave it.
struct Outcome {
  std::atomic<bool> over{false};
  std::mutex mutex;
  sat::Verdict verdict = sat::Verdict::kUnknown;
  std::string answered_by;
  sat::Model model;
};

// One solver: what it offers the other (`outbox`, read by the other's
// `take_from`) and what it takes in.
struct Member {
  Member(const sat::CnfFormula& formula, const sat::CdclSettings& settings,
         const sat::ShareOptions& share)
      : engine(formula, settings),
        outbox(share, formula.num_variables()),
        inbox(share, formula.num_variables()) {
    outbox.keep();
  }
  sat::CdclEngine engine;
  sat::RaceClauses outbox;
  sat::ClauseExchange inbox;
  std::size_t read = 0;  // words of the other's outbox taken so far
  std::vector<bool> eliminated;
  std::uint64_t imported = 0;
  std::uint64_t over_eliminated = 0;
};

// Runs `self` to an answer or until the other answers: one call when
// `take_from` is null, else slices (the portfolio's: the first on the
// formula alone, then growing), taking in `take_from`'s clauses between
// them.
void run(Member& self, Member* take_from, const char* name, Outcome& outcome) {
  self.engine.stop_when([&outcome] { return outcome.over.load(std::memory_order_relaxed); });
  int slice = sat::kFirstSliceConflicts;
  bool first_call = true;
  sat::Verdict verdict = sat::Verdict::kUnknown;
  while (!outcome.over.load()) {
    if (take_from && !first_call) {
      take_from->outbox.take(self.read, self.inbox);
      const sat::CdclEngine::Imported imported =
          self.engine.import_pending(self.inbox, self.eliminated);
      self.imported += imported.added;
      self.over_eliminated += imported.over_eliminated;
    }
    verdict = self.engine.solve({}, take_from ? slice : -1);
    first_call = false;
    if (verdict != sat::Verdict::kUnknown || !take_from) break;
    slice = std::min(sat::kMostSliceConflicts, static_cast<int>(slice * sat::kSliceGrowth));
    self.engine.eliminated_variables(self.eliminated);
  }
  if (verdict == sat::Verdict::kUnknown || outcome.over.exchange(true)) return;
  std::lock_guard<std::mutex> lock(outcome.mutex);
  outcome.verdict = verdict;
  outcome.answered_by = name;
  if (verdict == sat::Verdict::kSatisfiable) outcome.model = self.engine.model();
}

// Hands `member`'s short learned clauses to its outbox.
void export_from(Member& member, std::uint32_t longest, Clock::time_point start) {
  member.engine.export_to(
      [&member, start](std::span<const sat::Literal> clause) {
        member.outbox.offer(clause, std::chrono::duration<double>(Clock::now() - start).count());
      },
      longest);
}

}  // namespace

int main(int argc, char** argv) {
  std::string mode = "two-way";
  std::string file;
  sat::ShareOptions share;
  CLI::App cli{"Two CaDiCaLs sharing short learned clauses one way or both (an experiment)"};
  cli.add_option("file", file, "DIMACS CNF file (.cnf, .gz, .bz2, .xz)")->required();
  cli.add_option("--mode", mode, "alone, one-way or two-way")
      ->check(CLI::IsMember({"alone", "one-way", "two-way"}))
      ->capture_default_str();
  cli.add_option("--max-size", share.max_size, "longest learned clause shared")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  cli.add_option("--budget", share.literals_per_second,
                 "literals of clauses longer than 2 a solver may share per second")
      ->check(CLI::Range(0.0, 1e9))
      ->capture_default_str();
  CLI11_PARSE(cli, argc, argv);

  sat::CnfFormula formula;
  try {
    formula = sat::read_dimacs(file).formula;
  } catch (const std::exception& error) {
    std::cerr << "cadical_two_way_sharing: " << error.what() << '\n';
    return 1;
  }
  const Clock::time_point start = Clock::now();
  Outcome outcome;
  std::uint64_t imported = 0;
  std::uint64_t over_eliminated = 0;
  if (mode == "alone") {
    Member defaults(formula, {}, share);
    run(defaults, nullptr, "defaults", outcome);
  } else {
    const bool both = mode == "two-way";
    // Each loads its copy of the formula in its own thread, as the race and
    // member 1 do.
    std::unique_ptr<Member> defaults;
    std::unique_ptr<Member> member;
    std::latch loaded(2);
    std::thread defaults_thread([&] {
      defaults = std::make_unique<Member>(formula, sat::CdclSettings{}, share);
      export_from(*defaults, share.max_size, start);
      loaded.arrive_and_wait();
      run(*defaults, both ? member.get() : nullptr, "defaults", outcome);
    });
    std::thread member_thread([&] {
      // The portfolio's member 1 where the formula does not look random.
      member = std::make_unique<Member>(formula, sat::portfolio_member(1, /*walker=*/false), share);
      if (both) export_from(*member, share.max_size, start);
      loaded.arrive_and_wait();
      run(*member, defaults.get(), "sat", outcome);
    });
    defaults_thread.join();
    member_thread.join();
    imported = defaults->imported + member->imported;
    over_eliminated = defaults->over_eliminated + member->over_eliminated;
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (outcome.verdict == sat::Verdict::kSatisfiable && !sat::satisfies(formula, outcome.model)) {
    std::cerr << "cadical_two_way_sharing: " << file << ": the model of " << outcome.answered_by
              << " does not satisfy the formula\n";
    return 70;
  }
  std::printf("mode %s file %s answer %s seconds %.3f by %s taken_in %llu dropped %llu\n",
              mode.c_str(), file.c_str(), sat::verdict_name(outcome.verdict), seconds,
              outcome.answered_by.c_str(), static_cast<unsigned long long>(imported),
              static_cast<unsigned long long>(over_eliminated));
  return outcome.verdict == sat::Verdict::kSatisfiable     ? 10
         : outcome.verdict == sat::Verdict::kUnsatisfiable ? 20
                                                           : 0;
}
