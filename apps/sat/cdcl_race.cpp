#include "apps/sat/cdcl_race.hpp"

#include <time.h>

#include <algorithm>
#include <limits>

namespace stacksplit::apps::sat {

namespace {

std::int64_t thread_cpu_nanoseconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<std::int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

// The longest sleep between two looks at the search's end.
constexpr double kMostPauseSeconds = 0.02;

}  // namespace

RacePolicy RacePolicy::for_search(int workers, double predicted_seconds) {
  RacePolicy policy;
  policy.paused_until = std::max(predicted_seconds, 0.0) / std::max(workers, 1);
  policy.late_after = 2 * policy.paused_until;
  return policy;
}

RacePolicy RacePolicy::unlimited() {
  RacePolicy policy;
  policy.never_pauses = true;
  return policy;
}

double RacePolicy::budget(double since_start) const {
  if (never_pauses) return std::numeric_limits<double>::infinity();
  if (since_start <= before_search) return since_start;
  const double elapsed = since_start - before_search;
  // The head start, at a core of its own: the pause and the shares after it
  // are pushed back by no more than that.
  const double head = std::min(elapsed, head_start());
  const double pause_end = std::max(paused_until, head_start());
  const double late_start = std::max(late_after, pause_end);
  const double early = std::clamp(elapsed, pause_end, late_start) - pause_end;
  const double late = std::max(0.0, elapsed - late_start);
  return before_search + head + early_share * early + late_share * late;
}

double RacePolicy::share(double since_start) const {
  if (never_pauses || since_start <= before_search) return 1.0;
  const double elapsed = since_start - before_search;
  if (elapsed < head_start()) return 1.0;
  if (elapsed < paused_until) return 0.0;
  return elapsed < late_after ? early_share : late_share;
}

CdclRace::CdclRace(std::shared_ptr<CdclCubeSolver> solver, RacePolicy policy)
    : solver_(std::move(solver)), policy_(policy) {}

double CdclRace::elapsed() const {
  return std::chrono::duration<double>(Clock::now() - start_).count();
}

void CdclRace::begin_search(RacePolicy policy, std::function<void()> on_decided) {
  policy.before_search = thread_.joinable() ? elapsed() : 0;
  std::lock_guard<std::mutex> lock(mutex_);
  policy_ = policy;
  on_decided_ = std::move(on_decided);
  // run() stores the verdict under the lock: decided before it, it called
  // the former callback.
  if (decided_here() && on_decided_) on_decided_();
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
  if (thread_.joinable()) thread_.join();
}

void CdclRace::run() {
  const CubeVerdict verdict = solver_->solve({});
  cpu_nanoseconds_.store(thread_cpu_nanoseconds(), std::memory_order_relaxed);
  conflicts_.store(solver_->conflicts(), std::memory_order_relaxed);
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
    const RacePolicy policy = this->policy();
    const double over = 1e-9 * static_cast<double>(cpu) - policy.budget(since_start);
    if (over <= 0) return false;
    // Asleep until the budget has grown by `over` (at the share in force),
    // looking at the search's end at least every kMostPauseSeconds.
    const double share = policy.share(since_start);
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
