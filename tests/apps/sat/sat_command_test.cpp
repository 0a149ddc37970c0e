// `stacksplit sat` as scripts and SAT tools see it: exit statuses 10, 20, 0
// (time limit), 1 (bad file) and 2 (bad usage); s and v lines; checked models.

#include <gtest/gtest.h>

#include <limits>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "apps/sat/cnf/dimacs_reader.hpp"
#include "apps/sat/plan/agreed_choice.hpp"
#include "apps/sat/plan/solver_choice.hpp"
#include "tests/apps/sat/sat_test_support.hpp"
#include "tests/support/run_records.hpp"

namespace stacksplit::apps::sat {
namespace {

testing::CommandRun sat(const std::string& arguments) {
  return testing::run_command(std::string(STACKSPLIT_BINARY) + " sat " + arguments);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

// The model spelled by the v lines; checks their form on the way.
std::vector<Literal> model_of(const std::string& out) {
  std::vector<Literal> model;
  bool ended = false;
  for (const std::string& line : lines_of(out)) {
    if (line.rfind("v", 0) != 0) continue;
    EXPECT_LE(line.size(), 80u) << line;
    EXPECT_FALSE(ended) << "v line after the closing 0";
    std::istringstream words(line.substr(1));
    Literal l;
    while (words >> l) {
      if (l == 0) {
        ended = true;
      } else {
        model.push_back(l);
      }
    }
  }
  EXPECT_TRUE(ended) << "the v lines end with 0";
  return model;
}

const std::string& satisfiable_file() {
  static const std::string path =
      testing::write_cnf("sat.cnf", random_ksat(120, clauses_for_ratio(120, 3.8), 3, 77));
  return path;
}

TEST(SatCommand, SatisfiableExitsTenWithACheckedModel) {
  auto run = sat(satisfiable_file() + " --workers 2");
  ASSERT_EQ(run.status, 10) << run.out << run.err;
  auto lines = lines_of(run.out);
  EXPECT_NE(std::find(lines.begin(), lines.end(), "s SATISFIABLE"), lines.end());
  for (const std::string& line : lines) {
    EXPECT_TRUE(line.rfind("c ", 0) == 0 || line.rfind("s ", 0) == 0 || line.rfind("v ", 0) == 0)
        << "every line is c, s or v: " << line;
  }
  EXPECT_TRUE(satisfies(random_ksat(120, clauses_for_ratio(120, 3.8), 3, 77), model_of(run.out)));
}

TEST(SatCommand, UnsatisfiableExitsTwenty) {
  std::string path = testing::write_cnf("php.cnf", pigeon_hole(5));
  for (const char* heuristic : {"lookahead", "jw"}) {
    auto run = sat(path + " -w 3 --heuristic " + heuristic);
    EXPECT_EQ(run.status, 20) << run.out << run.err;
    EXPECT_NE(run.out.find("\ns UNSATISFIABLE\n"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("\nv "), std::string::npos);
  }
}

TEST(SatCommand, CountPrintsTheModelCount) {
  CnfFormula formula = random_ksat(14, clauses_for_ratio(14, 2.5), 3, 5);
  std::string path = testing::write_cnf("count.cnf", formula);
  auto run = sat(path + " --count -w 2 --runtime step");
  EXPECT_EQ(run.status, 10) << run.out << run.err;
  EXPECT_NE(run.out.find("c models " + std::to_string(testing::brute_force_count(formula)) + "\n"),
            std::string::npos)
      << run.out;
  EXPECT_TRUE(satisfies(formula, model_of(run.out)));
}

TEST(SatCommand, ReadsStandardInputAndCompressedFiles) {
  auto piped = testing::run_command("gzip -c " + satisfiable_file() + " | " +
                                    std::string(STACKSPLIT_BINARY) + " sat - -w 1");
  EXPECT_EQ(piped.status, 10) << piped.err;
  auto plain = testing::run_command("cat " + satisfiable_file() + " | " +
                                    std::string(STACKSPLIT_BINARY) + " sat - -w 1");
  EXPECT_EQ(plain.status, 10) << plain.err;
}

TEST(SatCommand, TimeLimitGivesUnknownAndExitZero) {
  std::string path = testing::write_cnf("php11.cnf", pigeon_hole(11));
  auto run = sat(path + " -w 2 --time-limit 0.3");
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("\ns UNKNOWN\n"), std::string::npos) << run.out;
}

TEST(SatCommand, StatisticsAsCommentLines) {
  auto run = sat(satisfiable_file() + " -w 2 --solver dpll");
  for (const char* what : {"c nodes ", "c propagations ", "c time "}) {
    EXPECT_NE(run.out.find(what), std::string::npos) << what << " missing in\n" << run.out;
  }
  // One line per worker, with its idle time.
  for (int worker : {0, 1}) {
    const std::regex line("(^|\n)c worker " + std::to_string(worker) +
                          ": nodes [0-9]+, idle [0-9]+\\.[0-9]{3} s, steals [0-9]+\n");
    EXPECT_TRUE(std::regex_search(run.out, line)) << "worker " << worker << " in\n" << run.out;
  }
  // The look-ahead's counters; a formula at this ratio needs look-aheads.
  std::smatch lookaheads;
  ASSERT_TRUE(std::regex_search(run.out, lookaheads, std::regex("\nc lookaheads ([0-9]+)\n")))
      << run.out;
  EXPECT_GT(std::stoull(lookaheads[1]), 0u);
  EXPECT_TRUE(std::regex_search(run.out, std::regex("\nc failed literals [0-9]+\n"))) << run.out;
  EXPECT_TRUE(std::regex_search(run.out, std::regex("\nc necessary assignments [0-9]+\n")))
      << run.out;
}

using stacksplit::testing::last_run_record;
using stacksplit::testing::read_run_records;

TEST(SatCommand, JsonAppendsTheRunRecord) {
  std::string json = (testing::scratch_directory() / "runs.jsonl").string();
  // --solver dpll: under auto, the race can decide this easy formula before
  // the search's first look-ahead (then none is counted).
  sat(satisfiable_file() + " -w 1 --solver dpll --json " + json);
  sat(satisfiable_file() + " -w 2 --solver dpll --json " + json + " --lookahead-min-candidates 7");
  const std::vector<nlohmann::json> records = read_run_records(json);
  ASSERT_EQ(records.size(), 2u);
  const nlohmann::json& record = records[1];
  EXPECT_EQ(record["app"], "sat");
  const nlohmann::json& details = record["app_details"];
  EXPECT_EQ(details["answer"], "SAT");
  EXPECT_EQ(details["heuristic"], "lookahead");
  EXPECT_EQ(details["variables"], 120);
  EXPECT_EQ(details["clauses"], clauses_for_ratio(120, 3.8));
  EXPECT_EQ(details["time_limit_s"], nullptr);
  EXPECT_EQ(details["time_limit_reached"], false);
  // Decide mode: the engine's "solutions" is a weight, so no model count.
  EXPECT_FALSE(details.contains("models")) << details;
  EXPECT_EQ(details["lookahead_options"]["min_candidates"], 7);
  EXPECT_EQ(details["lookahead_options"]["max_rounds"], LookaheadOptions{}.max_rounds);
  EXPECT_GT(details["heuristic_counters"]["lookaheads"].get<std::uint64_t>(), 0u);
  EXPECT_TRUE(details["heuristic_counters"].contains("failed_literals"));
  EXPECT_TRUE(details["heuristic_counters"].contains("necessary_assignments"));
  EXPECT_EQ(details["heuristic_counters"]["workers_counted"], 2);
  // The engine reduces the application's counters with its own.
  EXPECT_EQ(record["app_counters"]["lookaheads"], details["heuristic_counters"]["lookaheads"]);
  std::uint64_t per_worker_sum = 0;
  for (const auto& worker : record["per_worker"])
    per_worker_sum += worker["app_counters"]["lookaheads"].get<std::uint64_t>();
  EXPECT_EQ(per_worker_sum, record["app_counters"]["lookaheads"].get<std::uint64_t>());
}

// --solver auto says what it chose and why, in the summary and the record;
// under cube-and-conquer each worker's line has its cubes, CDCL time and
// conflicts; under the portfolio its member, CDCL time, conflicts and the
// clauses it exported, received and kept.
TEST(SatCommand, AutoSaysWhatItChoseAndWhy) {
  const std::string json = (testing::scratch_directory() / "auto.jsonl").string();
  const std::string counter = testing::write_cnf("auto-counter.cnf", counter_bmc(8, 60, 61));
  auto run = sat(counter + " -w 2 --json " + json);
  EXPECT_EQ(run.status, 20) << run.out << run.err;
  std::smatch chosen;
  ASSERT_TRUE(std::regex_search(run.out, chosen,
                                std::regex("solver (portfolio|dpll|cnc) \\(auto: ([^)]+)\\)")))
      << run.out;
  // On two workers the race (CaDiCaL on the whole formula) runs on a core
  // of its own and refutes the counter while the probes work (a quiet
  // machine), or later beside the search they chose; the dives' bound may
  // send it to the portfolio first (a loaded machine).
  const bool portfolio = chosen[1] == "portfolio";
  const std::string solver = chosen[1];
  const std::string reason = chosen[2];
  // Decided during the probes: by the race, by the portfolio's first member
  // (which takes turns with the probes), or by the cube trial's CaDiCaL
  // warming up when the dives' estimate reaches the trial (all are CaDiCaL
  // on the whole formula, and any may answer first).
  const std::size_t first_verdict = run.out.find("c verdict: ");
  const auto first_said_by = [&](const std::string& member) {
    return first_verdict != std::string::npos &&
           run.out.compare(first_verdict, 11 + member.size() + 5,
                           "c verdict: " + member + " says") == 0;
  };
  const bool race_decided = first_said_by("race");
  const bool probe_decided = first_said_by("CDCL probe");
  if (reason == kDecidedDuringProbes && race_decided) {
    EXPECT_NE(run.out.find("decided the formula: unsatisfiable\n"), std::string::npos) << run.out;
  }
  EXPECT_NE(run.out.find("\nc auto probes "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(" s before the search: " + reason + "\n"), std::string::npos) << run.out;
  for (int worker : {0}) {
    if (!portfolio) break;
    const std::regex line("(^|\n)c worker " + std::to_string(worker) +
                          ": member 1 \\([a-z ]+, phase [01], seed [0-9]+\\), cdcl "
                          "[0-9]+\\.[0-9]{3} s, conflicts [0-9]+, exported [0-9]+, received "
                          "[0-9]+, kept [0-9]+(, answered)?\n");
    EXPECT_TRUE(std::regex_search(run.out, line)) << "worker " << worker << " in\n" << run.out;
  }
  const nlohmann::json details = last_run_record(json)["app_details"];
  const nlohmann::json choice = details["auto_choice"];
  EXPECT_EQ(choice["reason"], reason) << choice;
  // Beside the race no probe asks CDCL the whole formula's question, except
  // to warm up the cube trial's CaDiCaL: the dives stop at a CPU deadline, so
  // on a loaded host their estimate can reach the trial's threshold.
  if (choice["estimated_dpll_visits"].get<double>() < kLeastVisitsForCubeTrial) {
    EXPECT_EQ(choice["cdcl_probe_conflicts"].get<int>(), 0) << choice << ": the race asks CDCL";
  }
  EXPECT_EQ(details["race"]["core_of_its_own"], true) << details;
  if (reason == kDecidedDuringProbes && race_decided) {
    EXPECT_EQ(details["race"]["verdict"], "UNSAT") << details;
    EXPECT_EQ(details["verdicts"][0]["member"], "race") << details;
  } else if (reason == kDecidedDuringProbes && probe_decided) {
    EXPECT_EQ(details["verdicts"][0]["member"], "CDCL probe") << details;
    EXPECT_GE(choice["estimated_dpll_visits"].get<double>(), kLeastVisitsForCubeTrial) << choice;
  }
  EXPECT_GE(choice["probe_seconds"].get<double>(), 0.0) << choice;
  EXPECT_EQ(details["solver"], solver);
  EXPECT_EQ(details["workers_searching"], 1) << details;

  run = sat(counter + " -w 2 --solver cnc --cube-cutoff 4 --json " + json);
  EXPECT_EQ(run.status, 20) << run.out << run.err;
  EXPECT_EQ(run.out.find("c auto probes"), std::string::npos) << run.out;
  EXPECT_FALSE(last_run_record(json)["app_details"].contains("auto_choice"));
  for (int worker : {0, 1}) {
    const std::regex line("(^|\n)c worker " + std::to_string(worker) +
                          ": nodes [0-9]+, idle [0-9.]+ s, steals [0-9]+, cubes [0-9]+, cdcl "
                          "[0-9]+\\.[0-9]{3} s, conflicts [0-9]+\n");
    EXPECT_TRUE(std::regex_search(run.out, line)) << "worker " << worker << " in\n" << run.out;
  }

  // Random 3-SAT at the threshold: a small look-ahead tree, hard for CDCL.
  const std::string random =
      testing::write_cnf("auto-random.cnf", random_ksat(200, clauses_for_ratio(200, 4.26), 3, 5));
  run = sat(random + " -w 2");
  EXPECT_NE(run.out.find("solver dpll (auto: the look-ahead tree is small)"), std::string::npos)
      << run.out;
}

// Beside a race with a core of its own, the portfolio's first member's
// first slice runs with the probes, taking turns with them, as CaDiCaL's
// satisfiable configuration: the record says how much CPU and how many
// conflicts it had meanwhile, whether that slice ended before the
// probes did (then the probes have the core alone), and whether the
// portfolio went on with it (a counter's unrolling, whose root decision
// implies a long chain: the portfolio), or stopped it (random 3-SAT of 700
// variables, random k-SAT's shape: the portfolio with a walker in its
// place; 200 variables: DPLL).
TEST(SatCommand, BesideARaceThePortfoliosFirstMemberStartsWithTheProbes) {
  const std::string json = (testing::scratch_directory() / "head-start.jsonl").string();
  const std::string counter =
      testing::write_cnf("head-start-counter.cnf", counter_bmc(20, 120, 121));
  auto run = sat(counter + " -w 2 --json " + json);
  EXPECT_EQ(run.status, 20) << run.out << run.err;
  nlohmann::json details = last_run_record(json)["app_details"];
  if (details["auto_choice"]["reason"] != kDecidedDuringProbes) {
    EXPECT_EQ(details["solver"], "portfolio") << run.out;
    EXPECT_EQ(details["portfolio_head_start"]["kept"], true) << details;
    EXPECT_NE(run.out.find("c worker 0: member 1 (sat, phase 1, seed 0)"), std::string::npos)
        << run.out;
  }
  EXPECT_GE(details["portfolio_head_start"]["cpu_s_during_probes"].get<double>(), 0.0) << details;
  EXPECT_TRUE(details["portfolio_head_start"]["conflicts_during_probes"].is_number_unsigned())
      << details;

  const std::string large = testing::write_cnf(
      "head-start-large.cnf", random_ksat(700, clauses_for_ratio(700, 4.26), 3, 1));
  run = sat(large + " -w 2 --time-limit 1 --json " + json);
  details = last_run_record(json)["app_details"];
  if (details["auto_choice"]["reason"] != kDecidedDuringProbes) {
    EXPECT_EQ(details["auto_choice"]["reason"], kTreeTooLarge) << run.out;
    EXPECT_EQ(details["portfolio_head_start"]["kept"], false) << details;
    EXPECT_NE(run.out.find("c worker 0: member 1 (sat walker, phase 1, seed 1)"), std::string::npos)
        << run.out;
  }

  const std::string small = testing::write_cnf(
      "head-start-small.cnf", random_ksat(200, clauses_for_ratio(200, 4.26), 3, 5));
  run = sat(small + " -w 2 --json " + json);
  details = last_run_record(json)["app_details"];
  EXPECT_EQ(details["portfolio_head_start"]["kept"], false) << details;

  // Random 5-SAT at its threshold with look-ahead over every variable:
  // the probes take about 0.5 s, half of it the slice's, which needs 0.19 s
  // of CPU time here for its 5,000 conflicts. The slice ends first, and
  // does not go on beside them.
  const std::string deep = testing::write_cnf("head-start-deep.cnf",
                                              random_ksat(400, clauses_for_ratio(400, 21.1), 5, 1));
  run = sat(deep +
            " -w 2 --time-limit 1 --lookahead-candidate-percent 100 "
            "--lookahead-min-candidates 100000 --json " +
            json);
  details = last_run_record(json)["app_details"];
  if (details["auto_choice"]["reason"] != kDecidedDuringProbes) {
    EXPECT_EQ(details["portfolio_head_start"]["first_slice_ended_during_probes"], true) << details;
  }

  run = sat(small + " -w 1 --json " + json);
  EXPECT_TRUE(last_run_record(json)["app_details"]["portfolio_head_start"].is_null())
      << "with one worker the race takes turns with the probes itself";
}

// Under mpirun the probing rank sends the others its choice, the probes'
// figures and its head start's verdict, a model with SAT: what arrives is
// what was sent.
TEST(AgreedChoice, TheChoiceAndTheHeadStartsVerdictTravelWhole) {
  AgreedChoice sent;
  sent.choice.kind = SolverKind::kCubeAndConquer;
  sent.choice.reason = "CDCL decided sample cubes faster than DPLL would";
  sent.choice.reach = 0.25;
  sent.choice.estimate.dives = 15;
  sent.choice.estimate.nodes = 5.2e5;
  sent.choice.cubes.samples = 5;
  sent.choice.cubes.cdcl_conflicts = 972;
  sent.choice.cdcl_conflicts = 300;
  sent.probe_seconds = 0.16;
  sent.head_started = true;
  sent.head_start_cpu_seconds = 0.08;
  sent.head_start_conflicts = 4321;
  sent.head_start_slice_ended = true;
  for (const Verdict verdict :
       {Verdict::kUnknown, Verdict::kUnsatisfiable, Verdict::kSatisfiable}) {
    sent.head_start_verdict = verdict;
    sent.head_start_model = verdict == Verdict::kSatisfiable ? Model{0, 1, -2, 3} : Model{};
    const AgreedChoice got = decode_agreed_choice(encode(sent));
    EXPECT_EQ(got.choice.kind, sent.choice.kind);
    EXPECT_EQ(got.choice.reason, sent.choice.reason);
    EXPECT_EQ(got.choice.reach, sent.choice.reach);
    EXPECT_EQ(got.choice.estimate.dives, 15);
    EXPECT_EQ(got.choice.estimate.nodes, 5.2e5);
    EXPECT_EQ(got.choice.cubes.samples, 5);
    EXPECT_EQ(got.choice.cubes.cdcl_conflicts, 972u);
    EXPECT_EQ(got.choice.cdcl_conflicts, 300);
    EXPECT_EQ(got.probe_seconds, 0.16);
    EXPECT_TRUE(got.head_started);
    EXPECT_EQ(got.head_start_cpu_seconds, 0.08);
    EXPECT_EQ(got.head_start_conflicts, 4321u);
    EXPECT_TRUE(got.head_start_slice_ended);
    EXPECT_EQ(got.head_start_verdict, verdict);
    EXPECT_EQ(got.head_start_model, sent.head_start_model);
  }
  EXPECT_THROW(decode_agreed_choice("{}"), nlohmann::json::exception);
}

TEST(SatCommand, JsonRecordsTheAnswerAndTheModelCount) {
  std::string json = (testing::scratch_directory() / "answers.jsonl").string();
  CnfFormula formula = random_ksat(12, clauses_for_ratio(12, 2.0), 3, 9);
  std::string path = testing::write_cnf("record-count.cnf", formula);
  sat(path + " --count -w 2 --runtime step --heuristic jw --json " + json);
  nlohmann::json details = last_run_record(json)["app_details"];
  EXPECT_EQ(details["answer"], "SAT");
  EXPECT_EQ(details["heuristic"], "jw");
  EXPECT_EQ(details["models"], testing::brute_force_count(formula));
  EXPECT_EQ(details["models_lower_bound"], false);

  sat(testing::write_cnf("record-php.cnf", pigeon_hole(4)) + " -w 2 --json " + json);
  EXPECT_EQ(last_run_record(json)["app_details"]["answer"], "UNSAT");

  sat(testing::write_cnf("record-php11.cnf", pigeon_hole(11)) + " -w 2 --time-limit 0.2 --json " +
      json);
  details = last_run_record(json)["app_details"];
  EXPECT_EQ(details["answer"], "UNKNOWN");
  EXPECT_EQ(details["time_limit_s"], 0.2);
  EXPECT_EQ(details["time_limit_reached"], true);
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kUnderAddressSanitizer = true;
#else
constexpr bool kUnderAddressSanitizer = false;
#endif
// ASan and TSan reserve terabytes of address space for their shadow memory
// when a process starts, so under `ulimit -v` such a build cannot start.
constexpr const char* kNoAddressSpaceLimitUnderAsan =
    "ulimit -v leaves no room for the sanitizer's shadow memory";

// Variables that occur in no clause get no solver state: a 17-byte header
// cannot make a worker allocate gigabytes. Each doubles the model count, which
// saturates at 2^64 − 1 and is then printed as a lower bound.
TEST(SatCommand, HugeHeaderCostsNoMemoryPerVariable) {
  if (kUnderAddressSanitizer) GTEST_SKIP() << kNoAddressSpaceLimitUnderAsan;
  const std::string limited = "ulimit -v 1000000; " + std::string(STACKSPLIT_BINARY) + " sat ";
  const std::string saturated = "c models at least " +
                                std::to_string(std::numeric_limits<std::uint64_t>::max()) +
                                " (saturated)\n";
  std::string no_clause = testing::write_text("huge0.cnf", "p cnf 16777216 0\n");
  std::string one_clause = testing::write_text("huge1.cnf", "p cnf 16777216 1\n1 0\n");
  for (const std::string mode : {"", " --count"}) {
    auto run = testing::run_command(limited + no_clause + " -w 2" + mode);
    EXPECT_EQ(run.status, 10) << run.out << run.err;
    EXPECT_NE(run.out.find("\ns SATISFIABLE\nv 0\n"), std::string::npos) << run.out;
    run = testing::run_command(limited + one_clause + " -w 2" + mode);
    EXPECT_EQ(run.status, 10) << run.out << run.err;
    EXPECT_NE(run.out.find("\ns SATISFIABLE\nv 1 0\n"), std::string::npos) << run.out;
    if (!mode.empty()) {
      EXPECT_NE(run.out.find(saturated), std::string::npos) << run.out;
    }
  }
}

TEST(SatCommand, OutOfMemoryWhileReadingIsTheFilesFault) {
  if (kUnderAddressSanitizer) GTEST_SKIP() << kNoAddressSpaceLimitUnderAsan;
  // Standard input is read whole before parsing; 120 MB do not fit in 64.
  auto run = testing::run_command("yes '1 2 0' | head -c 120000000 | (ulimit -v 64000; " +
                                  std::string(STACKSPLIT_BINARY) + " sat - -w 1)");
  EXPECT_EQ(run.status, 1) << run.out;
  EXPECT_EQ(run.err, "<stdin>:0: out of memory reading the formula\n");
}

TEST(SatCommand, NoVariablesNoClausesIsSatisfiable) {
  auto run = sat(testing::write_text("nothing.cnf", "p cnf 0 0\n") + " -w 2");
  EXPECT_EQ(run.status, 10) << run.out << run.err;
  EXPECT_NE(run.out.find("\ns SATISFIABLE\nv 0\n"), std::string::npos) << run.out;
}

TEST(SatCommand, EmptyClauseIsUnsatisfiable) {
  auto run = sat(testing::write_text("empty-clause.cnf", "p cnf 2 2\n1 2 0\n0\n") + " -w 2");
  EXPECT_EQ(run.status, 20) << run.out << run.err;
  EXPECT_NE(run.out.find("\ns UNSATISFIABLE\n"), std::string::npos) << run.out;
}

TEST(SatCommand, SatlibPercentEndingIsRead) {
  // SATLIB's uf files end with a `%` line and a stray 0; neither is a clause.
  CnfFormula formula = random_ksat(10, clauses_for_ratio(10, 3.0), 3, 4);
  std::ostringstream text;
  write_dimacs(text, formula);
  std::string path = testing::write_text("satlib.cnf", text.str() + "%\n0\n\n");
  auto run = sat(path + " -w 2 --count --strict");
  EXPECT_EQ(run.status, 10) << run.out << run.err;
  EXPECT_TRUE(satisfies(formula, model_of(run.out)));
  EXPECT_NE(run.out.find("c models " + std::to_string(testing::brute_force_count(formula)) + "\n"),
            std::string::npos)
      << run.out;
  auto unsat = sat(testing::write_text("satlib-unsat.cnf", "p cnf 1 2\n1 0\n-1 0\n%\n0\n") +
                   " -w 1 --strict");
  EXPECT_EQ(unsat.status, 20) << unsat.out << unsat.err;
}

TEST(SatCommand, ClauseCountMismatchWarnsOnStandardError) {
  std::string path = testing::write_text("mismatch.cnf", "p cnf 2 5\n1 2 0\n-1 0\n");
  auto run = sat(path + " -w 1");
  EXPECT_EQ(run.status, 10);
  EXPECT_NE(
      run.err.find("c warning: " + path + ":1: the header declares 5 clauses but there are 2"),
      std::string::npos)
      << run.err;
  auto strict = sat(path + " -w 1 --strict");
  EXPECT_EQ(strict.status, 1);
  EXPECT_EQ(strict.err, path + ":1: the header declares 5 clauses but there are 2\n");
}

// The portfolio decides alike with any worker count, and refuses what it
// cannot do: count models, a cube cutoff. An unknown solver is named.
TEST(SatCommand, PortfolioDecidesAndRefusesWhatItCannotDo) {
  const std::string unsat = testing::write_cnf("portfolio-php.cnf", pigeon_hole(7));
  for (int workers : {1, 2, 3}) {
    auto run = sat(unsat + " --solver portfolio -w " + std::to_string(workers));
    EXPECT_EQ(run.status, 20) << run.out << run.err;
    EXPECT_NE(run.out.find("\ns UNSATISFIABLE\n"), std::string::npos) << run.out;
  }
  auto run = sat(satisfiable_file() + " --solver portfolio -w 2");
  EXPECT_EQ(run.status, 10) << run.out << run.err;
  auto count = sat(satisfiable_file() + " --solver portfolio --count");
  EXPECT_EQ(count.status, 2);
  EXPECT_NE(count.err.find("cannot count models"), std::string::npos) << count.err;
  EXPECT_EQ(sat(satisfiable_file() + " --solver portfolio --cube-cutoff 3").status, 2);
  auto unknown = sat(satisfiable_file() + " --solver cdcl");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("unknown solver 'cdcl' (known: auto, dpll, cnc, portfolio)"),
            std::string::npos)
      << unknown.err;
}

TEST(SatCommand, BadUsageExitsTwo) {
  EXPECT_EQ(sat(satisfiable_file() + " --heuristic random").status, 2);
  EXPECT_EQ(sat(satisfiable_file() + " --workers 0").status, 2);
  EXPECT_EQ(sat(satisfiable_file() + " --scheme nosuch").status, 2);
  for (const std::string value : {"0", "-1", "nan", "inf", "-inf", "1e400", "0x"}) {
    auto run = sat(satisfiable_file() + " --time-limit=" + value);
    EXPECT_EQ(run.status, 2) << value;
    EXPECT_EQ(run.err,
              "stacksplit: error: --time-limit: expected a positive number of seconds, "
              "got '" +
                  value + "'\n");
  }
  // CLI::Range alone lets NaN through: a NaN budget would change the run silently.
  for (const std::string value : {"-1", "nan", "inf", "1e400", "x"}) {
    auto budget = sat(satisfiable_file() + " --share-budget=" + value);
    EXPECT_EQ(budget.status, 2) << value;
    EXPECT_EQ(budget.err,
              "stacksplit: error: --share-budget: expected a number in [0, 1e+09], got '" + value +
                  "'\n");
  }
  EXPECT_EQ(sat(satisfiable_file() + " --solver portfolio -w 2").status, 10);
  EXPECT_EQ(sat(satisfiable_file() + " --lookahead-min-candidates 0").status, 2);
  EXPECT_EQ(sat(satisfiable_file() + " --lookahead-candidate-percent 101").status, 2);
  EXPECT_EQ(sat(satisfiable_file() + " --frobnicate").status, 2);
  EXPECT_EQ(sat(satisfiable_file() + " --mode count").status, 2) << "--count says it";
  EXPECT_EQ(sat("").status, 2);
}

TEST(SatCommand, MissingFileExitsOne) {
  auto run = sat("/nonexistent.cnf -w 1");
  EXPECT_EQ(run.status, 1);
  EXPECT_EQ(run.err, "/nonexistent.cnf:0: cannot open: No such file or directory\n");
}

}  // namespace
}  // namespace stacksplit::apps::sat

namespace stacksplit::apps::sat {
namespace {

std::string example(const std::string& name) {
  return std::string(SAT_TEST_DATA) + "/../../../examples/" + name;
}

// A complete search closes the whole tree: every refuted node's share, 2^-depth,
// adds up to 1 over the workers.
TEST(SatCommand, ACompleteSearchClosesTheWholeTree) {
  // --solver dpll: under auto the race may decide first, and the nodes left cut.
  const testing::CommandRun unsat = sat(example("uf200-unsat-example.cnf") + " -w 2 --solver dpll");
  EXPECT_EQ(unsat.status, 20);
  EXPECT_NE(unsat.out.find("c closed 100 % of the search space\n"), std::string::npos) << unsat.out;
  const testing::CommandRun satisfiable =
      sat(example("uf200-example.cnf") + " -w 1 --runtime step");
  EXPECT_EQ(satisfiable.status, 10);
  EXPECT_EQ(satisfiable.out.find("c closed 100 % of"), std::string::npos)
      << "a model found early leaves most of the tree open: " << satisfiable.out;
}

TEST(SatCommand, BundledExamplesGiveTheirAnswers) {
  EXPECT_EQ(sat(example("uf200-example.cnf") + " -w 2 --quiet").status, 10);
  EXPECT_EQ(sat(example("uf200-unsat-example.cnf") + " -w 2 --quiet").status, 20);
  EXPECT_EQ(sat(example("pigeonhole-7.cnf") + " -w 2 --quiet").status, 20);
}

TEST(SatCommand, BundledExampleIsWhatTheGeneratorMakes) {
  CnfFormula made = random_ksat(200, 852, 3, 1);
  CnfFormula read = read_dimacs(example("uf200-example.cnf")).formula;
  ASSERT_EQ(read.num_clauses(), made.num_clauses());
  for (std::size_t c = 0; c < made.num_clauses(); ++c) {
    EXPECT_TRUE(std::equal(made.clause(c).begin(), made.clause(c).end(), read.clause(c).begin(),
                           read.clause(c).end()));
  }
}

}  // namespace
}  // namespace stacksplit::apps::sat
