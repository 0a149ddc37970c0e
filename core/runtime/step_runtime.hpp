#pragma once
// The step runtime: every worker in one thread, one after another in an order
// drawn from the seed. Fully deterministic, so a failing interleaving can be
// replayed; it is also the skeleton the simulated machine builds on.

#include <chrono>
#include <deque>
#include <memory>
#include <stdexcept>
#include <vector>

#include "core/random.hpp"
#include "core/run_result.hpp"
#include "core/worker_pool.hpp"

namespace stacksplit::core {

template <SearchSpace S>
class StepRuntime final : public Outbox<typename S::Choice> {
 public:
  using Choice = typename S::Choice;
  using Msg = Message<Choice>;
  using Result = RunResult<typename Worker<S>::Solution>;

  template <class MakeSpace>
  Result run(const RunSetup& setup, MakeSpace&& make_space) {
    const int workers = setup.workers;
    auto topology = make_topology(setup.topology, workers);
    mailboxes_.assign(workers, {});
    WorkerPool<S> pool = make_worker_pool<S>(setup, *topology, *this, make_space);
    Random order = Random::stream(setup.options.seed, 0xfeedULL);
    wall_start_ = std::chrono::steady_clock::now();
    for (auto& worker : pool) worker->start();

    int running = workers;
    while (running > 0) {
      const int rank = static_cast<int>(order.below(workers));
      Worker<S>& worker = *pool[rank];
      if (worker.terminated()) {
        if (all_quiet(pool)) break;
        continue;
      }
      while (!mailboxes_[rank].empty() && !worker.terminated()) {
        Msg message = std::move(mailboxes_[rank].front());
        mailboxes_[rank].pop_front();
        worker.handle(std::move(message));
      }
      if (worker.has_work()) worker.work();
      running = 0;
      for (auto& w : pool) running += w->terminated() ? 0 : 1;
      if (running > 0 && all_quiet(pool))
        throw std::logic_error("step runtime: no worker can make progress (lost message?)");
    }

    Result result;
    result.seconds = now();
    for (auto& worker : pool) {
      result.add_worker(worker->statistics());
      if (!result.solution && worker->solution()) result.solution = worker->solution();
    }
    return result;
  }

  void send(int to, Msg&& message) override { mailboxes_[to].push_back(std::move(message)); }
  // The wall clock: idle times are seconds, as on threads. No scheme decides
  // by the clock, so the interleaving and every counter still follow the seed.
  double now() const override {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start_).count();
  }

 private:
  bool all_quiet(const std::vector<std::unique_ptr<Worker<S>>>& pool) const {
    for (std::size_t rank = 0; rank < pool.size(); ++rank)
      if (!mailboxes_[rank].empty() || (!pool[rank]->terminated() && pool[rank]->has_work()))
        return false;
    return true;
  }

  std::vector<std::deque<Msg>> mailboxes_;
  std::chrono::steady_clock::time_point wall_start_ = std::chrono::steady_clock::now();
};

}  // namespace stacksplit::core
