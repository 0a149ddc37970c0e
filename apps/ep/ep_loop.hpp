#pragma once
// NAS EP, the embarrassingly parallel benchmark, as a parallel loop: 2^M
// pairs of uniform numbers from the NAS generator become Gaussian deviates by
// the Marsaglia polar method; the benchmark counts them in square annuli
// (q_l for max(|X|,|Y|) in [l, l+1)) and sums them — Bailey et al., "The NAS
// Parallel Benchmarks", RNR-94-007, §2.3 ("Embarrassingly Parallel"). An
// iteration is one batch of 2^16 pairs, seeded by jumping the generator to
// the batch's start, so any worker can do any batch. Nothing moves with an
// iteration (D = 0); the output is the ten counts and the two sums, checked
// against the NPB's published values.

#include <array>
#include <boost/serialization/array.hpp>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace stacksplit::apps::ep {

struct EpClass {
  char name;
  int m;                      // 2^m pairs
  double sx, sy;              // the published sums
  std::array<std::uint64_t, 10> counts;  // published annulus counts (class S), else 0s
};

// The NPB classes S, W, A, B, C; throws std::invalid_argument naming the known ones.
const EpClass& find_ep_class(std::string_view name);

class EpLoop {
 public:
  static constexpr int kBatchBits = 16;  // MK: 2^16 pairs an iteration

  struct Output {
    double sx = 0, sy = 0;
    std::array<std::uint64_t, 10> q{};
    std::uint64_t batches = 0;
    template <class Archive>
    void serialize(Archive& ar, unsigned) {
      ar & sx;
      ar & sy;
      ar & q;
      ar & batches;
    }
  };

  explicit EpLoop(const EpClass& problem);

  int loop_count() const { return 1; }
  void begin_loop(int /*k*/) { output_ = {}; }
  std::uint64_t iterations() const { return std::uint64_t{1} << (problem_.m - kBatchBits); }
  std::size_t bytes_per_iteration() const { return 0; }
  double cost(std::uint64_t /*i*/) const { return static_cast<double>(1 << kBatchBits); }
  void generate(std::uint64_t, std::uint64_t) {}
  void pack(std::uint64_t, std::uint64_t, std::vector<std::byte>&) const {}
  void unpack(std::uint64_t, std::uint64_t, std::span<const std::byte>) {}
  void run(std::uint64_t first, std::uint64_t count);
  Output take_output() { return std::exchange(output_, Output{}); }
  static void merge(Output& into, Output&& from);
  void between_loops(int, Output&&) {}
  // The sums within the NPB's relative 1e-8, the counts exactly (where published).
  bool matches(const Output& expected, const Output& got) const;
  // Against the published values of the class.
  bool verified(const Output& got) const;
  const EpClass& problem() const { return problem_; }

 private:
  EpClass problem_;
  std::uint64_t jump_;  // a^(2·2^16): one batch of the generator
  std::vector<double> uniforms_;
  Output output_;
};

}  // namespace stacksplit::apps::ep
