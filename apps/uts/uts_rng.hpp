#pragma once
// The splittable random number generator of UTS: a node's state is a SHA-1
// digest, a child's state is the SHA-1 of its parent's state and its index, and
// the node's random value is read off its own digest. Any processor can make
// any subtree from its root's 20 bytes alone, which is what lets a UTS node be
// shipped to another processor as a self-contained piece of work.

#include <array>
#include <cstddef>
#include <cstdint>

namespace stacksplit::apps::uts {

using Sha1Digest = std::array<std::uint8_t, 20>;

// Hashes with a SHA-1 context of its own, made once and reused for every
// digest, with no lookup and no allocation per digest (see uts_rng.cpp). One
// object per thread; a copy gets a context of its own.
class UtsRng {
 public:
  UtsRng();
  UtsRng(const UtsRng& other);
  UtsRng& operator=(const UtsRng& other);
  UtsRng(UtsRng&& other) noexcept;
  UtsRng& operator=(UtsRng&& other) noexcept;
  ~UtsRng();

  // The root's state: SHA-1 of 16 zero bytes and the seed, 4 bytes big-endian.
  Sha1Digest root(std::int32_t seed);
  // Child `index` of `parent`: SHA-1 of the parent's 20 bytes and the index, 4 bytes big-endian.
  Sha1Digest spawn(const Sha1Digest& parent, std::int32_t index);

  // Asks the cache for the context the next digest works in.
  void prefetch() const { __builtin_prefetch(context_); }

 private:
  Sha1Digest digest_of(const std::uint8_t* message, std::size_t size);

  void* context_;  // the SHA-1 provider's own context
};

// The node's random value: bytes 16..19 of its state, big-endian, top bit cleared.
inline std::int32_t uts_rand(const Sha1Digest& state) {
  const std::uint32_t value = (std::uint32_t{state[16]} << 24) | (std::uint32_t{state[17]} << 16) |
                              (std::uint32_t{state[18]} << 8) | std::uint32_t{state[19]};
  return static_cast<std::int32_t>(value & 0x7fffffffu);
}

// A random value as a probability in [0, 1).
inline double uts_to_prob(std::int32_t value) { return static_cast<double>(value) / 2147483648.0; }

}  // namespace stacksplit::apps::uts
