#include "apps/sat/cdcl/portfolio_space.hpp"

#include <algorithm>
#include <cadical.hpp>
#include <string>
#include <thread>

#include "apps/sat/cdcl/left_to_exit.hpp"

namespace stacksplit::apps::sat {

std::string PortfolioMember::describe() const {
  std::string text = configuration.empty() ? "default" : std::string(configuration);
  if (walk_per_mille != 0) text += " walker";
  return text + ", phase " + std::to_string(phase) + ", seed " + std::to_string(seed);
}

// Member 0 is CaDiCaL as it comes; member 1 its satisfiable-leaning
// configuration (stable mode only, target phases), the usual partner of the
// default in two-solver portfolios, made a walker: portfolios such as Painless
// and Mallob give local search a solver of its own, and CaDiCaL's own random
// walk is one at a high walkreleff. Then the other initial phase, the
// unsatisfiable-leaning configuration, and seeds with alternating phases.
PortfolioMember PortfolioMember::of(int index) {
  switch (index) {
    case 0:
      return {"", 1, 0};
    case 1:
      return {"sat", 1, 1, kWalkerPerMille};
    case 2:
      return {"", 0, 2};
    case 3:
      return {"unsat", 1, 3};
    default:
      return {"", index % 2, index};
  }
}

PortfolioShared::PortfolioShared(CnfFormula formula_, std::uint32_t members_, ShareOptions share_,
                                 std::shared_ptr<TimeLimit> time_limit,
                                 const std::shared_ptr<core::StopSignal>* interrupt)
    : formula(std::move(formula_)),
      members(std::max<std::uint32_t>(1, members_)),
      share(share_),
      occurring(occurring_variables(formula)),
      end(std::move(time_limit), interrupt) {}

double PortfolioShared::first_member_seconds() const {
  if (first_member_race) return first_member_race->elapsed();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
}

namespace {

using Clock = std::chrono::steady_clock;

std::uint64_t nanoseconds_since(Clock::time_point start) {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count());
}

// Marks the variables CaDiCaL eliminated (the witnesses of the clauses it
// set aside). A clause over such a variable, added from outside, makes
// CaDiCaL restore every clause it eliminated with it: importing it would
// undo the member's own preprocessing, so it is not imported.
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

// CaDiCaL with its callbacks: it stops when the search ends or another member
// refuted the formula, and hands its short learned clauses to the exchange.
struct PortfolioSpace::Engine final : CaDiCaL::Terminator, CaDiCaL::Learner {
  Engine(PortfolioShared& shared_, ClauseExchange& exchange_)
      : shared(shared_), exchange(exchange_) {
    solver.connect_terminator(this);
    solver.connect_learner(this);
  }
  ~Engine() override {
    solver.disconnect_learner();
    solver.disconnect_terminator();
  }

  bool terminate() override {
    if (shared.refuted.load(std::memory_order_relaxed) || shared.end.reached()) return true;
    // The clock and the mailbox are read on every 64th call only.
    if ((++calls & 63) != 0) return false;
    // A slice also ends after kMostSliceSeconds, so that clauses and the
    // engine's messages (a Stop under MPI) are taken in at least that often;
    // an unsliced call under MPI ends when a message waits.
    if (sliced) return Clock::now() > slice_deadline;
    return mail_waiting != nullptr && (*mail_waiting)();
  }
  bool learning(int size) override {
    ++conflicts;
    clause.clear();
    // A member alone has no one to share with: no clause is handed over.
    return shared.members > 1 && size >= 1 &&
           static_cast<std::uint32_t>(size) <= shared.share.max_size;
  }
  void learn(int lit) override {
    if (lit != 0) {
      clause.push_back(lit);
      return;
    }
    const double seconds = static_cast<double>(nanoseconds + nanoseconds_since(slice_start)) / 1e9;
    exchange.offer(clause, seconds);
    if (publishes && (++offered & 31) == 0) publish();
  }

  // The unsliced member 0 hands what it exported to its process's other
  // members directly (see PortfolioShared::from_first_member).
  void publish() {
    batch.clear();
    if (!exchange.take_batch(batch)) return;
    std::lock_guard<std::mutex> lock(shared.first_member_mutex);
    if (shared.from_first_member.size() + batch.size() <= PortfolioShared::kMostFirstMemberWords)
      shared.from_first_member.insert(shared.from_first_member.end(), batch.begin(), batch.end());
  }

  CaDiCaL::Solver solver;
  PortfolioShared& shared;
  ClauseExchange& exchange;
  std::uint64_t nanoseconds = 0;  // in this member's slices
  std::vector<bool> eliminated;   // by variable, as of the last slice
  std::vector<Literal> clause;
  std::uint64_t conflicts = 0;
  Clock::time_point slice_start;
  Clock::time_point slice_deadline;
  bool sliced = false;
  bool publishes = false;                         // the unsliced member 0 among others
  const core::MailWatch* mail_waiting = nullptr;  // an unsliced call under MPI ends on mail
  std::uint64_t offered = 0;
  std::vector<std::int32_t> batch;
  std::uint64_t calls = 0;
};

PortfolioSpace::PortfolioSpace(std::shared_ptr<PortfolioShared> shared)
    : shared_(std::move(shared)),
      exchange_(
          std::make_unique<ClauseExchange>(shared_->share, shared_->formula.num_variables())) {}

// A copy is a fresh member-to-be: CaDiCaL cannot be copied, and the
// prototype every worker copies never solves.
PortfolioSpace::PortfolioSpace(const PortfolioSpace& other) : PortfolioSpace(other.shared_) {}
PortfolioSpace& PortfolioSpace::operator=(const PortfolioSpace& other) {
  if (this != &other) {
    PortfolioSpace fresh(other.shared_);
    *this = std::move(fresh);
  }
  return *this;
}
PortfolioSpace::PortfolioSpace(PortfolioSpace&&) noexcept = default;
PortfolioSpace& PortfolioSpace::operator=(PortfolioSpace&&) noexcept = default;
PortfolioSpace::~PortfolioSpace() {
  if (engine_ && shared_ && shared_->solvers_left_to_exit)
    leave_to_exit(std::shared_ptr<const Engine>(std::move(engine_)));
}

core::Outcome PortfolioSpace::reset() {
  depth_ = 0;
  cut_ = false;
  if (shared_->formula.has_empty_clause()) return core::Outcome::kDeadEnd;
  return core::Outcome::kOpen;
}

void PortfolioSpace::choices(core::ChoiceSink<Choice>& out) {
  if (depth_ == 0) {
    for (std::uint32_t m = 0; m < shared_->members; ++m) out.push(static_cast<Choice>(m));
    return;
  }
  if (!cut_) out.push(static_cast<Choice>(depth_));
}

core::Outcome PortfolioSpace::descend(const Choice& choice) {
  ++depth_;
  cut_ = false;
  if (depth_ == 1) {
    start_member(choice);
    return core::Outcome::kOpen;
  }
  return run_slice();
}

core::Outcome PortfolioSpace::replay_descend(const Choice& choice) {
  ++depth_;
  cut_ = false;
  if (depth_ == 1) start_member(choice);
  return core::Outcome::kOpen;
}

void PortfolioSpace::ascend() {
  if (depth_ > 0) --depth_;
  cut_ = false;
}

void PortfolioSpace::start_member(int member) {
  if (engine_ && (member == member_ || shared_->unsliced_first_member)) return;
  if (shared_->unsliced_first_member) {
    member = static_cast<int>(shared_->members_started.fetch_add(1, std::memory_order_relaxed) %
                              shared_->members);
  } else if (shared_->first_member_race) {
    // Under mpirun, rank 0 (which runs the race) is member 0 whichever child
    // of the root it entered; the rank that entered child 0 takes the spare
    // index, a member no one else runs.
    if (engine_) return;
    member = 0;
  } else if (member == 0 && shared_->race_elsewhere) {
    member = static_cast<int>(shared_->members);
  }
  member_ = member;
  next_slice_conflicts_ = kFirstSliceConflicts;
  // The exchange outlives the member: what it saw stays seen.
  if (engine_) earlier_nanoseconds_ += engine_->nanoseconds;
  engine_ = std::make_unique<Engine>(*shared_, *exchange_);
  if (runs_race()) return;  // its CaDiCaL is the race's
  engine_->eliminated.assign(static_cast<std::size_t>(shared_->formula.num_variables()) + 1, false);
  CaDiCaL::Solver& solver = engine_->solver;
  const PortfolioMember options = PortfolioMember::of(member);
  if (!options.configuration.empty()) solver.configure(std::string(options.configuration).c_str());
  solver.set("phase", options.phase);
  solver.set("seed", options.seed);
  if (options.walk_per_mille != 0) solver.set("walkreleff", options.walk_per_mille);
  const CnfFormula& formula = shared_->formula;
  for (std::size_t c = 0; c < formula.num_clauses(); ++c) {
    for (Literal l : formula.clause(c)) solver.add(l);
    solver.add(0);
  }
}

core::Outcome PortfolioSpace::run_slice() {
  if (shared_->refuted.load(std::memory_order_relaxed) || exchange_->refutation_received())
    return core::Outcome::kDeadEnd;
  if (shared_->end.reached()) {
    cut_ = true;
    return core::Outcome::kOpen;
  }
  if (runs_race()) return wait_for_race();
  if (waits_for_head_start()) {
    if (shared_->refuted.load(std::memory_order_relaxed)) return core::Outcome::kDeadEnd;
    cut_ = shared_->end.reached();
    return core::Outcome::kOpen;
  }
  CaDiCaL::Solver& solver = engine_->solver;
  take_from_first_member();
  // A safe point: between two solve calls the solver takes new clauses.
  const std::span<const std::int32_t> pending = exchange_->pending();
  std::uint64_t added = 0;
  for (std::size_t at = 0; at < pending.size();) {
    const auto size = static_cast<std::size_t>(pending[at++]);
    const std::span<const std::int32_t> clause = pending.subspan(at, size);
    at += size;
    const bool over_eliminated = std::any_of(clause.begin(), clause.end(), [&](std::int32_t l) {
      return engine_->eliminated[static_cast<std::size_t>(l < 0 ? -l : l)];
    });
    if (over_eliminated) {
      ++dropped_eliminated_;
      continue;
    }
    for (std::int32_t l : clause) solver.add(l);
    solver.add(0);
    ++added;
  }
  exchange_->added_to_solver(added);
  exchange_->clear_pending();
  // Alone, a member has nothing to import: one call, CaDiCaL as it is; so
  // has member 0 on threads (see the header).
  engine_->slice_start = Clock::now();
  // Slices are for taking clauses in. A member with no exporter to hear
  // from (the race exports nothing) runs one call: on threads it hears of
  // another's answer through PortfolioShared, under mpirun through its
  // mailbox (a call that ends when mail waits). Without a look at the
  // mailbox every member under mpirun but the race is sliced.
  const bool on_threads = shared_->unsliced_first_member;
  const bool watches_mail = !on_threads && mail_waiting_ != nullptr;
  const bool race_member = shared_->first_member_race || shared_->race_elsewhere;
  const std::uint32_t exporters = shared_->members - (race_member ? 1 : 0);
  const bool hears_from_others =
      (on_threads || watches_mail) ? exporters > 1 : shared_->members > 1;
  engine_->sliced = hears_from_others && !(on_threads && member_ == 0);
  engine_->publishes = on_threads && member_ == 0 && exporters > 1;
  engine_->mail_waiting = watches_mail && !engine_->sliced ? &mail_waiting_ : nullptr;
  if (engine_->sliced) {
    solver.limit("conflicts", next_slice_conflicts_);
    next_slice_conflicts_ =
        std::min(kMostSliceConflicts, static_cast<int>(next_slice_conflicts_ * kSliceGrowth));
    engine_->slice_deadline =
        engine_->slice_start + std::chrono::duration_cast<Clock::duration>(
                                   std::chrono::duration<double>(kMostSliceSeconds));
  }
  const int result = solver.solve();
  if (engine_->publishes) engine_->publish();
  if (result == 0 && engine_->sliced) {
    std::fill(engine_->eliminated.begin(), engine_->eliminated.end(), false);
    EliminatedVariables eliminated(engine_->eliminated);
    solver.traverse_witnesses_backward(eliminated);
  }
  engine_->nanoseconds += nanoseconds_since(engine_->slice_start);
  ++slices_;
  switch (result) {
    case 10:
      decided_here_ = true;
      // The model is copied here, by the thread that ran the call (as every
      // CaDiCaL model is: see CdclCubeSolver::value).
      model_.clear();
      for (std::int32_t v : shared_->occurring) model_.push_back(solver.val(v) > 0 ? v : -v);
      shared_->end.model_found();
      return core::Outcome::kSolution;
    case 20:
      decided_here_ = true;
      shared_->refuted.store(true, std::memory_order_relaxed);
      exchange_->offer_refutation();
      return core::Outcome::kDeadEnd;
    default:
      if (shared_->refuted.load(std::memory_order_relaxed)) return core::Outcome::kDeadEnd;
      // Undecided: the next slice, unless the search ended (a leaf then).
      cut_ = shared_->end.reached();
      return core::Outcome::kOpen;
  }
}

core::Outcome PortfolioSpace::wait_for_race() {
  const CdclRace& race = *shared_->first_member_race;
  const Clock::time_point start = Clock::now();
  const Clock::time_point until = start + std::chrono::duration_cast<Clock::duration>(
                                              std::chrono::duration<double>(kMostRaceWaitSeconds));
  // The race's thread has the core; this worker only looks, every
  // millisecond, and ends the node after kMostRaceWaitSeconds, or as soon as
  // a message waits for it, so that the engine reads its messages (another
  // rank's model: under mpirun -np 2 the walker's, on f600) between two waits.
  const auto mail_waits = [this] { return mail_waiting_ && mail_waiting_(); };
  while (!race.verdict() && !shared_->end.reached() &&
         !shared_->refuted.load(std::memory_order_relaxed) && Clock::now() < until && !mail_waits())
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  engine_->nanoseconds += nanoseconds_since(start);
  switch (race.verdict().value_or(CubeVerdict::kStopped)) {
    case CubeVerdict::kSatisfiable:
      decided_here_ = true;
      shared_->end.model_found();
      return core::Outcome::kSolution;
    case CubeVerdict::kUnsatisfiable:
      decided_here_ = true;
      shared_->refuted.store(true, std::memory_order_relaxed);
      exchange_->offer_refutation();
      return core::Outcome::kDeadEnd;
    case CubeVerdict::kStopped:
      break;
  }
  if (shared_->refuted.load(std::memory_order_relaxed)) return core::Outcome::kDeadEnd;
  cut_ = shared_->end.reached();  // else the race goes on: the chain's next node waits again
  return core::Outcome::kOpen;
}

bool PortfolioSpace::waits_for_head_start() {
  if (!shared_->unsliced_first_member || member_ == 0 || slices_ > 0) return false;
  const double left = shared_->stagger_seconds - shared_->first_member_seconds();
  if (left <= 0) return false;
  const Clock::time_point start = Clock::now();
  const Clock::time_point until =
      start + std::chrono::duration_cast<Clock::duration>(
                  std::chrono::duration<double>(std::min(left, kMostRaceWaitSeconds)));
  while (!shared_->end.reached() && !shared_->refuted.load(std::memory_order_relaxed) &&
         Clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  staggered_nanoseconds_ += nanoseconds_since(start);
  return true;
}

void PortfolioSpace::take_from_first_member() {
  if (!shared_->unsliced_first_member || member_ == 0) return;
  std::lock_guard<std::mutex> lock(shared_->first_member_mutex);
  const std::vector<std::int32_t>& words = shared_->from_first_member;
  if (first_member_read_ >= words.size()) return;
  exchange_->receive(std::span<const std::int32_t>(words).subspan(first_member_read_));
  first_member_read_ = words.size();
}

PortfolioSpace::Solution PortfolioSpace::solution() const {
  if (!runs_race()) return model_;
  Solution model;
  model.reserve(shared_->occurring.size());
  for (std::int32_t v : shared_->occurring) model.push_back(shared_->first_member_race->value(v));
  return model;
}

bool PortfolioSpace::take_shared(std::vector<std::int32_t>& words) {
  return exchange_->take_batch(words);
}

void PortfolioSpace::receive_shared(std::span<const std::int32_t> words) {
  exchange_->receive(words);
  if (exchange_->refutation_received()) shared_->refuted.store(true, std::memory_order_relaxed);
}

void PortfolioSpace::read_counters(std::span<std::uint64_t> values) const {
  std::size_t i = 0;
  values[i++] = slices_;
  values[i++] =
      runs_race() ? shared_->first_member_race->conflicts() : (engine_ ? engine_->conflicts : 0);
  values[i++] = decided_here_ ? 1 : 0;
  values[i++] = static_cast<std::uint64_t>(member_ + 1);
  values[i++] = runs_race()
                    ? static_cast<std::uint64_t>(shared_->first_member_race->cpu_seconds() * 1e6)
                    : (earlier_nanoseconds_ + (engine_ ? engine_->nanoseconds : 0)) / 1000;
  values[i++] = staggered_nanoseconds_ / 1000;
  values[i++] = dropped_eliminated_;
  const ShareStatistics& statistics = exchange_->statistics();
#define STACKSPLIT_READ_COUNTER(name, meaning) values[i++] = statistics.name;
  STACKSPLIT_SAT_SHARE_COUNTERS(STACKSPLIT_READ_COUNTER)
#undef STACKSPLIT_READ_COUNTER
}

}  // namespace stacksplit::apps::sat
