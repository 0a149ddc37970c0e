#include "apps/sat/plan/sat_output.hpp"

#include <stdexcept>
#include <string_view>

#include "apps/cli/number_text.hpp"
#include "apps/sat/cdcl/portfolio_space.hpp"

namespace stacksplit::apps::sat {

namespace {

constexpr std::size_t kMaxLineWidth = 80;  // SAT competition: v lines are short

// The model as the solver has it: the variables that occur in some clause. The
// SAT Competition's output rules allow such partial assignments; the others
// occur in no clause, so either value will do.
void print_model(std::ostream& out, const Model& model) {
  std::string line = "v";
  auto emit = [&](Literal l) {
    std::string token = std::to_string(l);
    if (line.size() + 1 + token.size() > kMaxLineWidth) {
      out << line << '\n';
      line.resize(1);  // "v"
    }
    line += ' ';
    line += token;
  };
  for (Literal l : model) emit(l);
  emit(0);
  out << line << '\n';
}

// Where DpllSpace keeps the counter named `name`.
constexpr std::size_t counter_index(std::string_view name) {
  for (std::size_t i = 0; i < DpllSpace::kCounters.size(); ++i)
    if (DpllSpace::kCounters[i].name == name) return i;
  throw std::logic_error("no such counter");
}

}  // namespace

double closed_fraction_of(const core::WorkerStatistics& total) {
  return DpllSpace::closed_fraction(total.app_counters[DpllSpace::kClosedShareCounter]);
}

std::string closed_percent(const core::WorkerStatistics& total) {
  return cli::number_text("%.4g", 100 * closed_fraction_of(total));
}

std::string seconds_text(double value) { return cli::number_text("%.3f", value); }

namespace {

void print_race(std::ostream& out, const RaceSummary& race) {
  if (!race.ran) return;
  out << "c race: CaDiCaL on the whole formula "
      << (race.takes_turns          ? "taking turns with the search"
          : race.own_core           ? "on a core of its own"
          : race.rank_threads_yield ? "beside the search, which yields to it on this rank"
                                    : "beside the search")
      << ", cpu " << seconds_text(race.cpu_seconds) << " s, conflicts " << race.conflicts;
  if (race.takes_turns) out << ", waited " << seconds_text(race.waited_seconds) << " s";
  if (race.search_spent) out << " (then alone: the search used up its budget)";
  if (race.verdict != Verdict::kUnknown)
    out << ", decided the formula: "
        << (race.verdict == Verdict::kSatisfiable ? "satisfiable" : "unsatisfiable");
  out << '\n';
}

}  // namespace

void print_statistics(std::ostream& out, const core::RunStatistics& result,
                      const std::optional<SolverChoice>& choice, double probe_seconds,
                      SolverKind solver, const RaceSummary& race) {
  const core::WorkerStatistics& total = result.total;
  if (result.interrupted) out << "c interrupted: the statistics below are partial\n";
  out << "c nodes " << total.nodes << " (dead ends " << total.dead_ends << ", leaves "
      << total.leaves << ", replayed " << total.replayed << ")\n";
  out << "c propagations " << total.node_cost << '\n';
  for (std::size_t i = 0; i < result.app_counter_names.size(); ++i) {
    if (i == DpllSpace::kClosedShareCounter) continue;
    std::string name(result.app_counter_names[i]);
    for (char& c : name)
      if (c == '_') c = ' ';
    out << "c " << name << ' ' << total.app_counters[i] << '\n';
  }
  out << "c closed " << closed_percent(total) << " % of the search space\n";
  out << "c time " << seconds_text(result.seconds) << " s"
      << (result.time_kind == core::TimeKind::kVirtual ? " (virtual)" : "") << '\n';
  out << "c transfers " << total.work_sent << ", requests " << total.requests_sent << ", rejects "
      << total.rejects_sent << '\n';
  if (choice) {
    out << "c auto probes " << seconds_text(probe_seconds)
        << " s before the search: " << choice->reason << '\n';
  }
  print_race(out, race);
  constexpr std::size_t kCubes = counter_index("cubes");
  constexpr std::size_t kConflicts = counter_index("cdcl_conflicts");
  constexpr std::size_t kCdclMicroseconds = counter_index("cdcl_us");
  int rank = 0;
  for (const core::WorkerStatistics& worker : result.per_worker) {
    out << "c worker " << rank++ << ": nodes " << worker.nodes << ", idle "
        << seconds_text(worker.idle_seconds) << " s, steals " << worker.work_received;
    if (solver == SolverKind::kCubeAndConquer) {
      out << ", cubes " << worker.app_counters[kCubes] << ", cdcl "
          << seconds_text(worker.app_counters[kCdclMicroseconds] / 1e6) << " s, conflicts "
          << worker.app_counters[kConflicts];
    }
    out << '\n';
  }
}

void print_portfolio_statistics(std::ostream& out, const core::RunStatistics& result,
                                const std::optional<SolverChoice>& choice, double probe_seconds,
                                const RaceSummary& race) {
  constexpr auto index = [](std::string_view name) {
    for (std::size_t i = 0; i < PortfolioSpace::kCounters.size(); ++i)
      if (PortfolioSpace::kCounters[i].name == name) return i;
    throw std::logic_error("no such counter");
  };
  constexpr std::size_t kSlices = index("slices"), kConflicts = index("conflicts"),
                        kAnswered = index("answered"), kMember = index("member"),
                        kMicroseconds = index("cdcl_us"), kExported = index("exported"),
                        kReceived = index("received"), kImported = index("imported");
  const core::WorkerStatistics& total = result.total;
  if (result.interrupted) out << "c interrupted: the statistics below are partial\n";
  out << "c slices " << total.app_counters[kSlices] << ", conflicts "
      << total.app_counters[kConflicts] << '\n';
  out << "c clauses shared " << total.app_counters[kExported] << ", received "
      << total.app_counters[kReceived] << ", kept " << total.app_counters[kImported] << '\n';
  out << "c time " << seconds_text(result.seconds) << " s"
      << (result.time_kind == core::TimeKind::kVirtual ? " (virtual)" : "") << '\n';
  if (choice) {
    out << "c auto probes " << seconds_text(probe_seconds)
        << " s before the search: " << choice->reason << '\n';
  }
  print_race(out, race);
  int rank = 0;
  for (const core::WorkerStatistics& worker : result.per_worker) {
    const std::uint64_t member = worker.app_counters[kMember];
    out << "c worker " << rank++ << ": member ";
    if (member == 0) {
      out << "none";
    } else {
      out << member - 1 << " ("
          << portfolio_member(static_cast<int>(member - 1), walker_suits(choice)).describe() << ")";
    }
    out << ", cdcl " << seconds_text(worker.app_counters[kMicroseconds] / 1e6) << " s, conflicts "
        << worker.app_counters[kConflicts] << ", exported " << worker.app_counters[kExported]
        << ", received " << worker.app_counters[kReceived] << ", kept "
        << worker.app_counters[kImported] << (worker.app_counters[kAnswered] ? ", answered" : "")
        << '\n';
  }
}

void print_answer(std::ostream& out, Verdict verdict, const Model* model) {
  switch (verdict) {
    case Verdict::kSatisfiable:
      out << "s SATISFIABLE\n";
      print_model(out, *model);
      break;
    case Verdict::kUnknown:
      out << "s UNKNOWN\n";
      break;
    case Verdict::kUnsatisfiable:
      out << "s UNSATISFIABLE\n";
      break;
  }
}

}  // namespace stacksplit::apps::sat
