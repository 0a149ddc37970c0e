#include "apps/sat/cdcl/cdcl_engine.hpp"

#include <algorithm>
#include <atomic>
#include <cadical.hpp>

namespace stacksplit::apps::sat {

std::string CdclSettings::describe() const {
  std::string text = configuration.empty() ? "default" : std::string(configuration);
  if (walk_per_mille != 0) text += " walker";
  return text + ", phase " + std::to_string(phase) + ", seed " + std::to_string(seed);
}

// CaDiCaL with its callbacks. CaDiCaL 1.5 has no statistics getter; it
// offers every learned clause to the learner, one per conflict, so counting
// the offers counts the conflicts.
struct CdclEngine::Callbacks final : CaDiCaL::Terminator, CaDiCaL::Learner {
  explicit Callbacks(CdclEngine& engine_) : engine(engine_) {}
  bool terminate() override { return engine.stop_ && engine.stop_(); }
  bool learning(int size) override {
    ++conflicts;
    conflicts_seen.store(conflicts, std::memory_order_relaxed);
    clause.clear();
    return engine.export_ && size >= 1 &&
           static_cast<std::uint32_t>(size) <= engine.longest_export_;
  }
  void learn(int lit) override {
    if (lit != 0) {
      clause.push_back(lit);
      return;
    }
    engine.export_(clause);
  }

  CdclEngine& engine;
  CaDiCaL::Solver solver;
  std::uint64_t conflicts = 0;
  std::atomic<std::uint64_t> conflicts_seen{0};
  std::vector<Literal> clause;
};

CdclEngine::CdclEngine(const CnfFormula& formula, const CdclSettings& settings, ProofLink proof)
    : settings_(settings),
      proof_(std::move(proof)),
      callbacks_(std::make_unique<Callbacks>(*this)),
      occurring_(occurring_variables(formula)) {
  CaDiCaL::Solver& solver = callbacks_->solver;
  // Tracing must start before the first clause (CaDiCaL's CONFIGURING state).
  if (proof_) {
    solver.set("binary", 1);
    solver.trace_proof(proof_.stream().trace_file(), proof_.stream().name().c_str());
  }
  if (!settings.configuration.empty())
    solver.configure(std::string(settings.configuration).c_str());
  if (settings.phase != 1) solver.set("phase", settings.phase);
  if (settings.seed != 0) solver.set("seed", settings.seed);
  if (settings.walk_per_mille != 0) solver.set("walkreleff", settings.walk_per_mille);
  solver.connect_terminator(callbacks_.get());
  solver.connect_learner(callbacks_.get());
  if (formula.has_empty_clause()) solver.add(0);
  for (std::size_t c = 0; c < formula.num_clauses(); ++c) {
    for (Literal l : formula.clause(c)) solver.add(l);
    solver.add(0);
  }
  by_variable_.assign(static_cast<std::size_t>(formula.num_variables()) + 1, 0);
}

CdclEngine::~CdclEngine() {
  callbacks_->solver.disconnect_learner();
  callbacks_->solver.disconnect_terminator();
}

Verdict CdclEngine::solve(std::span<const Literal> assumptions, int conflict_limit) {
  CaDiCaL::Solver& solver = callbacks_->solver;
  for (Literal l : assumptions) solver.assume(l);
  if (conflict_limit >= 0) solver.limit("conflicts", conflict_limit);
  const int result = solver.solve();
  if (proof_) {
    solver.flush_proof_trace();
    proof_.stream().flush_trace();
  }
  switch (result) {
    case 10:
      copy_model();
      return Verdict::kSatisfiable;
    case 20:
      return Verdict::kUnsatisfiable;
    default:
      return Verdict::kUnknown;
  }
}

void CdclEngine::copy_model() {
  CaDiCaL::Solver& solver = callbacks_->solver;
  model_.clear();
  for (std::int32_t v : occurring_) {
    const Literal l = solver.val(v) > 0 ? v : -v;
    model_.push_back(l);
    by_variable_[static_cast<std::size_t>(v)] = l;
  }
}

Literal CdclEngine::value(std::int32_t var) const {
  return var >= 1 && static_cast<std::size_t>(var) < by_variable_.size()
             ? by_variable_[static_cast<std::size_t>(var)]
             : 0;
}

void CdclEngine::import(std::span<const Literal> clause) {
  if (proof_) proof_.stream().imported(clause);
  CaDiCaL::Solver& solver = callbacks_->solver;
  for (Literal l : clause) solver.add(l);
  solver.add(0);
}

CdclEngine::Imported CdclEngine::import_pending(ClauseExchange& exchange,
                                                const std::vector<bool>& eliminated) {
  const std::span<const std::int32_t> records = exchange.pending();
  Imported imported;
  for (std::size_t at = 0; at < records.size();) {
    const auto size = static_cast<std::size_t>(records[at++]);
    const std::span<const std::int32_t> clause = records.subspan(at, size);
    at += size;
    const bool over_eliminated = std::any_of(clause.begin(), clause.end(), [&](std::int32_t l) {
      const auto var = static_cast<std::size_t>(l < 0 ? -l : l);
      return var < eliminated.size() && eliminated[var];
    });
    if (over_eliminated) {
      ++imported.over_eliminated;
      continue;
    }
    import(clause);
    ++imported.added;
  }
  exchange.added_to_solver(imported.added);
  exchange.clear_pending();
  return imported;
}

namespace {

// Marks the variables of the witnesses of the clauses CaDiCaL set aside.
class EliminatedVariables final : public CaDiCaL::WitnessIterator {
 public:
  explicit EliminatedVariables(std::vector<bool>& eliminated) : eliminated_(eliminated) {}
  bool witness(const std::vector<int>& /*clause*/, const std::vector<int>& witness) override {
    for (int lit : witness) {
      const auto var = static_cast<std::size_t>(lit < 0 ? -lit : lit);
      if (var < eliminated_.size()) eliminated_[var] = true;
    }
    return true;
  }

 private:
  std::vector<bool>& eliminated_;
};

}  // namespace

void CdclEngine::eliminated_variables(std::vector<bool>& eliminated) {
  eliminated.assign(by_variable_.size(), false);
  EliminatedVariables iterator(eliminated);
  callbacks_->solver.traverse_witnesses_backward(iterator);
}

std::uint64_t CdclEngine::conflicts() const { return callbacks_->conflicts; }

std::uint64_t CdclEngine::conflicts_seen() const {
  return callbacks_->conflicts_seen.load(std::memory_order_relaxed);
}

}  // namespace stacksplit::apps::sat
