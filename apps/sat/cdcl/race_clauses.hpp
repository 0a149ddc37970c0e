#pragma once
// What the race learned, for the portfolio's members of its process: the
// race (cdcl_race.hpp) runs one solve call in a thread of its own and sends
// no message, so its short learned clauses pass through memory. It offers
// them in its thread, filtered and budgeted as any member's exports
// (clause_exchange.hpp), and hands them over every 32 offers; each member
// reads on from where it stopped. Nothing is kept until a portfolio wants
// them (the race starts before the probes choose).

#include <atomic>
#include <cstdint>
#include <mutex>
#include <span>
#include <vector>

#include "apps/sat/cdcl/clause_exchange.hpp"

namespace stacksplit::apps::sat {

class RaceClauses {
 public:
  RaceClauses(const ShareOptions& share, std::int32_t num_variables)
      : exchange_(share, num_variables) {}

  // From now on the race's clauses are kept.
  void keep() { kept_.store(true, std::memory_order_release); }

  // The race's thread: a clause it learned after `seconds` of search.
  void offer(std::span<const Literal> clause, double seconds) {
    if (!kept_.load(std::memory_order_relaxed)) return;
    exchange_.offer(clause, seconds);
    if ((++offers_ & 31) != 0) return;
    batch_.clear();
    if (!exchange_.take_batch(batch_)) return;
    std::lock_guard<std::mutex> lock(mutex_);
    if (words_.size() + batch_.size() <= kMostWords)
      words_.insert(words_.end(), batch_.begin(), batch_.end());
  }

  // Moves what came since `read` (words) into `exchange`.
  void take(std::size_t& read, ClauseExchange& exchange) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (read >= words_.size()) return;
    exchange.receive(std::span<const std::int32_t>(words_).subspan(read));
    read = words_.size();
  }

  // Under mpirun: appends to `words` (records as ClauseExchange::take_batch
  // writes them) what no worker of this process has sent to the other
  // processes yet, once for the process, whichever worker asks.
  bool take_for_other_processes(std::vector<std::int32_t>& words) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (sent_ >= words_.size()) return false;
    words.insert(words.end(), words_.begin() + static_cast<std::ptrdiff_t>(sent_), words_.end());
    sent_ = words_.size();
    return true;
  }

  // Under mpirun, on a process without the race: a batch of the race's
  // clauses another process sent (take_for_other_processes there), kept for
  // this process's cube solvers as if its own race had offered them. The
  // race's own process has them already and ignores it.
  void receive(std::span<const std::int32_t> words) {
    if (kept_.load(std::memory_order_acquire)) return;
    std::lock_guard<std::mutex> lock(mutex_);
    if (words_.size() + words.size() <= kMostWords)
      words_.insert(words_.end(), words.begin(), words.end());
    sent_ = words_.size();  // never sent on: every process hears the race's
  }

  // The handed-over clauses stop growing here (64 MiB).
  static constexpr std::size_t kMostWords = std::size_t{1} << 24;

 private:
  std::atomic<bool> kept_{false};
  ClauseExchange exchange_;  // the race's thread only
  std::vector<std::int32_t> batch_;
  std::uint64_t offers_ = 0;
  std::mutex mutex_;
  std::vector<std::int32_t> words_;
  std::size_t sent_ = 0;  // words sent to the other processes
};

}  // namespace stacksplit::apps::sat
