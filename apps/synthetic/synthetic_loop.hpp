#pragma once
// A parallel loop made to study the strategies themselves: n iterations whose
// cost follows a chosen profile (uniform, increasing, decreasing, random,
// bimodal; each with mean 1), a body that does cost(i)·work rounds of an
// integer mix, and optionally `data` bytes per iteration that move with it.
// The output is order-independent (a wrapping sum of the iterations' results
// and of the data they read), so it is the same bit for bit whoever runs what.

#include <boost/serialization/vector.hpp>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/loop/loop_kernel_defaults.hpp"
#include "core/registry.hpp"

namespace stacksplit::apps::synthetic {

enum class Profile : std::uint8_t { kUniform, kIncreasing, kDecreasing, kRandom, kBimodal };

// --profile's names, with what each means.
const core::Registry<Profile>& profile_registry();
Profile parse_profile(std::string_view name);
std::string_view to_string(Profile profile);

struct SyntheticOptions {
  std::uint64_t iterations = 10000;
  Profile profile = Profile::kUniform;
  std::uint64_t work = 1000;  // mix rounds of an iteration of cost 1
  std::size_t data = 0;       // bytes that move with an iteration
  std::uint64_t seed = 1;
};

struct SyntheticOutput {
  std::uint64_t sum = 0;         // of every iteration's result, wrapping
  std::uint64_t iterations = 0;  // how many ran (a double shows)
  bool operator==(const SyntheticOutput&) const = default;
  void merge(SyntheticOutput&& from) {
    sum += from.sum;
    iterations += from.iterations;
  }
  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar& sum;
    ar& iterations;
  }
};

class SyntheticLoop : public core::LoopKernelDefaults<SyntheticOutput> {
 public:
  // Throws std::invalid_argument naming the option out of range.
  explicit SyntheticLoop(const SyntheticOptions& options);

  std::uint64_t iterations() const { return options_.iterations; }
  std::size_t bytes_per_iteration() const { return options_.data; }
  double cost(std::uint64_t i) const;

  void generate(std::uint64_t first, std::uint64_t count);
  void pack(std::uint64_t first, std::uint64_t count, std::vector<std::byte>& out) const;
  void unpack(std::uint64_t first, std::uint64_t count, std::span<const std::byte> in);
  void run(std::uint64_t first, std::uint64_t count);
  bool matches(const Output& expected, const Output& got) const { return expected == got; }

 private:
  std::uint64_t rounds(std::uint64_t i) const;

  SyntheticOptions options_;
  std::vector<std::byte> data_;  // data·n bytes, where they are held
};

}  // namespace stacksplit::apps::synthetic
