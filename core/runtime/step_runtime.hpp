#pragma once
// The step runtime: every worker in one thread, one after another in an order
// drawn from the seed. Fully deterministic, so a failing interleaving can be
// replayed.

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <stdexcept>
#include <vector>

#include "core/detail/agent.hpp"
#include "core/detail/outbox.hpp"
#include "core/detail/random.hpp"
#include "core/stop_signal.hpp"

namespace stacksplit::core {

template <Agent A>
class StepRuntime final : public Outbox<typename A::Message> {
 public:
  using Message = typename A::Message;

  template <class MakeAgent>
  RunClock run(int workers, std::uint64_t seed, MakeAgent&& make_agent,
               const StopSignal* interrupt = nullptr) {
    mailboxes_.assign(workers, {});
    agents_.clear();
    for (int rank = 0; rank < workers; ++rank) agents_.push_back(make_agent(rank, *this));
    Random order = Random::stream(seed, 0xfeedULL);
    wall_start_ = std::chrono::steady_clock::now();
    for (auto& agent : agents_) agent->start();

    bool interrupted = false;
    int running = workers;
    while (running > 0) {
      if (!interrupted && interrupt != nullptr && interrupt->raised()) {
        for (auto& agent : agents_) agent->interrupt();
        interrupted = true;
      }
      const int rank = static_cast<int>(order.below(workers));
      A& agent = *agents_[rank];
      if (agent.terminated()) {
        if (all_quiet()) break;
        continue;
      }
      while (!mailboxes_[rank].empty() && !agent.terminated()) {
        Message message = std::move(mailboxes_[rank].front());
        mailboxes_[rank].pop_front();
        agent.handle(std::move(message));
      }
      if (agent.has_work()) agent.work();
      running = 0;
      for (auto& each : agents_) running += each->terminated() ? 0 : 1;
      if (running > 0 && all_quiet())
        throw std::logic_error("step runtime: no worker can make progress (lost message?)");
    }
    RunClock clock;
    clock.seconds = now();
    clock.interrupted = interrupted;
    return clock;
  }

  std::vector<std::unique_ptr<A>>& agents() { return agents_; }

  void send(int to, Message&& message) override { mailboxes_[to].push_back(std::move(message)); }
  // The wall clock: idle times are seconds, as on threads. No scheme decides
  // by the clock, so the interleaving and every counter still follow the seed.
  double now() const override {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start_).count();
  }

 private:
  bool all_quiet() const {
    for (std::size_t rank = 0; rank < agents_.size(); ++rank)
      if (!mailboxes_[rank].empty() || (!agents_[rank]->terminated() && agents_[rank]->has_work()))
        return false;
    return true;
  }

  std::vector<std::deque<Message>> mailboxes_;
  std::vector<std::unique_ptr<A>> agents_;
  std::chrono::steady_clock::time_point wall_start_ = std::chrono::steady_clock::now();
};

}  // namespace stacksplit::core
