#include "apps/sat/cdcl/cdcl_race.hpp"

#include <pthread.h>

#include "apps/sat/limits/thread_cpu_clock.hpp"
#include "core/thread_binding.hpp"

namespace stacksplit::apps::sat {

CdclRace::CdclRace(const CnfFormula& formula, std::shared_ptr<SearchEnd> end, ProofLink proof,
                   std::shared_ptr<FairShare> turns, CdclSettings settings, std::string name)
    : formula_(formula),
      end_(std::move(end)),
      proof_(std::move(proof)),
      turns_(std::move(turns)),
      settings_(settings),
      name_(std::move(name)) {}

CdclRace::~CdclRace() { stop(); }

void CdclRace::export_to(std::function<void(std::span<const Literal>)> sink,
                         std::uint32_t longest) {
  export_ = std::move(sink);
  longest_export_ = longest;
}

void CdclRace::start() {
  if (thread_.joinable()) return;
  thread_ = std::thread([this] { run(); });
}

void CdclRace::stop() {
  stop_.store(true, std::memory_order_release);
  if (thread_.joinable()) thread_.join();
  if (turns_) turns_->finished(FairShare::kCdcl);
}

std::shared_ptr<CdclEngine> CdclRace::hand_over() {
  if (ends_its_call() && thread_.joinable()) thread_.join();
  stop();
  live_engine_.store(nullptr, std::memory_order_release);
  return std::move(engine_);
}

bool CdclRace::should_stop() {
  if (stop_.load(std::memory_order_relaxed) || end_->reached()) return true;
  // CaDiCaL asks every few decisions: the turns on every 64th call.
  if ((++polls_ & 63) != 0) return false;
  if (turns_)
    turns_->yield(FairShare::kCdcl,
                  [this] { return stop_.load(std::memory_order_relaxed) || end_->reached(); });
  return stop_.load(std::memory_order_relaxed) || end_->reached();
}

double CdclRace::cpu_seconds() const {
  if (running_.load(std::memory_order_acquire)) {
    timespec now{};
    if (clock_gettime(cpu_clock_.load(std::memory_order_relaxed), &now) == 0)
      return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
  }
  return 1e-9 * static_cast<double>(cpu_nanoseconds_.load());
}

void CdclRace::run() {
  clockid_t clock{};
  if (pthread_getcpuclockid(pthread_self(), &clock) == 0) {
    cpu_clock_.store(clock, std::memory_order_relaxed);
    running_.store(true, std::memory_order_release);
  }
  // Under mpirun's default binding rank 0's race would share its worker's
  // one core (qg3-09 on two ranks: the probes took 0.86 s instead of 0.34 s).
  core::unbind_thread_from_launcher_default();
  // Made in the race's thread: loading the clauses is CDCL's time, not
  // the search's (with one worker, turns are CPU time).
  engine_ = std::make_shared<CdclEngine>(formula_, settings_, proof_);
  CdclEngine* engine = engine_.get();
  engine->stop_when([this] { return should_stop(); });
  if (export_) engine->export_to(export_, longest_export_);
  live_engine_.store(engine, std::memory_order_release);
  const Verdict verdict = engine->solve({}, call_conflicts_);
  cpu_nanoseconds_.store(ThreadCpuClock::now().time_since_epoch().count(),
                         std::memory_order_relaxed);
  running_.store(false, std::memory_order_release);
  call_ended_.store(true, std::memory_order_release);
  if (turns_) turns_->finished(FairShare::kCdcl);
  if (verdict == Verdict::kUnknown) return;
  verdict_.store(verdict, std::memory_order_release);
  end_->board().post(name_, verdict, engine->model());
}

}  // namespace stacksplit::apps::sat
