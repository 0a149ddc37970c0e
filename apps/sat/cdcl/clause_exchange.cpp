#include "apps/sat/cdcl/clause_exchange.hpp"

#include <algorithm>

namespace stacksplit::apps::sat {

namespace {
constexpr std::int32_t kModelFoundRecord = -1;
}  // namespace

std::uint64_t ClauseExchange::fingerprint(std::span<const Literal> clause) {
  sorted_.assign(clause.begin(), clause.end());
  std::sort(sorted_.begin(), sorted_.end());
  // FNV-1a over the literals, then a final mix (splitmix64's).
  std::uint64_t hash = 1469598103934665603ULL ^ sorted_.size();
  for (Literal l : sorted_) {
    hash ^= static_cast<std::uint32_t>(l);
    hash *= 1099511628211ULL;
  }
  hash ^= hash >> 30;
  hash *= 0xbf58476d1ce4e5b9ULL;
  hash ^= hash >> 27;
  hash *= 0x94d049bb133111ebULL;
  return hash ^ (hash >> 31);
}

bool ClauseExchange::first_sighting(std::span<const Literal> clause) {
  if (seen_.insert(fingerprint(clause)).second) return true;
  ++statistics_.dropped_duplicates;
  return false;
}

void ClauseExchange::offer(std::span<const Literal> clause, double seconds) {
  if (clause.empty()) {
    offer_refutation();
    return;
  }
  if (clause.size() > options_.max_size) return;
  const bool short_clause = clause.size() <= 2;
  if (!short_clause && literals_spent_ + static_cast<double>(clause.size()) >
                           options_.literals_per_second * seconds) {
    ++statistics_.dropped_budget;
    return;
  }
  if (!first_sighting(clause)) return;
  if (!short_clause) literals_spent_ += static_cast<double>(clause.size());
  outgoing_.push_back(static_cast<std::int32_t>(clause.size()));
  outgoing_.insert(outgoing_.end(), clause.begin(), clause.end());
  ++statistics_.exported;
}

bool ClauseExchange::take_batch(std::vector<std::int32_t>& words) {
  last_batch_was_verdict_ = (refuted_ && !refutation_sent_) || (model_found_ && !model_found_sent_);
  if (refuted_ && !refutation_sent_) {
    refutation_sent_ = true;
    outgoing_.clear();  // the proof makes every clause moot
    words.push_back(0);
    return true;
  }
  if (model_found_ && !model_found_sent_) {
    model_found_sent_ = true;
    outgoing_.clear();
    words.push_back(kModelFoundRecord);
    return true;
  }
  if (outgoing_.empty()) return false;
  words.swap(outgoing_);
  outgoing_.clear();
  return true;
}

void ClauseExchange::receive(std::span<const std::int32_t> words) {
  std::size_t at = 0;
  while (at < words.size()) {
    const std::int32_t size = words[at++];
    if (size == kModelFoundRecord) {
      model_found_received_ = true;
      continue;
    }
    if (size < 0 || static_cast<std::size_t>(size) > words.size() - at) return;
    const std::span<const Literal> clause = words.subspan(at, static_cast<std::size_t>(size));
    at += static_cast<std::size_t>(size);
    if (size == 0) {
      refutation_received_ = true;
      continue;
    }
    const bool in_range = std::all_of(clause.begin(), clause.end(), [this](Literal l) {
      return l != 0 && l >= -num_variables_ && l <= num_variables_;
    });
    if (!in_range) return;
    ++statistics_.received;
    if (!first_sighting(clause)) continue;
    pending_.push_back(size);
    pending_.insert(pending_.end(), clause.begin(), clause.end());
  }
}

}  // namespace stacksplit::apps::sat
