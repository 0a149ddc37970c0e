#include "apps/sat/plan/agreed_choice.hpp"

#include <cstdint>

namespace stacksplit::apps::sat {

nlohmann::json auto_choice_json(const SolverChoice& choice, double probe_seconds) {
  return {
      {"reason", choice.reason},
      {"root_reach", choice.reach},
      {"dives", choice.estimate.dives},
      {"deep_dives", choice.estimate.deep},
      {"dives_over_budget", choice.estimate.over_budget},
      {"estimated_dpll_nodes", choice.estimate.nodes},
      {"estimated_dpll_propagations", choice.estimate.propagations},
      {"estimated_dpll_visits", choice.estimate.visits},
      {"cube_trial",
       {{"samples", choice.cubes.samples},
        {"cdcl_wins", choice.cubes.cdcl_wins},
        {"small_losses", choice.cubes.small_losses},
        {"depth", choice.cubes.depth},
        {"cdcl_conflicts", choice.cubes.cdcl_conflicts},
        {"dpll_visits", choice.cubes.dpll_visits}}},
      {"cdcl_probe_conflicts", choice.cdcl_conflicts},
      {"probe_seconds", probe_seconds},
  };
}

std::string encode(const AgreedChoice& agreed) {
  nlohmann::json message = {{"kind", static_cast<int>(agreed.choice.kind)},
                            {"choice", auto_choice_json(agreed.choice, agreed.probe_seconds)},
                            {"head_started", agreed.head_started},
                            {"head_start_cpu_s", agreed.head_start_cpu_seconds},
                            {"head_start_conflicts", agreed.head_start_conflicts},
                            {"head_start_slice_ended", agreed.head_start_slice_ended},
                            {"verdict", static_cast<int>(agreed.head_start_verdict)}};
  if (agreed.head_start_verdict == Verdict::kSatisfiable)
    message["model"] = agreed.head_start_model;
  return message.dump();
}

AgreedChoice decode_agreed_choice(std::string_view text) {
  const nlohmann::json message = nlohmann::json::parse(text);
  const nlohmann::json& json = message.at("choice");
  AgreedChoice agreed;
  SolverChoice& choice = agreed.choice;
  choice.kind = static_cast<SolverKind>(message.at("kind").get<int>());
  choice.reason = json.at("reason").get<std::string>();
  choice.reach = json.at("root_reach").get<double>();
  choice.estimate.dives = json.at("dives").get<int>();
  choice.estimate.deep = json.at("deep_dives").get<int>();
  choice.estimate.over_budget = json.at("dives_over_budget").get<bool>();
  choice.estimate.nodes = json.at("estimated_dpll_nodes").get<double>();
  choice.estimate.propagations = json.at("estimated_dpll_propagations").get<double>();
  choice.estimate.visits = json.at("estimated_dpll_visits").get<double>();
  const nlohmann::json& cubes = json.at("cube_trial");
  choice.cubes.samples = cubes.at("samples").get<int>();
  choice.cubes.cdcl_wins = cubes.at("cdcl_wins").get<int>();
  choice.cubes.small_losses = cubes.at("small_losses").get<int>();
  choice.cubes.depth = cubes.at("depth").get<std::uint32_t>();
  choice.cubes.cdcl_conflicts = cubes.at("cdcl_conflicts").get<std::uint64_t>();
  choice.cubes.dpll_visits = cubes.at("dpll_visits").get<double>();
  choice.cdcl_conflicts = json.at("cdcl_probe_conflicts").get<int>();
  agreed.probe_seconds = json.at("probe_seconds").get<double>();
  agreed.head_started = message.at("head_started").get<bool>();
  agreed.head_start_cpu_seconds = message.at("head_start_cpu_s").get<double>();
  agreed.head_start_conflicts = message.at("head_start_conflicts").get<std::uint64_t>();
  agreed.head_start_slice_ended = message.at("head_start_slice_ended").get<bool>();
  agreed.head_start_verdict = static_cast<Verdict>(message.at("verdict").get<int>());
  if (agreed.head_start_verdict == Verdict::kSatisfiable)
    agreed.head_start_model = message.at("model").get<Model>();
  return agreed;
}

}  // namespace stacksplit::apps::sat
