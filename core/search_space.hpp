#pragma once
// The contract between the engine and a search application (docs/design.md,
// "The application contract").
//
// An application is a *mutable state* positioned at one node of its tree. The
// engine owns the depth-first stack; the application only moves its state:
//
//   Outcome reset();                 // go to the root; report what the root is
//   void choices(ChoiceSink<C>& out);// list the branches at the current node, in
//                                    // the order they should be tried
//   Outcome descend(const C& c);     // enter a child
//   void ascend();                   // undo the last descend
//
// `Choice` must be trivially copyable and default-constructible: it is copied
// into the engine's flat buffer and into work units, and travels between
// processes as raw bytes (no serialization code).
//
// Optional members, detected at compile time:
//   static constexpr bool kSelfContainedChoices = true;
//       A choice carries the whole child state (UTS: the child node itself), so
//       a receiver of work needs no replay of the path and `ascend` is never
//       called (it need not exist).
//   static constexpr bool kCopyableState = true;
//       The space is a small value (a few hundred bytes), trivially copyable,
//       with no pointer into itself: the engine then runs each quantum on a
//       copy in its own frame, which the compiler can keep in registers (no
//       store into the choice buffer can touch a copy whose address never
//       escapes; N-Queens keeps its row there), and copies it back before a
//       solution is reported and at the end of the quantum. Not for a space
//       with optimize mode (the incumbent reaches the space mid-quantum).
//   uint64_t solution_weight() const;
//       How many solutions the solution just reported stands for (model counting:
//       2^free variables). Defaults to 1.
//   using Solution = ...;  Solution solution() const;
//       A description of the solution just reported (or, in optimize mode, of
//       the current node), kept by `first` and `optimize` mode and printed by
//       the front end. Under MPI it travels to rank 0, so it must be
//       serializable with Boost.Serialization (std::vector of numbers is).
//   void count_subtree(SubtreeCounts& counts);
//   uint32_t default_serial_depth() const;
//       Granularity control: count the whole subtree of the current node by
//       the application's own recursion, exactly as the engine would count it
//       (the node itself included). The engine uses it for nodes at or below
//       the serial depth; such a subtree is never split. An application with
//       node_cost() also adds up the costs of the subtree's nodes in
//       `counts.cost` (the node itself included); without node_cost() a
//       subtree costs its node count and `counts.cost` is ignored.
//   Outcome replay_descend(const Choice& choice);
//       descend() for a node on a received path, which the donor entered and
//       found open. A space whose verdict on a node depends on its own history
//       (cube-and-conquer's adaptive cutoff) re-enters it as open here instead
//       of deciding it again. Defaults to descend().
//   bool node_was_long() const;
//       Whether the last descend was long (cube-and-conquer: a cube decided by
//       CDCL, seconds where a node is microseconds). Such a node ends the
//       worker's quantum, so that a thief waits for one node, not for a
//       quantum of them. Defaults to false.
//   void watch_mail(MailWatch mail_waiting);
//       Given once, before the search: mail_waiting() says whether an urgent
//       message for this worker waits (false where the runtime cannot tell
//       cheaply): a stop, the end, or knowledge its sender marked urgent
//       (shared_is_urgent below). A space whose node can run for seconds (a
//       CDCL call) may end it early then, so that the worker hears the end
//       at once, and no other message cuts a node short. Call it only from
//       the worker's own thread.
//   uint64_t node_cost() const;
//       The work the last descend (or reset) did, in application units (DPLL:
//       propagations); used by the simulated machine's cost model, for
//       expanded and for replayed nodes alike. Defaults to 1.
//   bool take_shared(std::vector<std::int32_t>& words);
//   void receive_shared(std::span<const std::int32_t> words);
//       Knowledge one worker's space shares with every other (a CDCL
//       solver's short learned clauses). After every quantum the engine asks
//       for it (`words` comes empty; true: send it) and sends it to every
//       other worker as one message, counted in bytes like any other, so the
//       simulator charges it and MPI carries it; a receiver's space gets it
//       between quanta. The engine never reads the words. One message per
//       other worker: meant for a few workers per search, not thousands.
//   bool shared_is_urgent() const;
//       Whether what take_shared gave last should end a receiver's long node
//       (a verdict, where learned clauses can wait for the node's end).
//       Defaults to false.
//   static constexpr std::array<CounterInfo, N> kCounters = {...};
//   void read_counters(std::span<std::uint64_t> values) const;
//       Counters the application keeps (at most kMaxAppCounters), cumulative
//       since the space was made; the engine reads them after every quantum
//       and reduces them with its own statistics on every runtime.
//
// Optimize mode (branch and bound, maximizing; a minimizing application
// negates its objective) needs two more members:
//   std::int64_t objective() const;
//       The current node's value as a solution, or kNoObjective if it is not
//       a feasible solution. Asked at every node entered with kOpen or
//       kSolution; a value above the incumbent becomes the incumbent, and
//       solution() is kept with it.
//   std::int64_t bound() const;
//       An upper bound on objective() over the current node's whole subtree,
//       the node included; asked after kOpen. A node whose bound is not above
//       the incumbent is pruned: choices() is not called.
// and may have
//   void set_incumbent(std::int64_t best);
//       The best value known anywhere (found here or broadcast by another
//       worker; it only grows). choices() may leave out children that cannot
//       beat it, but must list the others in an order that does not depend on
//       it, since a receiver replays paths by position.

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <functional>
#include <limits>
#include <span>
#include <stdexcept>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/flat_buffer.hpp"

namespace stacksplit::core {

// What entering a node found.
enum class Outcome : std::uint8_t {
  kOpen,      // an inner node or a leaf: ask choices() to know which
  kDeadEnd,   // a conflict: nothing below, not a solution
  kSolution,  // a solution; the engine does not look below it
};

// Where an application writes the branches of the current node. The engine
// hands out a sink over its own flat buffer: a push is a compare and a store,
// with no allocation once the buffer is warm. A sink over a std::vector (for
// tests and the reference search) takes the plain push_back path.
template <class Choice>
class ChoiceSink {
 public:
  explicit ChoiceSink(std::vector<Choice>& vector) : vector_(&vector) {}
  explicit ChoiceSink(FlatBuffer<Choice>& buffer) : ChoiceSink(buffer, buffer.size()) {}
  // Writes after the first `used` values, whatever the buffer's recorded size.
  ChoiceSink(FlatBuffer<Choice>& buffer, std::uint32_t used)
      : ChoiceSink(buffer, buffer.data(), used, buffer.data() + buffer.capacity()) {}
  // The engine's hot loop: the buffer's start and end of room as it last saw
  // them (kept in registers), taken back with base() and limit() afterwards.
  ChoiceSink(FlatBuffer<Choice>& buffer, Choice* base, std::uint32_t used, Choice* limit)
      : cursor_(base + used), limit_(limit), base_(base), buffer_(&buffer) {}

  void push(const Choice& choice) {
    if (cursor_ != limit_) [[likely]] {
      *cursor_++ = choice;
    } else {
      const Room room = push_slowly(buffer_, vector_, cursor_ - base_, choice);
      cursor_ = room.cursor;
      limit_ = room.limit;
      base_ = room.base;
    }
  }

  // Engine side: the buffer's new size once the application is done.
  std::uint32_t written_end() const { return static_cast<std::uint32_t>(cursor_ - base_); }
  Choice* base() const { return base_; }
  Choice* limit() const { return limit_; }

 private:
  struct Room {
    Choice* cursor;
    Choice* limit;
    Choice* base;
  };

  // The first room: about 256 bytes (64 small choices, 9 UTS nodes), since
  // the simulator keeps a stack per processor and most hold little.
  static constexpr std::uint32_t kFirstRoom =
      sizeof(Choice) >= 64 ? 4 : static_cast<std::uint32_t>(256 / sizeof(Choice));

  // Static, with the sink's fields by value: the sink's address never
  // escapes, so an inlined choices() keeps its cursor in a register.
  [[gnu::noinline]] static Room push_slowly(FlatBuffer<Choice>* buffer, std::vector<Choice>* vector,
                                            std::ptrdiff_t used, Choice choice) {
    if (vector != nullptr) {
      vector->push_back(choice);
      return Room{nullptr, nullptr, nullptr};
    }
    // The engine keeps offsets into the buffer in 32 bits: the capacity grows
    // to 2^32 - 1 choices and stops there with an error, never wrapping round
    // (which would write past the buffer).
    constexpr std::uint64_t kMost = std::numeric_limits<std::uint32_t>::max();
    if (buffer->capacity() == kMost)
      throw std::length_error(
          "a search stack holds at most 2^32 - 1 untried choices; this search is too wide or "
          "too deep for one processor's stack");
    buffer->reserve(static_cast<std::uint32_t>(
        std::min<std::uint64_t>(std::uint64_t{buffer->capacity()} * 2 + kFirstRoom, kMost)));
    Choice* cursor = buffer->data() + used;
    *cursor++ = choice;
    return Room{cursor, buffer->data() + buffer->capacity(), buffer->data()};
  }

  Choice* cursor_ = nullptr;
  Choice* limit_ = nullptr;
  Choice* base_ = nullptr;
  FlatBuffer<Choice>* buffer_ = nullptr;
  std::vector<Choice>* vector_ = nullptr;
};

// What count_subtree adds up; max_depth is relative to the subtree's root.
struct SubtreeCounts {
  std::uint64_t nodes = 0;
  std::uint64_t leaves = 0;
  std::uint64_t solutions = 0;
  std::uint64_t dead_ends = 0;
  std::uint64_t cost = 0;  // the nodes' node_cost(), summed; only if the application has one
  std::uint32_t max_depth = 0;
};

template <class S>
concept SearchSpace = std::is_trivially_copyable_v<typename S::Choice> &&
    std::default_initializable<typename S::Choice> &&
    requires(S space, const typename S::Choice& choice, ChoiceSink<typename S::Choice>& sink) {
  { space.reset() } -> std::same_as<Outcome>;
  { space.choices(sink) } -> std::same_as<void>;
  { space.descend(choice) } -> std::same_as<Outcome>;
};

template <class S>
constexpr bool has_self_contained_choices() {
  if constexpr (requires { S::kSelfContainedChoices; }) {
    return S::kSelfContainedChoices;
  } else {
    return false;
  }
}

template <class S>
constexpr bool has_copyable_state() {
  if constexpr (requires { S::kCopyableState; }) {
    static_assert(!S::kCopyableState || std::is_trivially_copyable_v<S>,
                  "kCopyableState: the space must be trivially copyable");
    return S::kCopyableState;
  } else {
    return false;
  }
}

template <class S>
concept ReplayableSearchSpace = SearchSpace<S> && requires(S space) {
  space.ascend();
};

template <class S>
concept HasReplayDescend = requires(S space, const typename S::Choice& choice) {
  { space.replay_descend(choice) } -> std::same_as<Outcome>;
};

template <class S>
concept ReportsLongNodes = requires(const S& space) {
  { space.node_was_long() } -> std::convertible_to<bool>;
};

// Whether a message for the worker waits in its mailbox (see watch_mail).
using MailWatch = std::function<bool()>;

template <class S>
concept WatchesMail = requires(S space, MailWatch watch) {
  space.watch_mail(std::move(watch));
};

template <class S>
concept HasSolution = requires(const S& space) {
  typename S::Solution;
  { space.solution() } -> std::convertible_to<typename S::Solution>;
};

// A run's solution type: the space's Solution, or std::monostate if it has none.
template <class S>
struct SolutionOf {
  using type = std::monostate;
};
template <HasSolution S>
struct SolutionOf<S> {
  using type = typename S::Solution;
};

template <class S>
std::uint64_t solution_weight_of(const S& space) {
  if constexpr (requires {
                  { space.solution_weight() } -> std::convertible_to<std::uint64_t>;
                }) {
    return space.solution_weight();
  } else {
    return 1;
  }
}

template <class S>
concept CountsSubtrees = requires(S space, SubtreeCounts& counts) {
  { space.count_subtree(counts) } -> std::same_as<void>;
};

template <class S>
concept SharesKnowledge = requires(S space, std::vector<std::int32_t>& out,
                                   std::span<const std::int32_t> in) {
  { space.take_shared(out) } -> std::convertible_to<bool>;
  space.receive_shared(in);
};

template <class S>
bool shared_is_urgent(const S& space) {
  if constexpr (requires {
                  { space.shared_is_urgent() } -> std::convertible_to<bool>;
                }) {
    return space.shared_is_urgent();
  } else {
    return false;
  }
}

template <class S>
concept ReportsNodeCost = requires(const S& space) {
  { space.node_cost() } -> std::convertible_to<std::uint64_t>;
};

// An application counter: its name in summaries and records, and what it counts.
struct CounterInfo {
  std::string_view name;
  std::string_view meaning;
};

template <class S>
concept HasCounters = requires(const S& space, std::span<std::uint64_t> values) {
  { S::kCounters.size() } -> std::convertible_to<std::size_t>;
  { S::kCounters[0] } -> std::convertible_to<CounterInfo>;
  space.read_counters(values);
};

// The application's counters by name, empty without any.
template <class S>
std::vector<std::string_view> counter_names() {
  std::vector<std::string_view> names;
  if constexpr (HasCounters<S>)
    for (const CounterInfo& info : S::kCounters) names.push_back(info.name);
  return names;
}

inline constexpr std::int64_t kNoObjective = std::numeric_limits<std::int64_t>::min();

template <class S>
concept OptimizingSearchSpace = SearchSpace<S> && requires(const S& space) {
  { space.objective() } -> std::convertible_to<std::int64_t>;
  { space.bound() } -> std::convertible_to<std::int64_t>;
};

template <class S>
std::uint64_t node_cost_of(const S& space) {
  if constexpr (ReportsNodeCost<S>) {
    return space.node_cost();
  } else {
    return 1;
  }
}

}  // namespace stacksplit::core
