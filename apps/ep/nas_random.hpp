#pragma once
// The NAS Parallel Benchmarks' linear congruential generator: x_{k+1} = a·x_k
// mod 2^46 with a = 5^13, each x_k/2^46 a uniform number in (0, 1) — Bailey
// et al., "The NAS Parallel Benchmarks", RNR-94-007, 1994, §2.3 (randlc and
// vranlc). The reference code does this in double arithmetic split into
// 23-bit halves; the 128-bit product here gives the same numbers exactly.

#include <cstdint>

namespace stacksplit::apps::ep {

inline constexpr std::uint64_t kNasMultiplier = 1220703125;  // 5^13
inline constexpr std::uint64_t kNasMask = (std::uint64_t{1} << 46) - 1;
inline constexpr double kTwoToMinus46 = 1.0 / 70368744177664.0;

// x ← a·x mod 2^46.
inline std::uint64_t nas_next(std::uint64_t x, std::uint64_t a) {
  __extension__ using Uint128 = unsigned __int128;
  return static_cast<std::uint64_t>(static_cast<Uint128>(a) * x) & kNasMask;
}

// a^e mod 2^46: the multiplier that jumps e steps ahead.
inline std::uint64_t nas_power(std::uint64_t a, std::uint64_t e) {
  std::uint64_t result = 1;
  for (; e > 0; e >>= 1, a = nas_next(a, a))
    if (e & 1) result = nas_next(result, a);
  return result;
}

}  // namespace stacksplit::apps::ep
