// Differential testing of `stacksplit sat` against MiniSat, the short
// version that runs in the suite (experiments/sat_fuzz is the long one):
// generated formulas (random 3-SAT near the threshold, pigeon-hole, parity
// chains, a counter's BMC unrolling, van der Waerden; satisfiable and not) ×
// --solver dpll|cnc|portfolio|auto × 1, 2, 4 workers × the threads, step and
// sim runtimes (mpirun -np 2 in tests/mpi). Every answer is MiniSat's, every
// exit status 10 or 20 as documented, every model satisfies the formula as
// read, and every UNSAT comes with a DRAT proof that the independent checker
// (apps/proof_check) verifies.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "apps/proof_check/check_drat.hpp"
#include "apps/sat/cnf/cnf_generator.hpp"
#include "apps/sat/cnf/model_check.hpp"
#include "tests/apps/sat/sat_test_support.hpp"

namespace stacksplit::apps::sat {
namespace {

using testing::Named;

std::vector<Named> formulas() {
  std::vector<Named> all = {
      {"php5", pigeon_hole(5)},
      {"xor10-unsat", xor_chains(10, false)},
      {"xor10-sat", xor_chains(10, true)},
      {"counter4-unsat", counter_bmc(4, 10, 11)},
      {"counter4-sat", counter_bmc(4, 10, 7)},
      {"vdw3-8-sat", van_der_waerden(3, 8)},
      {"vdw3-9-unsat", van_der_waerden(3, 9)},
  };
  for (std::uint64_t seed = 1; seed <= 4; ++seed)
    all.push_back({"random50-" + std::to_string(seed),
                   random_ksat(50, clauses_for_ratio(50, 4.26), 3, seed)});
  return all;
}

// The `v` lines' literals, the final 0 left out.
std::vector<Literal> model_of(const std::string& output) {
  std::vector<Literal> model;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("v ", 0) != 0) continue;
    std::istringstream literals(line.substr(2));
    Literal l = 0;
    while (literals >> l)
      if (l != 0) model.push_back(l);
  }
  return model;
}

proof_check::Formula to_checker(const CnfFormula& cnf) {
  proof_check::Formula formula(cnf.num_variables());
  for (std::size_t c = 0; c < cnf.num_clauses(); ++c) formula.add_clause(cnf.clause(c));
  return formula;
}

using Case = std::tuple<std::string /*solver*/, int /*workers*/>;
class SatDifferential : public ::testing::TestWithParam<Case> {};

TEST_P(SatDifferential, AnswersAreMiniSatsModelsCheckAndProofsVerify) {
  ASSERT_TRUE(testing::have_program("minisat")) << testing::kNoMinisat;
  const auto& [solver, workers] = GetParam();
  static const std::vector<Named> all = formulas();
  static const std::vector<bool> expected = [] {
    std::vector<bool> answers;
    for (const Named& named : all)
      answers.push_back(testing::minisat_says_satisfiable(named, "differential-"));
    return answers;
  }();
  const std::vector<std::string> runtimes = {"threads", "step", "sim"};
  int unsat = 0;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const std::string& runtime = runtimes[(i + static_cast<std::size_t>(workers)) % 3];
    const std::string name = all[i].name + "-" + solver + "-" + std::to_string(workers);
    const std::string path = testing::write_cnf(name + ".cnf", all[i].formula);
    const std::string proof = path + ".drat";
    const testing::CommandRun run = testing::run_command(
        std::string(STACKSPLIT_BINARY) + " sat " + path + " --solver " + solver + " -w " +
        std::to_string(workers) + " --runtime " + runtime + " --proof " + proof);
    const std::string what = name + " on " + runtime;
    ASSERT_EQ(run.status, expected[i] ? 10 : 20) << what << "\n" << run.out << run.err;
    if (expected[i]) {
      EXPECT_NE(run.out.find("\ns SATISFIABLE\n"), std::string::npos) << what;
      EXPECT_TRUE(satisfies(all[i].formula, model_of(run.out))) << what << "\n" << run.out;
      continue;
    }
    ++unsat;
    EXPECT_NE(run.out.find("\ns UNSATISFIABLE\n"), std::string::npos) << what;
    std::ifstream in(proof, std::ios::binary);
    const proof_check::ProofCheckResult checked =
        proof_check::check_drat(to_checker(all[i].formula), in, proof_check::ProofFormat::kAuto);
    EXPECT_TRUE(checked.verified) << what << ": " << checked.failure;
  }
  EXPECT_GE(unsat, 4) << "the proofs were tried";
}

INSTANTIATE_TEST_SUITE_P(Solvers, SatDifferential,
                         ::testing::Combine(::testing::Values("dpll", "cnc", "portfolio", "auto"),
                                            ::testing::Values(1, 2, 4)),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return std::get<0>(info.param) + "_w" +
                                  std::to_string(std::get<1>(info.param));
                         });

}  // namespace
}  // namespace stacksplit::apps::sat
