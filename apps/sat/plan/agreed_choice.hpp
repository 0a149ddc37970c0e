#pragma once
// What the rank that ran auto's probes tells the others under mpirun
// (plan/sat_plan.hpp, agree): the choice, with the probes' figures for rank
// 0's summary and record, and what the portfolio's first member did beside
// the probes. Its verdict comes with its model: rank 0 reports, and no
// board holds SAT without a model.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "apps/sat/cnf/verdict.hpp"
#include "apps/sat/plan/solver_choice.hpp"

namespace stacksplit::apps::sat {

struct AgreedChoice {
  SolverChoice choice;
  double probe_seconds = 0;
  bool head_started = false;
  double head_start_cpu_seconds = 0;
  std::uint64_t head_start_conflicts = 0;
  bool head_start_slice_ended = false;  // before the probes did
  Verdict head_start_verdict = Verdict::kUnknown;
  Model head_start_model;  // when it is kSatisfiable
};

// The run record's "auto_choice".
nlohmann::json auto_choice_json(const SolverChoice& choice, double probe_seconds);

std::string encode(const AgreedChoice& agreed);
// Throws nlohmann::json::exception on a message encode() did not write.
AgreedChoice decode_agreed_choice(std::string_view message);

}  // namespace stacksplit::apps::sat
