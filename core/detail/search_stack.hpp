#pragma once
// The engine's depth-first stack of choice points, and stack splitting.
//
// Level i holds the children of the node at depth base_depth_ + i, as a range
// [next, end) of untried alternatives in one flat buffer; the choice taken at a
// level that is not the top sits just before `next`. The buffer and the level
// vector keep their capacity, so the hot loop allocates nothing once warm.

#include <cassert>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "core/detail/work_unit.hpp"
#include "core/flat_buffer.hpp"
#include "core/search_options.hpp"
#include "core/search_space.hpp"
#include "core/split_request.hpp"
#include "core/worker_statistics.hpp"

namespace stacksplit::core {

// The work of replaying received paths, in the application's cost units
// (node_cost(), 1 per node without it; the root's re-entry included). It is
// real work on the receiver, so the simulator charges it, but it is overhead:
// it is kept out of node_cost, of which the simulated T1 is made.
inline void add_replay_cost(WorkerStatistics& stats, std::uint64_t cost) {
  stats.replay_cost = saturating_add(stats.replay_cost, cost);
}

template <SearchSpace S>
class SearchStack {
 public:
  using Choice = typename S::Choice;
  static constexpr bool kReplay = !has_self_contained_choices<S>();
  static_assert(!kReplay || ReplayableSearchSpace<S>,
                "an application without self-contained choices needs ascend()");
  static constexpr bool kCopiesState = has_copyable_state<S>();
  static_assert(!kCopiesState || !OptimizingSearchSpace<S>,
                "kCopyableState is not for a space with optimize mode");

  SearchStack(S& space, SplitPolicy policy)
      : space_(space), policy_(policy), serial_depth_(resolve_serial_depth(space, policy)) {}

  // True while some untried alternative is left. Exhausted levels are popped
  // at the end of every expand(), so the top level is never empty here.
  bool has_work() const { return !levels_.empty(); }

  // Untried alternatives on the whole stack.
  std::uint64_t untried() const {
    std::uint64_t total = 0;
    for (const Level& level : levels_) total += level.end - level.next;
    return total;
  }

  // Untried alternatives level by level, the root's level first (for tests
  // and diagnostics).
  std::vector<std::uint32_t> untried_per_level() const {
    std::vector<std::uint32_t> counts;
    for (const Level& level : levels_) counts.push_back(level.end - level.next);
    return counts;
  }

  std::uint32_t base_depth() const { return base_depth_; }

  // Asks the cache for what the next expand() reads first: the top level and
  // its next alternative.
  void prefetch() const {
    const std::uint32_t count = levels_.size();
    if (count == 0) return;
    const Level& top = levels_[count - 1];
    __builtin_prefetch(&top);
    __builtin_prefetch(buffer_.begin() + top.next);
  }

  std::uint32_t depth() const { return base_depth_ + static_cast<std::uint32_t>(levels_.size()); }
  // Nodes this deep are counted whole (kNoCutoff: the space counts no subtree).
  std::uint32_t serial_depth() const {
    if constexpr (CountsSubtrees<S>) return serial_depth_;
    return kNoCutoff;
  }

  // An empty stack gives its storage back: a simulator keeps a stack per
  // processor, most of them idle at any time. Not for the hot path (the next
  // piece of work grows the buffers again).
  void release_storage() {
    assert(!has_work());
    clear();
    levels_.release();
    buffer_.release();
    std::vector<Choice>().swap(base_path_);
  }

  void clear() {
    levels_.clear();
    buffer_.clear();
    base_path_.clear();
    base_depth_ = 0;
    generated_ = false;
  }

  // From now on expand() stops right after it lays out a level of new
  // alternatives at `depth` or shallower, so that a scheme placing new nodes
  // (randomized allocation) sees them before they are explored. 0: never.
  void watch_generated(std::uint32_t depth) { watch_depth_ = depth; }
  std::uint32_t watched_depth() const { return watch_depth_; }

  // How many alternatives the level that made expand() stop holds (0 if it
  // did not stop for one); they sit at depth(). Clears the report.
  std::uint32_t take_generated() {
    if (!generated_) return 0;
    generated_ = false;
    return levels_.back().end - levels_.back().next;
  }

  // Enters the root and counts it. Returns its outcome (a solution root is
  // reported to the caller the same way expand() reports one).
  Outcome start_at_root(WorkerStatistics& stats) {
    clear();
    Outcome outcome = space_.reset();
    ++stats.nodes;
    stats.node_cost += node_cost_of(space_);
    if (outcome != Outcome::kDeadEnd && prunes(outcome)) {
      ++stats.leaves;
      ++stats.pruned;
      return Outcome::kDeadEnd;
    }
    record_leaf_or_children(outcome, stats);
    return outcome;
  }

  // ---- Optimize mode (branch and bound) ----

  using BetterObjective = void (*)(void* owner, std::int64_t value);

  // From now on every node entered is checked against the incumbent: a
  // better objective is reported to `better(owner, value)`, a node whose
  // bound cannot beat the incumbent is pruned.
  void optimize(BetterObjective better, void* owner) {
    better_ = better;
    better_owner_ = owner;
  }
  std::int64_t incumbent() const { return incumbent_; }
  // A better value found elsewhere.
  void raise_incumbent(std::int64_t value) {
    incumbent_ = value;
    if constexpr (requires { space_.set_incumbent(value); }) space_.set_incumbent(value);
  }

  // Expands up to `budget` nodes. `on_solution()` is called at each solution;
  // when it returns false the expansion stops at once and the stack is
  // abandoned (cleared). Returns the number of nodes expanded.
  // Not inlined into the worker's turn: alone, the loop keeps its counters in
  // registers (inlined, they were spilled to the stack at every node).
  template <class OnSolution>
  [[gnu::noinline]] std::uint64_t expand(std::uint64_t budget, WorkerStatistics& stats,
                                         OnSolution&& on_solution) {
    if (levels_.empty()) return 0;
    // The space itself, or a copy in this frame (search_space.hpp,
    // kCopyableState) that goes back before anyone else may look at it: a
    // solution, the way out.
    std::conditional_t<kCopiesState, S, S&> space = space_;
    // The loop works on locals, so they stay in registers; they go back to
    // the members on the way out. The top level's cursor and end are locals
    // too (a node costs no load or store of its level), and `end` is also
    // the buffer's size in use; a level's slot is written only when a deeper
    // one is laid over it. The fewer locals live across the loop the fewer
    // are spilled (a spilled one is a load at every node): the level count
    // is the top's address, the quantum counts down, and the choice buffer's
    // start and end of room come back from the sink (a member would be
    // loaded again after every call the compiler cannot see through).
    std::uint64_t remaining = budget, leaves = 0, dead_ends = 0, cost = 0;
    std::uint64_t past_budget = 0;  // a subtree counted whole may end the quantum past it
    std::uint32_t max_depth = stats.max_depth;
    Level* bottom = levels_.data();
    Level* top = bottom + levels_.size() - 1;
    Level* last_slot = bottom + levels_.capacity() - 1;
    Choice* choices = buffer_.data();
    Choice* choices_limit = choices + buffer_.capacity();
    std::uint32_t next = top->next;
    std::uint32_t end = top->end;
    std::uint32_t child_depth = base_depth_ + levels_.size();  // of the top level's alternatives
    bool keep_going = true;
    while (remaining != 0) {
      if (next == end) {
        // Leave the node whose children this level held.
        if (top == bottom) {
          top = nullptr;
          end = 0;
          break;
        }
        --top;
        next = top->next;
        end = top->end;
        --child_depth;
        if constexpr (kReplay) space.ascend();
        continue;
      }
      // By reference: descend copies what it needs; nothing moves the buffer here.
      const Outcome outcome = space.descend(choices[next++]);
      --remaining;
      if constexpr (ReportsLongNodes<S>) {
        if (space.node_was_long()) remaining = 0;  // the quantum ends with this node
      }
      [[maybe_unused]] std::uint64_t child_cost = 1;
      if constexpr (ReportsNodeCost<S>) {
        child_cost = space.node_cost();
        cost += child_cost;
      }
      if (child_depth > max_depth) max_depth = child_depth;
      if constexpr (OptimizingSearchSpace<S>) {
        if (outcome != Outcome::kDeadEnd && better_ != nullptr && prunes(outcome)) [[unlikely]] {
          ++leaves;
          ++stats.pruned;
          if constexpr (kReplay) space.ascend();
          continue;
        }
      }
      if (outcome == Outcome::kOpen) {
        if constexpr (CountsSubtrees<S>) {
          if (child_depth >= serial_depth_) {
            SubtreeCounts below;
            space.count_subtree(below);
            // The child itself is already counted; the rest counts towards
            // the quantum too.
            const std::uint64_t below_nodes = below.nodes - 1;
            if (below_nodes < remaining) {
              remaining -= below_nodes;
            } else {
              past_budget += below_nodes - remaining;
              remaining = 0;
            }
            if constexpr (ReportsNodeCost<S>) {
              assert(below.cost >= child_cost && "count_subtree leaves out the node's own cost");
              cost += below.cost - child_cost;
            }
            leaves += below.leaves;
            dead_ends += below.dead_ends;
            stats.solutions = saturating_add(stats.solutions, below.solutions);
            if (child_depth + below.max_depth > max_depth)
              max_depth = child_depth + below.max_depth;
            if constexpr (kReplay) space.ascend();
            continue;
          }
        }
        ChoiceSink<Choice> sink(buffer_, choices, end, choices_limit);
        space.choices(sink);
        const std::uint32_t written = sink.written_end();
        choices = sink.base();
        choices_limit = sink.limit();
        if (written != end) {
          if (top == last_slot) [[unlikely]] {
            const auto count = static_cast<std::uint32_t>(top - bottom) + 1;
            levels_.set_size(count);
            levels_.reserve(count * 2 + 16);
            bottom = levels_.data();
            top = bottom + count - 1;
            last_slot = bottom + levels_.capacity() - 1;
          }
          *top = Level{next, end};
          ++top;
          next = end;
          end = written;
          // One predictable branch per inner node; never taken unless watched.
          if (child_depth++ < watch_depth_) [[unlikely]] {
            generated_ = true;
            break;
          }
          continue;
        }
        ++leaves;
      } else {
        ++leaves;
        if (outcome == Outcome::kDeadEnd) {
          ++dead_ends;
        } else {
          stats.solutions = saturating_add(stats.solutions, solution_weight_of(space));
          if constexpr (kCopiesState) space_ = space;  // the worker may look at it
          keep_going = on_solution();
        }
      }
      if constexpr (kReplay) space.ascend();
      if (!keep_going) break;
    }
    if constexpr (kCopiesState) space_ = space;
    const std::uint64_t nodes = budget - remaining + past_budget;
    // Without node_cost() a node costs 1, a counted subtree its node count.
    if constexpr (!ReportsNodeCost<S>) cost = nodes;
    stats.nodes += nodes;
    stats.leaves += leaves;
    stats.dead_ends += dead_ends;
    stats.node_cost += cost;
    stats.max_depth = max_depth;
    if (keep_going) {
      if (top != nullptr) *top = Level{next, end};
      levels_.set_size(top == nullptr ? 0 : static_cast<std::uint32_t>(top - bottom) + 1);
      buffer_.set_size(end);
      pop_exhausted_levels();
    } else {
      clear();
    }
    return nodes;
  }

  // Splits off part of the untried alternatives, following the policy. The
  // donor keeps at least one; nothing is returned when the stack holds fewer
  // than two untried alternatives or none above the cutoff.
  std::optional<WorkUnit<Choice>> split() {
    std::uint64_t total = 0, eligible = 0;
    for (std::uint32_t i = 0; i < levels_.size(); ++i) {
      const std::uint32_t n = levels_[i].end - levels_[i].next;
      total += n;
      if (is_eligible(i)) eligible += n;
    }
    if (total < 2 || eligible == 0) return std::nullopt;

    Cut cut;
    if (policy_.strategy == SplitStrategy::kHalf) {
      // Alternate across all eligible alternatives, nearest the root first, so
      // each side gets about half at every level.
      bool give = true;
      for (std::size_t i = 0; i < levels_.size() && is_eligible(i); ++i) {
        cut_level(cut, i, [&] {
          bool g = give;
          give = !give;
          return g;
        });
      }
    } else {
      // All alternatives of the lowest eligible non-empty level; if that would
      // take the donor's last one, the donor keeps the one it would try next.
      for (std::size_t i = 0; i < levels_.size() && is_eligible(i); ++i) {
        const std::uint32_t n = levels_[i].end - levels_[i].next;
        if (n == 0) continue;
        const bool keep_one = (n == total);
        std::uint32_t seen = 0;
        cut_level(cut, i, [&] { return !(keep_one && seen++ == 0); });
        break;
      }
    }
    return finish_cut(cut);
  }

  // Splits off what a scheme asks for (see SplitRequest), within the policy's
  // cutoff. Nothing is returned when no alternative fits.
  std::optional<WorkUnit<Choice>> split(const SplitRequest& request) {
    std::uint64_t budget = request.max_nodes;
    if (request.donor_keeps_one) {
      const std::uint64_t total = untried();
      if (total < 2) return std::nullopt;
      if (budget > total - 1) budget = total - 1;
    }
    Cut cut;
    for (std::size_t i = 0; i < levels_.size() && budget > 0 && is_eligible(i); ++i) {
      const std::uint32_t depth = base_depth_ + static_cast<std::uint32_t>(i) + 1;
      if (depth < request.min_depth) continue;
      if (depth > request.max_depth) break;
      const std::uint32_t n = levels_[i].end - levels_[i].next;
      const auto given = static_cast<std::uint32_t>(n < budget ? n : budget);
      if (given == 0) continue;
      budget -= given;
      std::uint32_t seen = 0;
      cut_level(cut, i, [&] { return seen++ >= n - given; });
    }
    if (cut.unit.alternatives.empty()) return std::nullopt;
    return finish_cut(cut);
  }

  // Takes a received unit as this stack's whole content: replays the path
  // (calling choices() at every replayed node so the application sees the same
  // sequence of calls as on the donor), then lays out the levels.
  void load(const WorkUnit<Choice>& unit, WorkerStatistics& stats) {
    clear();
    base_depth_ = unit.base_depth;
    const std::size_t level_count = unit.level_sizes.size();
    if constexpr (kReplay) {
      if (unit.path.size() + 1 != unit.base_depth + level_count)
        throw std::logic_error("work unit path does not match its levels");
      expect_open(space_.reset());
      // Re-entering the root is replay work too (DPLL propagates the units).
      add_replay_cost(stats, node_cost_of(space_));
      for (std::uint32_t d = 0; d < unit.base_depth; ++d) {
        replay_choices();
        replay_descend(unit.path[d], stats);
      }
      base_path_.assign(unit.path.begin(), unit.path.begin() + unit.base_depth);
    }
    std::size_t offset = 0;
    for (std::size_t k = 0; k < level_count; ++k) {
      const bool deepest = (k + 1 == level_count);
      if constexpr (kReplay) {
        replay_choices();
        if (!deepest) buffer_.push_back(unit.path[unit.base_depth + k]);
      }
      const std::uint32_t next = buffer_.size();
      buffer_.append(unit.alternatives.data() + offset,
                     unit.alternatives.data() + offset + unit.level_sizes[k]);
      offset += unit.level_sizes[k];
      levels_.push_back(Level{next, buffer_.size()});
      if constexpr (kReplay) {
        if (!deepest) replay_descend(unit.path[unit.base_depth + k], stats);
      }
    }
    pop_exhausted_levels();
  }

 private:
  struct Level {
    std::uint32_t next;  // first untried alternative in buffer_
    std::uint32_t end;   // one past the last
  };

  // A work unit being cut off the stack, and the levels it draws from.
  struct Cut {
    WorkUnit<Choice> unit;
    std::size_t first = static_cast<std::size_t>(-1);
    std::size_t last = 0;
  };

  // Moves the alternatives of level i for which take() is true into the cut,
  // keeping the others in order.
  template <class Take>
  void cut_level(Cut& cut, std::size_t i, Take&& take) {
    Level& level = levels_[i];
    std::uint32_t kept = level.next;
    std::uint32_t given = 0;
    for (std::uint32_t k = level.next; k < level.end; ++k) {
      if (take()) {
        cut.unit.alternatives.push_back(buffer_[k]);
        ++given;
      } else {
        buffer_[kept++] = buffer_[k];
      }
    }
    level.end = kept;
    if (given == 0) return;
    if (cut.unit.alternatives.size() == given) cut.first = i;
    cut.last = i;
    cut.unit.level_sizes.resize(i - cut.first + 1, 0);
    cut.unit.level_sizes[i - cut.first] = given;
  }

  // Gives the cut its depth and path, and tidies the stack after it.
  WorkUnit<Choice> finish_cut(Cut& cut) {
    assert(!cut.unit.alternatives.empty());
    cut.unit.base_depth = base_depth_ + static_cast<std::uint32_t>(cut.first);
    if constexpr (kReplay) {
      // The path from the root to the node of the deepest given level.
      cut.unit.path.reserve(base_depth_ + cut.last);
      cut.unit.path = base_path_;
      for (std::size_t i = 0; i < cut.last; ++i)
        cut.unit.path.push_back(buffer_[levels_[i].next - 1]);
    }
    // The top level may have shrunk; keep the buffer's end at its end.
    buffer_.set_size(levels_.back().end);
    pop_exhausted_levels();
    return std::move(cut.unit);
  }

  // Optimize mode at a node entered with `outcome` (open or a solution):
  // takes its objective if better, and says whether its bound prunes it.
  bool prunes(Outcome outcome) {
    if constexpr (OptimizingSearchSpace<S>) {
      if (better_ == nullptr) return false;
      const std::int64_t value = space_.objective();
      if (value > incumbent_) {
        raise_incumbent(value);
        better_(better_owner_, value);
      }
      return outcome == Outcome::kOpen && space_.bound() <= incumbent_;
    } else {
      (void)outcome;
      return false;
    }
  }

  static std::uint32_t resolve_serial_depth(const S& space, const SplitPolicy& policy) {
    if (policy.serial_depth != kApplicationDefault) return policy.serial_depth;
    if constexpr (requires {
                    { space.default_serial_depth() } -> std::convertible_to<std::uint32_t>;
                  }) {
      return space.default_serial_depth();
    } else {
      return kNoCutoff;
    }
  }

  bool is_eligible(std::size_t level_index) const {
    // Alternatives of level i sit at depth base_depth_ + i + 1.
    return base_depth_ + level_index + 1 <= policy_.cutoff_depth;
  }

  void record_leaf_or_children(Outcome outcome, WorkerStatistics& stats) {
    if (outcome == Outcome::kOpen) {
      ChoiceSink<Choice> sink(buffer_);
      space_.choices(sink);
      buffer_.set_size(sink.written_end());
      if (!buffer_.empty()) {
        levels_.push_back(Level{0, buffer_.size()});
        return;
      }
    }
    ++stats.leaves;
    if (outcome == Outcome::kDeadEnd) ++stats.dead_ends;
    if (outcome == Outcome::kSolution)
      stats.solutions = saturating_add(stats.solutions, solution_weight_of(space_));
  }

  // Leaves the node whose children the top level held.
  void pop_level() {
    levels_.pop_back();
    if (levels_.empty()) {
      buffer_.clear();
      return;
    }
    buffer_.set_size(levels_.back().end);
    if constexpr (kReplay) space_.ascend();
  }

  void pop_exhausted_levels() {
    while (!levels_.empty() && levels_.back().next == levels_.back().end) pop_level();
  }

  void replay_choices() {
    // The sink writes past the end; leaving the size alone discards it.
    ChoiceSink<Choice> sink(buffer_);
    space_.choices(sink);
  }

  void replay_descend(const Choice& choice, WorkerStatistics& stats) {
    if constexpr (HasReplayDescend<S>) {
      expect_open(space_.replay_descend(choice));
    } else {
      expect_open(space_.descend(choice));
    }
    ++stats.replayed;  // not a new node: `nodes` stays as it is
    add_replay_cost(stats, node_cost_of(space_));
  }

  static void expect_open(Outcome outcome) {
    // The donor went below this node, so it cannot be a leaf here unless the
    // application's tree depends on who explores it.
    if (outcome != Outcome::kOpen)
      throw std::logic_error(
          "replaying a work unit reached a closed node: the application is "
          "not deterministic");
  }

  S& space_;
  SplitPolicy policy_;
  std::uint32_t serial_depth_;
  FlatBuffer<Level> levels_;
  FlatBuffer<Choice> buffer_;
  std::vector<Choice> base_path_;  // replay: root to the node of level 0
  std::uint32_t base_depth_ = 0;
  std::uint32_t watch_depth_ = 0;  // see watch_generated()
  bool generated_ = false;
  std::int64_t incumbent_ = kNoObjective;  // optimize mode: the best objective known
  BetterObjective better_ = nullptr;       // non-null in optimize mode
  void* better_owner_ = nullptr;
};

}  // namespace stacksplit::core
