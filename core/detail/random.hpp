#pragma once
// The seeded generator every random decision goes through, so a run is
// reproducible from its seed on every runtime.

#include <cstdint>

namespace stacksplit::core {

__extension__ typedef unsigned __int128 Uint128;  // a GNU extension -Wpedantic accepts this way

// SplitMix64: tiny state, good equidistribution, identical on every platform.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  // Uniform in [0, bound) by multiply-high (Lemire), without modulo bias worth
  // caring about for bounds far below 2^64.
  std::uint64_t below(std::uint64_t bound) {
    return static_cast<std::uint64_t>((static_cast<Uint128>(next()) * bound) >> 64);
  }

  // A generator for stream `index` derived from `seed` (one per worker).
  static Random stream(std::uint64_t seed, std::uint64_t index) {
    Random mixer(seed ^ (index * 0xd1b54a32d192ed03ULL));
    return Random(mixer.next());
  }

 private:
  std::uint64_t state_;
};

}  // namespace stacksplit::core
