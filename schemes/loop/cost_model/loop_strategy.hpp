#pragma once
// The loop strategies the cost model can predict, by their `--scheme` names.

#include <array>
#include <optional>
#include <string_view>

namespace stacksplit::schemes::loop::cost_model {

enum class LoopStrategy {
  kStaticBlock,     // equal blocks, no balancing (the chapter's "no DLB")
  kSs,              // self-scheduling, fixed chunk
  kGss,             // guided self-scheduling
  kTss,             // trapezoid self-scheduling
  kFac2,            // factoring
  kAwf,             // adaptive weighted factoring
  kSharedIterator,  // fetch-and-add counter, fixed chunk
  kProfiled,        // Sakae et al.: measure, re-partition once
  kGcdlb,           // Zaki et al.: global centralized
  kGddlb,           // global distributed
  kLcdlb,           // local centralized
  kLddlb,           // local distributed
};

inline constexpr std::array<LoopStrategy, 12> kLoopStrategies = {LoopStrategy::kStaticBlock,
                                                                 LoopStrategy::kSs,
                                                                 LoopStrategy::kGss,
                                                                 LoopStrategy::kTss,
                                                                 LoopStrategy::kFac2,
                                                                 LoopStrategy::kAwf,
                                                                 LoopStrategy::kSharedIterator,
                                                                 LoopStrategy::kProfiled,
                                                                 LoopStrategy::kGcdlb,
                                                                 LoopStrategy::kGddlb,
                                                                 LoopStrategy::kLcdlb,
                                                                 LoopStrategy::kLddlb};

inline constexpr std::array<LoopStrategy, 4> kZakiStrategies = {
    LoopStrategy::kGcdlb, LoopStrategy::kGddlb, LoopStrategy::kLcdlb, LoopStrategy::kLddlb};

constexpr std::string_view strategy_name(LoopStrategy strategy) {
  switch (strategy) {
    case LoopStrategy::kStaticBlock:
      return "static-block";
    case LoopStrategy::kSs:
      return "ss";
    case LoopStrategy::kGss:
      return "gss";
    case LoopStrategy::kTss:
      return "tss";
    case LoopStrategy::kFac2:
      return "fac2";
    case LoopStrategy::kAwf:
      return "awf";
    case LoopStrategy::kSharedIterator:
      return "shared-iterator";
    case LoopStrategy::kProfiled:
      return "profiled";
    case LoopStrategy::kGcdlb:
      return "gcdlb";
    case LoopStrategy::kGddlb:
      return "gddlb";
    case LoopStrategy::kLcdlb:
      return "lcdlb";
    case LoopStrategy::kLddlb:
      return "lddlb";
  }
  return "?";
}

constexpr std::optional<LoopStrategy> strategy_from_name(std::string_view name) {
  for (LoopStrategy s : kLoopStrategies) {
    if (strategy_name(s) == name) return s;
  }
  return std::nullopt;
}

// The chapter's two axes.
constexpr bool is_local(LoopStrategy s) {
  return s == LoopStrategy::kLcdlb || s == LoopStrategy::kLddlb;
}
constexpr bool is_centralized(LoopStrategy s) {
  return s == LoopStrategy::kGcdlb || s == LoopStrategy::kLcdlb;
}
constexpr bool is_zaki_strategy(LoopStrategy s) {
  return s == LoopStrategy::kGcdlb || s == LoopStrategy::kGddlb || is_local(s);
}
// A central queue handing out chunks (chunk_scheduling_model.hpp).
constexpr bool is_chunk_scheduler(LoopStrategy s) {
  return s == LoopStrategy::kSs || s == LoopStrategy::kGss || s == LoopStrategy::kTss ||
         s == LoopStrategy::kFac2 || s == LoopStrategy::kAwf || s == LoopStrategy::kSharedIterator;
}

}  // namespace stacksplit::schemes::loop::cost_model
