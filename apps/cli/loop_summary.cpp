#include "apps/cli/loop_summary.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "apps/cli/number_text.hpp"

namespace stacksplit::cli {

void print_loop_summary(std::ostream& out, const core::RunIdentity& identity,
                        const core::RunConfig& config, const core::LoopRunStatistics& result) {
  const core::LoopStatistics& total = result.total;
  out << "run: loop " << identity.app << ' ' << identity.instance << ", scheme " << config.scheme
      << ", runtime " << core::to_string(config.runtime) << ", " << config.workers
      << (config.workers == 1 ? " worker" : " workers") << '\n';
  if (result.interrupted)
    out << "interrupted: the counts below are partial, what was done before the stop\n";
  out << "iterations = " << total.iterations << ", time = " << number_text("%.4f", result.seconds)
      << " s" << (result.time_kind == core::TimeKind::kVirtual ? " (virtual)" : "") << '\n';
  if (result.sequential_seconds && result.seconds > 0) {
    const double speedup = *result.sequential_seconds / result.seconds;
    out << "simulated: machine " << config.machine.name
        << ", T1 = " << number_text("%.6g", *result.sequential_seconds)
        << " s, speedup = " << number_text("%.2f", speedup)
        << ", efficiency = " << number_text("%.3f", speedup / config.workers) << '\n';
  }
  out << "balancing: synchronizations = " << total.synchronizations
      << ", redistributions = " << total.redistributions << ", chunks = " << total.chunks
      << ", iterations moved = " << total.iterations_sent
      << ", data bytes moved = " << total.data_bytes_sent
      << ", instructions = " << total.instruction_messages << ", messages = " << total.messages_sent
      << ", bytes = " << total.bytes_sent << '\n';
  if (result.scheme_report && result.scheme_report->contains("decisions")) {
    const nlohmann::json& decisions = result.scheme_report->at("decisions");
    constexpr std::size_t kShown = 4;  // a many-step program decides in every loop
    for (std::size_t k = 0; k < decisions.size() && k < kShown; ++k) {
      const nlohmann::json& decision = decisions[k];
      out << config.scheme << ": loop " << decision.at("loop").get<int>() << " chose "
          << decision.at("chosen").get<std::string>() << " at "
          << number_text("%.4g", decision.at("decided_at_s").get<double>())
          << " s; predicted time left:";
      for (const nlohmann::json& candidate : decision.at("predicted"))
        out << ' ' << candidate.at("scheme").get<std::string>() << ' '
            << number_text("%.4g", candidate.at("predicted_s").get<double>());
      out << '\n';
    }
    if (decisions.size() > kShown) {
      // How often each was chosen, in the order first chosen.
      std::vector<std::pair<std::string, int>> tally;
      for (const nlohmann::json& decision : decisions) {
        const std::string chosen = decision.at("chosen").get<std::string>();
        auto it = std::find_if(tally.begin(), tally.end(),
                               [&](const auto& entry) { return entry.first == chosen; });
        if (it == tally.end())
          tally.emplace_back(chosen, 1);
        else
          ++it->second;
      }
      out << config.scheme << ": " << decisions.size() << " decisions in all:";
      for (const auto& [chosen, times] : tally) out << ' ' << chosen << " x" << times;
      out << " (the record has each)\n";
    }
  }
  if (result.per_worker && result.per_worker->size() > 1) {
    out << "per worker (iterations / busy s / idle s):";
    int rank = 0;
    for (const core::LoopStatistics& worker : *result.per_worker) {
      if (rank == 16) {
        out << " ...";
        break;
      }
      out << ' ' << rank++ << ':' << worker.iterations << '/'
          << number_text("%.4f", worker.busy_seconds) << '/'
          << number_text("%.4f", worker.idle_seconds);
    }
    out << '\n';
  }
}

}  // namespace stacksplit::cli
