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

#include "core/loop/loop_kernel_defaults.hpp"
#include "core/registry.hpp"

namespace stacksplit::apps::ep {

struct EpClass {
  char name;
  int m;                                 // 2^m pairs
  double sx, sy;                         // the published sums
  std::array<std::uint64_t, 10> counts;  // published annulus counts (class S), else 0s
};

// The NPB classes S, W, A, B, C by name (--class).
const core::Registry<const EpClass*>& ep_class_registry();
// Throws std::invalid_argument naming the known ones.
const EpClass& find_ep_class(std::string_view name);

// The two sums, the ten annulus counts, and the batches done.
struct EpOutput {
  double sx = 0, sy = 0;
  std::array<std::uint64_t, 10> q{};
  std::uint64_t batches = 0;
  void merge(EpOutput&& from);
  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar& sx;
    ar& sy;
    ar& q;
    ar& batches;
  }
};

class EpLoop : public core::LoopKernelDefaults<EpOutput> {
 public:
  static constexpr int kBatchBits = 16;  // MK: 2^16 pairs an iteration

  explicit EpLoop(const EpClass& problem);

  std::uint64_t iterations() const { return std::uint64_t{1} << (problem_.m - kBatchBits); }
  double cost(std::uint64_t /*i*/) const { return static_cast<double>(1 << kBatchBits); }
  void run(std::uint64_t first, std::uint64_t count);
  // The sums within the NPB's relative 1e-8, the counts exactly (where published).
  bool matches(const Output& expected, const Output& got) const;
  // Against the published values of the class.
  bool verified(const Output& got) const;
  const EpClass& problem() const { return problem_; }

 private:
  EpClass problem_;
  std::uint64_t jump_;  // a^(2·2^16): one batch of the generator
  std::vector<double> uniforms_;
};

}  // namespace stacksplit::apps::ep
