#pragma once
// What a run says of its formula, and who said it. Every member of a run
// (the race, a portfolio member, a cube solver that found a model, the DPLL
// search) posts its own definite verdict to the run's board; the first is
// the run's answer, and a later one that contradicts it is a disagreement:
// an internal error, never a silent choice (one of them is wrong). A member
// that only heard of another's verdict (a refutation shared with it, a
// search whose nodes the race's answer cut) posts nothing.

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "apps/sat/cnf/cnf_formula.hpp"

namespace stacksplit::apps::sat {

enum class Verdict : std::uint8_t { kUnknown, kSatisfiable, kUnsatisfiable };

// "SAT", "UNSAT", "UNKNOWN": the run record's answer.
inline const char* verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::kSatisfiable:
      return "SAT";
    case Verdict::kUnsatisfiable:
      return "UNSAT";
    case Verdict::kUnknown:
      break;
  }
  return "UNKNOWN";
}

// The SAT Competition's exit statuses: 10, 20, and 0 for an unknown answer.
inline int exit_status_of(Verdict verdict) {
  switch (verdict) {
    case Verdict::kSatisfiable:
      return 10;
    case Verdict::kUnsatisfiable:
      return 20;
    case Verdict::kUnknown:
      break;
  }
  return 0;
}

// Members that disagree, an UNSAT whose proof lacks the empty clause, a
// model that fails its check: the run's answer cannot be trusted
// (EX_SOFTWARE of sysexits.h).
inline constexpr int kExitInternalError = 70;

// A model: one DIMACS literal per variable that occurs in some clause, in
// increasing order of variable.
using Model = std::vector<Literal>;

struct PostedVerdict {
  std::string member;
  Verdict verdict = Verdict::kUnknown;
};

class VerdictBoard {
 public:
  // `member` decided the formula (kUnknown is ignored); a model comes with
  // kSatisfiable. Thread-safe. Returns whether it was the first verdict.
  bool post(std::string member, Verdict verdict, Model model = {}) {
    if (verdict == Verdict::kUnknown) return false;
    std::lock_guard<std::mutex> lock(mutex_);
    posted_.push_back({std::move(member), verdict});
    if (verdict_.load(std::memory_order_relaxed) != Verdict::kUnknown) return false;
    model_ = std::move(model);
    verdict_.store(verdict, std::memory_order_release);
    return true;
  }
  // The first verdict posted (kUnknown until one is): a cheap load, polled
  // by every solver of the run.
  Verdict verdict() const { return verdict_.load(std::memory_order_acquire); }
  bool decided() const { return verdict() != Verdict::kUnknown; }
  // After kSatisfiable: the first model posted (it no longer changes).
  const Model& model() const { return model_; }
  // Every verdict posted, in order; the first decided the run.
  std::vector<PostedVerdict> posted() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return posted_;
  }
  // Whether some member contradicted the first.
  bool disagreement() const {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const PostedVerdict& posted : posted_)
      if (posted.verdict != posted_.front().verdict) return true;
    return false;
  }

 private:
  mutable std::mutex mutex_;
  std::atomic<Verdict> verdict_{Verdict::kUnknown};
  Model model_;
  std::vector<PostedVerdict> posted_;
};

}  // namespace stacksplit::apps::sat
