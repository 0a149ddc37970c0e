#include "apps/sat/cdcl/cdcl_race.hpp"

#include <pthread.h>
#include <time.h>

#include <algorithm>
#include <limits>

#include "apps/sat/limits/thread_cpu_clock.hpp"
#include "core/mpi/launcher.hpp"

namespace stacksplit::apps::sat {

namespace {

std::int64_t nanoseconds_of(clockid_t clock) {
  timespec now{};
  clock_gettime(clock, &now);
  return static_cast<std::int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

std::int64_t thread_cpu_nanoseconds() { return ThreadCpuClock::now().time_since_epoch().count(); }
std::int64_t process_cpu_nanoseconds() { return nanoseconds_of(CLOCK_PROCESS_CPUTIME_ID); }

// The longest sleep between two looks at the search's end.
constexpr double kMostPauseSeconds = 0.02;

}  // namespace

RacePolicy RacePolicy::for_search(int workers, double predicted_seconds, double probe_seconds) {
  RacePolicy policy;
  policy.probes = std::max(probe_seconds, 0.0);
  policy.predicted_work = std::max(predicted_seconds, 0.0);
  policy.workers = std::max(workers, 1);
  return policy;
}

RacePolicy RacePolicy::unlimited() {
  RacePolicy policy;
  policy.never_pauses = true;
  return policy;
}

RacePolicy RacePolicy::one_worker(double predicted_seconds) {
  RacePolicy policy = for_search(1, predicted_seconds);
  policy.takes_turns = true;
  policy.first_turn = std::min(kFirstTurnShare * policy.predicted_work, kMostFirstTurnSeconds);
  return policy;
}

RacePolicy RacePolicy::one_worker_probing() {
  RacePolicy policy = one_worker(0);
  policy.probing = true;
  return policy;
}

double RacePolicy::budget(double since_start, double search_work) const {
  constexpr double kUnlimited = std::numeric_limits<double>::infinity();
  if (never_pauses) return kUnlimited;
  if (probing) return before_search + kProbeTurnRate * std::max(0.0, search_work - kProbeTurnGrace);
  if (takes_turns)
    return before_search + std::min(first_turn, kFirstTurnRate * search_work) +
           std::max(0.0, search_work - 2 * predicted_work);
  if (since_start <= before_search) return since_start;
  const double elapsed = since_start - before_search;
  // The head start, at a core of its own; then paused until the search has
  // done W, and early_share of a core (of the search's `workers`) while it
  // does the next W.
  if (elapsed < head_start()) return since_start;
  if (search_work >= 2 * predicted_work) return kUnlimited;
  const double early = std::clamp(search_work - predicted_work, 0.0, predicted_work);
  return before_search + head_start() + early_share * early / workers;
}

double RacePolicy::share(double since_start, double search_work) const {
  if (takes_turns) return search_work < 2 * predicted_work ? 0.0 : 1.0;
  if (never_pauses || since_start <= before_search) return 1.0;
  if (since_start - before_search < head_start()) return 1.0;
  if (search_work < predicted_work) return 0.0;
  return search_work < 2 * predicted_work ? early_share : 1.0;
}

CdclRace::CdclRace(std::shared_ptr<CdclCubeSolver> solver, RacePolicy policy)
    : solver_(std::move(solver)), policy_(policy) {}

double CdclRace::elapsed() const {
  return std::chrono::duration<double>(Clock::now() - start_).count();
}

void CdclRace::begin_search(RacePolicy policy, std::function<void()> on_decided, int workers_here) {
  std::int64_t race_cpu = 0;
  clockid_t race_clock{};
  if (thread_.joinable() && pthread_getcpuclockid(thread_.native_handle(), &race_clock) == 0)
    race_cpu = nanoseconds_of(race_clock);
  // Beside the probes the race had a core of its own (their wall time is
  // its budget); taking turns with them, it had what it ran.
  policy.before_search = !thread_.joinable()  ? 0
                         : policy.takes_turns ? 1e-9 * static_cast<double>(race_cpu)
                                              : elapsed();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    process_cpu_at_search_ = process_cpu_nanoseconds();
    race_cpu_at_search_ = race_cpu;
    work_per_process_second_ =
        workers_here > 0 ? static_cast<double>(policy.workers) / workers_here : 1.0;
    searching_ = true;
    policy_ = policy;
    on_decided_ = std::move(on_decided);
    // run() stores the verdict under the lock: decided before it, it called
    // the former callback.
    if (decided_here() && on_decided_) on_decided_();
  }
  {
    // A race waiting for its turn runs at once when turns end (auto's
    // probes with one worker chose the portfolio, whose member 0 it is).
    std::lock_guard<std::mutex> lock(turn_mutex_);
    takes_turns_.store(policy.takes_turns, std::memory_order_release);
  }
  turn_changed_.notify_all();
}

RacePolicy CdclRace::policy() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return policy_;
}

CdclRace::~CdclRace() { stop(); }

void CdclRace::start() {
  if (!solver_ || thread_.joinable()) return;
  start_ = Clock::now();
  solver_->set_pause([this] { return pause_or_stop(); });
  thread_ = std::thread([this] { run(); });
}

void CdclRace::stop() {
  stop_.store(true, std::memory_order_release);
  // Through the turn's lock, so that a side about to wait for its turn sees
  // the stop or is woken by it.
  { std::lock_guard<std::mutex> lock(turn_mutex_); }
  turn_changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void CdclRace::run() {
  // Under mpirun's default binding rank 0's race would share its worker's
  // one core (qg3-09 on two ranks: the probes took 0.86 s instead of 0.34
  // s); work beside the tree runs where the host lets it, as on threads.
  core::unbind_thread_from_launcher_default();
  if (takes_turns_.load(std::memory_order_acquire)) {
    // Taking turns, CaDiCaL starts in the race's first turn: not even its
    // first steps run beside the search.
    const auto before = Clock::now();
    std::unique_lock<std::mutex> lock(turn_mutex_);
    turn_changed_.wait(lock, [this] {
      return turn_ == kRaceTurn || stop_.load(std::memory_order_relaxed) ||
             !takes_turns_.load(std::memory_order_relaxed);
    });
    slept_nanoseconds_.fetch_add(
        std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - before).count(),
        std::memory_order_relaxed);
    if (stop_.load(std::memory_order_relaxed)) {
      finished_.store(true, std::memory_order_release);
      return;
    }
  }
  const CubeVerdict verdict = solver_->solve({});
  cpu_nanoseconds_.store(thread_cpu_nanoseconds(), std::memory_order_relaxed);
  conflicts_.store(solver_->conflicts(), std::memory_order_relaxed);
  {
    std::lock_guard<std::mutex> lock(turn_mutex_);
    finished_.store(true, std::memory_order_release);
  }
  turn_changed_.notify_all();
  if (verdict == CubeVerdict::kStopped) return;
  std::lock_guard<std::mutex> lock(mutex_);
  verdict_.store(verdict == CubeVerdict::kSatisfiable ? kSatisfied : kRefuted,
                 std::memory_order_release);
  if (on_decided_) on_decided_();
}

bool CdclRace::pause_or_stop() {
  // CaDiCaL asks often (every few decisions): the clocks on every 64th call.
  if (stop_.load(std::memory_order_relaxed)) return true;
  if ((++polls_ & 63) != 0) return false;
  for (;;) {
    const double since_start = elapsed();
    const std::int64_t cpu = thread_cpu_nanoseconds();
    cpu_nanoseconds_.store(cpu, std::memory_order_relaxed);
    conflicts_.store(solver_->conflicts(), std::memory_order_relaxed);
    RacePolicy policy;
    double search_work = 0;
    bool searching = false;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      policy = policy_;
      searching = searching_;
      if (searching_) {
        const std::int64_t others =
            process_cpu_nanoseconds() - process_cpu_at_search_ - (cpu - race_cpu_at_search_);
        search_work = 1e-9 * static_cast<double>(others) * work_per_process_second_;
      }
    }
    // CPU time spent on a lent core is not charged to the budget.
    std::int64_t uncharged = idle_core_nanoseconds_.load(std::memory_order_relaxed);
    if (lent_at_last_look_) {
      uncharged += cpu - cpu_at_last_look_;
      idle_core_nanoseconds_.store(uncharged, std::memory_order_relaxed);
    }
    cpu_at_last_look_ = cpu;
    lent_at_last_look_ = !policy.takes_turns && searching &&
                         idle_workers_.load(std::memory_order_relaxed) > 0 &&
                         policy.share(since_start, search_work) < 1;
    if (lent_at_last_look_) return false;
    const double over =
        1e-9 * static_cast<double>(cpu - uncharged) - policy.budget(since_start, search_work);
    if (policy.takes_turns) {
      // It runs only in its turn, and hands the turn back once its budget
      // is spent.
      std::unique_lock<std::mutex> lock(turn_mutex_);
      if (turn_ == kRaceTurn) {
        if (over <= 0) return false;
        turn_ = kSearchTurn;
        turn_changed_.notify_all();
      }
      const auto before = Clock::now();
      turn_changed_.wait_for(lock, std::chrono::duration<double>(kMostPauseSeconds), [this] {
        return turn_ == kRaceTurn || stop_.load(std::memory_order_relaxed) ||
               refuted_elsewhere_.load(std::memory_order_relaxed);
      });
      lock.unlock();
      slept_nanoseconds_.fetch_add(
          std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - before).count(),
          std::memory_order_relaxed);
      if (stop_.load(std::memory_order_relaxed) ||
          refuted_elsewhere_.load(std::memory_order_relaxed))
        return true;
      continue;
    }
    if (over <= 0) return false;
    // Asleep until the budget has grown by `over` (at the share in force),
    // looking at the search's end at least every kMostPauseSeconds.
    const double share = policy.share(since_start, search_work);
    // (Paused: until the share resumes, looking every kMostPauseSeconds.)
    const double pause =
        share <= 0 ? kMostPauseSeconds : std::min(kMostPauseSeconds, over / std::max(share, 1e-3));
    const auto before = Clock::now();
    std::this_thread::sleep_for(std::chrono::duration<double>(pause));
    slept_nanoseconds_.fetch_add(
        std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - before).count(),
        std::memory_order_relaxed);
    if (stop_.load(std::memory_order_relaxed) || refuted_elsewhere_.load(std::memory_order_relaxed))
      return true;
  }
}

void CdclRace::wait_while_owed() {
  if (!takes_turns_.load(std::memory_order_acquire) || !solver_) return;
  const auto race_is_done = [this] {
    return finished_.load(std::memory_order_acquire) || stop_.load(std::memory_order_relaxed) ||
           verdict_.load(std::memory_order_acquire) != kUndecided;
  };
  if (race_is_done()) return;
  RacePolicy policy;
  double search_work = 0;
  const std::int64_t race_cpu = cpu_nanoseconds_.load(std::memory_order_relaxed);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    policy = policy_;
    const std::int64_t others =
        process_cpu_nanoseconds() - process_cpu_at_search_ - (race_cpu - race_cpu_at_search_);
    search_work = 1e-9 * static_cast<double>(others) * work_per_process_second_;
  }
  const double owed = policy.budget(elapsed(), search_work) - 1e-9 * static_cast<double>(race_cpu);
  if (owed < kTurnSeconds) return;
  const auto before = Clock::now();
  {
    std::unique_lock<std::mutex> lock(turn_mutex_);
    turn_ = kRaceTurn;
    turn_changed_.notify_all();
    while (turn_ == kRaceTurn && !race_is_done())
      turn_changed_.wait_for(lock, std::chrono::duration<double>(kMostPauseSeconds));
    turn_ = kSearchTurn;
  }
  search_waited_nanoseconds_.fetch_add(
      std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - before).count(),
      std::memory_order_relaxed);
}

void CdclRace::probe_turn() {
  if ((++probe_steps_ & 63) == 0) wait_while_owed();
}

std::optional<CubeVerdict> CdclRace::verdict() const {
  switch (verdict_.load(std::memory_order_acquire)) {
    case kSatisfied:
      return CubeVerdict::kSatisfiable;
    case kRefuted:
      return CubeVerdict::kUnsatisfiable;
    default:
      return refuted_elsewhere_.load(std::memory_order_acquire)
                 ? std::optional<CubeVerdict>(CubeVerdict::kUnsatisfiable)
                 : std::nullopt;
  }
}

}  // namespace stacksplit::apps::sat
