#include "apps/sat/cdcl/portfolio_space.hpp"

#include <algorithm>
#include <string>
#include <thread>

#include "apps/sat/cdcl/left_to_exit.hpp"

namespace stacksplit::apps::sat {

CdclSettings portfolio_member(int index, bool walker) {
  switch (index) {
    case 0:
      return {"", 1, 0};
    case 1:
      if (!walker) return {"sat", 1, 0};
      return {"sat", 1, 1, kWalkerPerMille};
    case 2:
      return {"", 0, 2};
    case 3:
      return {"unsat", 1, 3};
    default:
      return {"", index % 2, index};
  }
}

PortfolioShared::PortfolioShared(CnfFormula formula_, std::uint32_t workers_, ShareOptions share_,
                                 std::shared_ptr<SearchEnd> end_,
                                 std::shared_ptr<ProofWriter> proof_)
    : formula(std::move(formula_)),
      workers(workers_),
      share(share_),
      end(std::move(end_)),
      proof(std::move(proof_)) {}

bool PortfolioShared::forward_race_clauses(std::vector<std::int32_t>& words) {
  return race_clauses && race_clauses->take_for_other_processes(words);
}

namespace {

using Clock = std::chrono::steady_clock;

std::uint64_t nanoseconds_since(Clock::time_point start) {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count());
}

}  // namespace

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
  if (engine_ && shared_ && shared_->solvers_left_to_exit) leave_to_exit(std::move(engine_));
}

core::Outcome PortfolioSpace::reset() {
  depth_ = 0;
  cut_ = false;
  return core::Outcome::kOpen;
}

void PortfolioSpace::choices(core::ChoiceSink<Choice>& out) {
  if (depth_ == 0) {
    const std::uint32_t slots = std::max<std::uint32_t>(1, shared_->workers);
    for (std::uint32_t slot = 0; slot < slots; ++slot)
      out.push(static_cast<Choice>(shared_->root_worker_yields ? slots - 1 - slot : slot));
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

void PortfolioSpace::start_member(int slot) {
  if (engine_ && member_ == shared_->first_member + slot) return;
  if (shared_->workers == 0) return;  // the worker only watches the race
  if (shared_->root_worker_yields && slot + 1 == static_cast<int>(shared_->workers))
    return;  // the root's expander on the race's rank: it watches (portfolio_space.hpp)
  member_ = shared_->first_member + slot;
  next_slice_conflicts_ = kFirstSliceConflicts;
  // The exchange outlives the member: what it saw stays seen.
  if (engine_ && shared_->solvers_left_to_exit) leave_to_exit(std::move(engine_));
  engine_.reset();
  engine_ = shared_->take_head_start(member_);
  first_call_ = !engine_;
  if (engine_) grow_next_slice();  // its first slice was the head start
  if (!engine_)
    engine_ = std::make_shared<CdclEngine>(
        shared_->formula, portfolio_member(member_, shared_->walker),
        shared_->proof ? ProofLink(shared_->proof, "portfolio member " + std::to_string(member_))
                       : ProofLink());
  ClauseExchange* exchange = exchange_.get();
  member_start_ = Clock::now();
  engine_->export_to(
      [this, exchange](std::span<const Literal> clause) {
        exchange->offer(clause,
                        static_cast<double>(nanoseconds_ + nanoseconds_since(member_start_)) / 1e9);
      },
      shared_->members_hear_others() ? shared_->share.max_size : 0);
  // One call when no one exports to it.
  sliced_ = shared_->members_hear_others();
  // Under mpirun another process's verdict (take_shared) or the search's
  // end arrives as urgent mail, which this worker reads only between
  // slices: the call ends for it at once. Clauses are not urgent: they wait
  // for the slice's end, as they do on threads, where they come through
  // memory. (When clause mail ended slices too, AProVE09-20's member 1 ran
  // 67 slices under mpirun where on threads it ran 7, and each call starts
  // CaDiCaL's schedule afresh.)
  engine_->stop_when([this] {
    if (shared_->end->reached()) return true;
    if (!mail_waiting_ || (++polls_ & 63) != 0) return false;
    return mail_waiting_();
  });
}

void PortfolioSpace::take_clauses_in() {
  if (shared_->race_clauses) shared_->race_clauses->take(race_read_, *exchange_);
  // A safe point: between two solve calls the solver takes new clauses,
  // but not one over a variable it eliminated (it would restore every
  // clause eliminated with it, undoing its own preprocessing).
  dropped_eliminated_ += engine_->import_pending(*exchange_, eliminated_).over_eliminated;
}

void PortfolioSpace::grow_next_slice() {
  next_slice_conflicts_ =
      std::min(kMostSliceConflicts, static_cast<int>(next_slice_conflicts_ * kSliceGrowth));
}

core::Outcome PortfolioSpace::run_slice() {
  if (exchange_->refutation_received()) shared_->end->heard(Verdict::kUnsatisfiable);
  if (shared_->end->reached() || !engine_) {
    // Decided, cut short, or a worker that only watches the race: it looks
    // again after a while (or as soon as mail waits), so that the engine
    // reads its messages between two looks.
    if (!engine_ && !shared_->end->reached()) {
      const Clock::time_point until = Clock::now() + std::chrono::milliseconds(50);
      while (!shared_->end->reached() && Clock::now() < until &&
             !(mail_waiting_ && mail_waiting_()))
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    cut_ = shared_->end->reached();
    return core::Outcome::kOpen;
  }
  // A member's first call runs on the formula alone, as CaDiCaL alone would:
  // clauses imported before its preprocessing steer it elsewhere, and its
  // configuration's own fast answers are what the portfolio is for. Under
  // mpirun, where a rank's member starts after the others' have exported
  // for a while, AProVE09-17 took member 1 (`sat`) 30 k conflicts instead of
  // 3.8 k. What arrived meanwhile waits for the second call.
  if (!first_call_) take_clauses_in();
  const Clock::time_point start = Clock::now();
  int limit = -1;
  if (sliced_) {
    limit = next_slice_conflicts_;
    grow_next_slice();
  }
  const Verdict verdict = engine_->solve({}, limit);
  first_call_ = false;
  nanoseconds_ += nanoseconds_since(start);
  ++slices_;
  if (verdict == Verdict::kUnknown && sliced_) engine_->eliminated_variables(eliminated_);
  const std::string name = "portfolio member " + std::to_string(member_);
  switch (verdict) {
    case Verdict::kSatisfiable:
      decided_here_ = true;
      shared_->end->board().post(name, verdict, engine_->model());
      return core::Outcome::kSolution;
    case Verdict::kUnsatisfiable:
      decided_here_ = true;
      shared_->end->board().post(name, verdict);
      exchange_->offer_refutation();
      return core::Outcome::kDeadEnd;
    case Verdict::kUnknown:
      break;
  }
  // Undecided: the next slice, unless the search ended (a leaf then).
  cut_ = shared_->end->reached();
  return core::Outcome::kOpen;
}

bool PortfolioSpace::take_shared(std::vector<std::int32_t>& words) {
  // A verdict of this process that no member of it sent (the race's, under
  // mpirun on rank 0) goes to the other processes' members too, once.
  if (const std::optional<Verdict> verdict = shared_->end->take_announcement()) {
    if (*verdict == Verdict::kUnsatisfiable) exchange_->offer_refutation();
    if (*verdict == Verdict::kSatisfiable) exchange_->offer_model_found();
  }
  bool any = exchange_->take_batch(words);
  // The race's clauses reach this process's members through memory; under
  // mpirun they go on to the other processes' members with this batch
  // (once: whichever worker of the process sends first), as on the threads
  // runtime every member hears the race.
  if (shared_->across_processes) any = shared_->forward_race_clauses(words) || any;
  return any;
}

void PortfolioSpace::receive_shared(std::span<const std::int32_t> words) {
  exchange_->receive(words);
  if (exchange_->refutation_received()) shared_->end->heard(Verdict::kUnsatisfiable);
  if (exchange_->model_found_received()) shared_->end->heard(Verdict::kSatisfiable);
}

void PortfolioSpace::read_counters(std::span<std::uint64_t> values) const {
  std::size_t i = 0;
  values[i++] = slices_;
  values[i++] = engine_ ? engine_->conflicts() : 0;
  values[i++] = decided_here_ ? 1 : 0;
  values[i++] = static_cast<std::uint64_t>(member_ + 1);
  values[i++] = nanoseconds_ / 1000;
  values[i++] = dropped_eliminated_;
  const ShareStatistics& statistics = exchange_->statistics();
#define STACKSPLIT_READ_COUNTER(name, meaning) values[i++] = statistics.name;
  STACKSPLIT_SAT_SHARE_COUNTERS(STACKSPLIT_READ_COUNTER)
#undef STACKSPLIT_READ_COUNTER
}

}  // namespace stacksplit::apps::sat
