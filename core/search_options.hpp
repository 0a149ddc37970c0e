#pragma once
// How a search runs: what it looks for and how a stack is split. One table of
// the engine's tunables, with their defaults.

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "core/registry.hpp"

namespace stacksplit::core {

enum class SearchMode : std::uint8_t {
  kCount,     // exhaustive: nodes, leaves, solutions
  kFirst,     // every worker stops soon after the first solution anywhere
  kOptimize,  // branch and bound: the best objective, with a shared incumbent
};

enum class SplitStrategy : std::uint8_t {
  kHalf,    // alternate the untried alternatives across all levels
  kBottom,  // give the alternatives nearest the root
};

inline constexpr std::uint32_t kNoCutoff = std::numeric_limits<std::uint32_t>::max();
// "Whatever the application suggests" (see SearchSpace::default_serial_depth).
inline constexpr std::uint32_t kApplicationDefault = kNoCutoff - 1;
inline constexpr int kNoWorker = -1;

struct SplitPolicy {
  SplitStrategy strategy = SplitStrategy::kHalf;
  // Nodes deeper than this are never given away (the root has depth 0).
  std::uint32_t cutoff_depth = kNoCutoff;
  // Granularity: a node this deep is expanded whole by the application's own
  // count_subtree (where it offers one), so it is never split. First mode
  // turns it off: the engine must see each solution.
  std::uint32_t serial_depth = kApplicationDefault;
};

struct SearchOptions {
  SearchMode mode = SearchMode::kCount;
  SplitPolicy split;
  // Node expansions between two looks at the mailbox.
  std::uint32_t quantum = 256;
  std::uint64_t seed = 1;
  // A worker that stands aside (kNoWorker: none). It hands every node it
  // holds to the next worker (worker 0: the root's children) and expands no
  // other, asking for no work: its process's core is kept for something
  // besides the search (the SAT race under mpirun, on rank 0).
  int aside_worker = kNoWorker;
};

// The names as the command line and run records spell them (--mode, --split),
// with what each means: help, errors and `stacksplit list options` read these.
const Registry<SearchMode>& search_mode_registry();
const Registry<SplitStrategy>& split_strategy_registry();

// Parsing throws std::invalid_argument naming the known names.
std::string_view to_string(SearchMode mode);
std::string_view to_string(SplitStrategy strategy);
SearchMode parse_search_mode(std::string_view name);
SplitStrategy parse_split_strategy(std::string_view name);

}  // namespace stacksplit::core
