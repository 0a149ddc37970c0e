#include "apps/proof_check/drat_checker.hpp"

#include <algorithm>
#include <cassert>
#include <limits>
#include <stdexcept>
#include <utility>

namespace stacksplit::apps::proof_check {

namespace {

// splitmix64's finalizer: a literal's share of its clause's hash.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

std::uint32_t code_of(Literal literal) {
  return literal > 0 ? 2u * static_cast<std::uint32_t>(literal)
                     : 2u * static_cast<std::uint32_t>(-literal) + 1u;
}

constexpr std::size_t kFirstBuckets = 1 << 10;

}  // namespace

DratChecker::DratChecker(std::int32_t num_variables, std::uint64_t min_garbage)
    : buckets_(kFirstBuckets), min_garbage_(min_garbage) {
  grow_to(num_variables);
}

void DratChecker::grow_to(std::int32_t variable) {
  assert(variable >= 0 && variable <= kMaxVariable);
  if (variable <= num_variables_ && !values_.empty()) return;
  // Extension variables of a proof come a few at a time: grow by half at least.
  std::int64_t wanted = std::max<std::int64_t>(variable, num_variables_ + num_variables_ / 2);
  num_variables_ = static_cast<std::int32_t>(std::min<std::int64_t>(wanted, kMaxVariable));
  const std::size_t codes = 2 * (static_cast<std::size_t>(num_variables_) + 1);
  values_.resize(codes, 0);
  watches_.resize(codes);
  marks_.resize(codes, 0);
  if (occurrences_built_) occurrences_.resize(codes);
  trail_.reserve(static_cast<std::size_t>(num_variables_) + 1);
}

bool DratChecker::normalize(std::span<const Literal> clause) {
  normalized_.clear();
  bool tautology = false;
  for (Literal literal : clause) {
    const std::int32_t variable = literal < 0 ? -literal : literal;
    if (variable > num_variables_) grow_to(variable);
    const Code code = code_of(literal);
    if (marks_[code]) continue;
    if (marks_[code ^ 1]) tautology = true;
    marks_[code] = 1;
    normalized_.push_back(code);
  }
  for (Code code : normalized_) marks_[code] = 0;
  return !tautology;
}

std::uint32_t DratChecker::hash_of(std::span<const Code> codes) {
  // A sum: the same for the literals in any order.
  std::uint64_t sum = 0;
  for (Code code : codes) sum += mix(code);
  return static_cast<std::uint32_t>(sum ^ (sum >> 32));
}

DratChecker::ClauseRef DratChecker::store(std::span<const Code> codes) {
  const std::uint64_t words = kHeader + codes.size();
  if (arena_.size() + words >= std::numeric_limits<ClauseRef>::max())
    throw std::length_error("the proof's live clauses exceed 2^32 literals");
  const auto ref = static_cast<ClauseRef>(arena_.size());
  arena_.push_back(static_cast<std::uint32_t>(codes.size()));
  arena_.push_back(hash_of(codes));
  arena_.insert(arena_.end(), codes.begin(), codes.end());
  live_words_ += words;
  index(ref);
  if (occurrences_built_) {
    for (Code code : codes) occurrences_[code].push_back(ref);
  }
  return ref;
}

void DratChecker::attach(ClauseRef ref) {
  Code* literals = literals_of(ref);
  const std::uint32_t size = size_of(ref);
  if (size == 1) {
    if (values_[literals[0]] == 0) {
      assign(literals[0]);
      if (!propagate()) inconsistent_ = true;
    } else if (values_[literals[0]] < 0) {
      inconsistent_ = true;
    }
    return;
  }
  // The two best literals watched: true before unassigned before false.
  for (std::uint32_t position = 0; position < 2; ++position) {
    std::uint32_t best = position;
    for (std::uint32_t k = position + 1; k < size; ++k) {
      if (values_[literals[k]] > values_[literals[best]]) best = k;
    }
    std::swap(literals[position], literals[best]);
  }
  watches_[literals[0]].push_back({ref, literals[1]});
  watches_[literals[1]].push_back({ref, literals[0]});
  const int first = values_[literals[0]];
  const int second = values_[literals[1]];
  if (first < 0) {
    inconsistent_ = true;  // every literal false
  } else if (first == 0 && second < 0) {
    assign(literals[0]);
    if (!propagate()) inconsistent_ = true;
  }
  // Otherwise one literal is true at the top level for good, or two are free.
}

void DratChecker::add_checked(std::span<const Code> codes) {
  if (codes.empty()) {
    inconsistent_ = true;
    return;
  }
  attach(store(codes));
}

void DratChecker::add_formula_clause(std::span<const Literal> clause) {
  if (!normalize(clause) || inconsistent_) return;
  add_checked(normalized_);
}

void DratChecker::backtrack(std::size_t level) {
  for (std::size_t i = trail_.size(); i > level; --i) {
    const Code literal = trail_[i - 1];
    values_[literal] = 0;
    values_[literal ^ 1] = 0;
  }
  trail_.resize(level);
  propagated_ = std::min(propagated_, level);
}

bool DratChecker::propagate() {
  while (propagated_ < trail_.size()) {
    const Code falsified = trail_[propagated_++] ^ 1;
    ++propagations_;
    std::vector<Watch>& watching = watches_[falsified];
    Watch* read = watching.data();
    Watch* write = read;
    Watch* const end = read + watching.size();
    while (read != end) {
      const Watch watch = *read++;
      if (values_[watch.blocker] > 0) {
        *write++ = watch;
        continue;
      }
      if (deleted(watch.clause)) continue;  // dropped from the list here, lazily
      Code* literals = literals_of(watch.clause);
      const std::uint32_t size = size_of(watch.clause);
      if (literals[0] == falsified) std::swap(literals[0], literals[1]);
      const Code other = literals[0];
      if (other != watch.blocker && values_[other] > 0) {
        *write++ = {watch.clause, other};
        continue;
      }
      bool moved = false;
      for (std::uint32_t k = 2; k < size; ++k) {
        if (values_[literals[k]] >= 0) {
          literals[1] = literals[k];
          literals[k] = falsified;
          watches_[literals[1]].push_back({watch.clause, other});
          moved = true;
          break;
        }
      }
      if (moved) continue;
      *write++ = {watch.clause, other};
      if (values_[other] < 0) {
        while (read != end) *write++ = *read++;
        watching.resize(static_cast<std::size_t>(write - watching.data()));
        return false;
      }
      assign(other);
    }
    watching.resize(static_cast<std::size_t>(write - watching.data()));
  }
  return true;
}

bool DratChecker::refutes_negation(std::span<const Code> codes) {
  for (Code code : codes) {
    if (values_[code] > 0) return true;
    if (values_[code] == 0) assign(code ^ 1);
  }
  return !propagate();
}

void DratChecker::build_occurrences() {
  occurrences_.assign(values_.size(), {});
  for (ClauseRef ref = 0; ref < arena_.size(); ref += kHeader + size_of(ref)) {
    if (deleted(ref)) continue;
    const Code* literals = literals_of(ref);
    for (std::uint32_t k = 0; k < size_of(ref); ++k) occurrences_[literals[k]].push_back(ref);
  }
  occurrences_built_ = true;
}

bool DratChecker::resolvents_refuted(std::span<const Code> codes) {
  if (!occurrences_built_) build_occurrences();
  const Code negated_pivot = codes[0] ^ 1;
  std::vector<ClauseRef>& candidates = occurrences_[negated_pivot];
  std::erase_if(candidates, [this](ClauseRef ref) { return deleted(ref); });
  for (ClauseRef ref : candidates) {
    const std::size_t level = trail_.size();
    bool conflict = false;
    const Code* literals = literals_of(ref);
    const std::uint32_t size = size_of(ref);
    for (std::uint32_t k = 0; k < size && !conflict; ++k) {
      const Code literal = literals[k];
      if (literal == negated_pivot || values_[literal] < 0) continue;
      // True already: asserting its negation is a conflict (or the resolvent
      // is a tautology, its negation being a literal of the lemma).
      if (values_[literal] > 0)
        conflict = true;
      else
        assign(literal ^ 1);
    }
    if (!conflict) conflict = !propagate();
    backtrack(level);
    if (!conflict) return false;
  }
  return true;
}

DratChecker::Verdict DratChecker::add_lemma(std::span<const Literal> lemma) {
  if (!normalize(lemma)) return Verdict::kTautology;
  if (inconsistent_) return Verdict::kRup;
  const std::size_t top = trail_.size();
  Verdict verdict = Verdict::kFailed;
  if (refutes_negation(normalized_)) {
    verdict = Verdict::kRup;
  } else if (!normalized_.empty() && resolvents_refuted(normalized_)) {
    verdict = Verdict::kRat;
  }
  backtrack(top);
  if (verdict != Verdict::kFailed) add_checked(normalized_);
  return verdict;
}

bool DratChecker::find(std::uint32_t hash, ClauseRef& found) {
  for (Code code : normalized_) marks_[code] = 1;
  bool matched = false;
  for (ClauseRef ref : buckets_[hash & (buckets_.size() - 1)]) {
    if (arena_[ref + 1] != hash || size_of(ref) != normalized_.size()) continue;
    const Code* literals = literals_of(ref);
    matched = std::all_of(literals, literals + size_of(ref), [this](Code c) { return marks_[c]; });
    if (matched) {
      found = ref;
      break;
    }
  }
  for (Code code : normalized_) marks_[code] = 0;
  return matched;
}

void DratChecker::index(ClauseRef ref) {
  if (indexed_ + 1 > buckets_.size()) rehash(2 * buckets_.size());
  buckets_[arena_[ref + 1] & (buckets_.size() - 1)].push_back(ref);
  ++indexed_;
}

void DratChecker::unindex(ClauseRef ref) {
  std::vector<ClauseRef>& bucket = buckets_[arena_[ref + 1] & (buckets_.size() - 1)];
  auto at = std::find(bucket.begin(), bucket.end(), ref);
  assert(at != bucket.end());
  *at = bucket.back();
  bucket.pop_back();
  --indexed_;
}

void DratChecker::rehash(std::size_t buckets) {
  std::vector<std::vector<ClauseRef>> old = std::move(buckets_);
  buckets_.assign(buckets, {});
  for (const std::vector<ClauseRef>& bucket : old) {
    for (ClauseRef ref : bucket) buckets_[arena_[ref + 1] & (buckets - 1)].push_back(ref);
  }
}

bool DratChecker::unit_at_top_level(ClauseRef ref) {
  const Code* literals = literals_of(ref);
  std::uint32_t true_literals = 0;
  for (std::uint32_t k = 0; k < size_of(ref); ++k) {
    if (values_[literals[k]] == 0) return false;
    true_literals += values_[literals[k]] > 0;
  }
  return true_literals == 1;
}

DratChecker::Deletion DratChecker::delete_clause(std::span<const Literal> clause) {
  if (!normalize(clause)) return Deletion::kTautology;
  ClauseRef ref = 0;
  if (normalized_.empty() || !find(hash_of(normalized_), ref)) return Deletion::kMissing;
  if (!inconsistent_ && unit_at_top_level(ref)) return Deletion::kIgnoredUnit;
  unindex(ref);
  arena_[ref] |= kDeletedBit;  // its watches go when propagation next meets them
  const std::uint64_t words = kHeader + size_of(ref);
  live_words_ -= words;
  dead_words_ += words;
  if (dead_words_ > live_words_ && dead_words_ >= min_garbage_) collect_garbage();
  return Deletion::kDeleted;
}

void DratChecker::collect_garbage() {
  ++collections_;
  std::vector<Code> live;
  live.reserve(live_words_);
  for (ClauseRef ref = 0; ref < arena_.size(); ref += kHeader + size_of(ref)) {
    if (!deleted(ref))
      live.insert(live.end(), arena_.begin() + ref, arena_.begin() + ref + kHeader + size_of(ref));
  }
  arena_ = std::move(live);
  dead_words_ = 0;
  // The watched literals of a clause are its first two, so its watches can be
  // made again from the clause alone; blockers start as the other watch.
  for (std::vector<Watch>& watching : watches_) watching.clear();
  for (std::vector<ClauseRef>& bucket : buckets_) bucket.clear();
  indexed_ = 0;
  occurrences_.clear();
  occurrences_built_ = false;
  for (ClauseRef ref = 0; ref < arena_.size(); ref += kHeader + size_of(ref)) {
    const Code* literals = literals_of(ref);
    if (size_of(ref) >= 2) {
      watches_[literals[0]].push_back({ref, literals[1]});
      watches_[literals[1]].push_back({ref, literals[0]});
    }
    index(ref);
  }
}

}  // namespace stacksplit::apps::proof_check
