#include "apps/synthetic/synthetic_loop.hpp"

#include <cmath>

#include "core/loop/iteration_pool.hpp"
#include "core/registry.hpp"

namespace stacksplit::apps::synthetic {

namespace {

std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  return x ^ (x >> 33);
}

// The loop engine's limit (run_loop refuses larger loops the same way).
constexpr std::uint64_t kMaxIterations = core::IterationPool::kMaxPositions;
constexpr std::uint64_t kMaxWork = std::uint64_t{1} << 32;
constexpr std::size_t kMaxData = std::size_t{1} << 20;

}  // namespace

const core::Registry<Profile>& profile_registry() {
  static const core::Registry<Profile> registry = [] {
    core::Registry<Profile> r("profile");
    r.add({"uniform", "", "every iteration costs 1", Profile::kUniform});
    r.add({"increasing", "", "cost rising linearly with i (a triangle)", Profile::kIncreasing});
    r.add({"decreasing", "", "cost falling linearly with i", Profile::kDecreasing});
    r.add({"random", "", "cost drawn from [0, 2) by the seed", Profile::kRandom});
    r.add({"bimodal", "", "one iteration in ten costs 5.5, the others 0.5", Profile::kBimodal});
    return r;
  }();
  return registry;
}

Profile parse_profile(std::string_view name) { return profile_registry().at(name).payload; }

std::string_view to_string(Profile profile) {
  for (const auto& entry : profile_registry().entries())
    if (entry.payload == profile) return entry.name;
  return "unknown";
}

SyntheticLoop::SyntheticLoop(const SyntheticOptions& options) : options_(options) {
  if (options.iterations == 0 || options.iterations > kMaxIterations)
    throw std::invalid_argument("--n must be between 1 and 2^32 - 1 (got " +
                                std::to_string(options.iterations) + ")");
  if (options.work > kMaxWork)
    throw std::invalid_argument("--work must be at most 2^32 rounds (got " +
                                std::to_string(options.work) + ")");
  if (options.data > kMaxData || options.data * options.iterations > (std::uint64_t{1} << 32))
    throw std::invalid_argument("--data: " + std::to_string(options.data) + " bytes × " +
                                std::to_string(options.iterations) +
                                " iterations is more than 4 GiB");
  data_.resize(options.data * options.iterations);
}

// Each profile has mean 1 over the loop.
double SyntheticLoop::cost(std::uint64_t i) const {
  const double n = static_cast<double>(options_.iterations);
  const double x = static_cast<double>(i);
  switch (options_.profile) {
    case Profile::kUniform:
      return 1;
    case Profile::kIncreasing:
      return (2 * x + 1) / n;
    case Profile::kDecreasing:
      return (2 * (n - x) - 1) / n;
    case Profile::kRandom:
      return 2.0 * static_cast<double>(mix(i ^ options_.seed) >> 11) / 0x1p53;
    case Profile::kBimodal:
      return mix(i ^ (options_.seed << 1)) % 10 == 0 ? 5.5 : 0.5;
  }
  return 1;
}

std::uint64_t SyntheticLoop::rounds(std::uint64_t i) const {
  return static_cast<std::uint64_t>(std::llround(cost(i) * static_cast<double>(options_.work)));
}

void SyntheticLoop::generate(std::uint64_t first, std::uint64_t count) {
  for (std::uint64_t i = first; i < first + count; ++i)
    for (std::size_t b = 0; b < options_.data; ++b)
      data_[i * options_.data + b] = static_cast<std::byte>(mix(i * 131 + b) | 1);
}

void SyntheticLoop::pack(std::uint64_t first, std::uint64_t count,
                         std::vector<std::byte>& out) const {
  const std::byte* begin = data_.data() + first * options_.data;
  out.insert(out.end(), begin, begin + count * options_.data);
}

void SyntheticLoop::unpack(std::uint64_t first, std::uint64_t count,
                           std::span<const std::byte> in) {
  if (in.size() != count * options_.data) throw std::logic_error("synthetic: wrong data size");
  if (!in.empty()) std::memcpy(data_.data() + first * options_.data, in.data(), in.size());
}

void SyntheticLoop::run(std::uint64_t first, std::uint64_t count) {
  for (std::uint64_t i = first; i < first + count; ++i) {
    std::uint64_t x = i + options_.seed;
    for (std::uint64_t r = rounds(i); r > 0; --r) x = mix(x);
    // The data the iteration reads: zero where it never came.
    for (std::size_t b = 0; b < options_.data; ++b)
      x += static_cast<std::uint64_t>(data_[i * options_.data + b]) << (b % 56);
    output_.sum += x;
    ++output_.iterations;
  }
}

}  // namespace stacksplit::apps::synthetic
