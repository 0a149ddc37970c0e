#pragma once
// AC, the adjoint convolution Zaki, Parthasarathy & Li balance ("Customized
// Dynamic Load Balancing", §1.5.4): two vectors of N = n² elements,
// z_i = Σ_{j=0}^{N−1−i} x_j · y_{i+j}; iteration i does N − i multiply-adds, a
// triangular loop, and no data moves with it (D = 0: both vectors are on
// every processor).

#include <cstdint>
#include <vector>

#include "core/loop/indexed_values.hpp"
#include "core/loop/loop_kernel_defaults.hpp"

namespace stacksplit::apps::ac {

// Output: the z_i computed here.
class AcLoop : public core::LoopKernelDefaults<core::IndexedValues<double>> {
 public:
  // n in 1..4096 (N = n² up to 2^24); throws std::invalid_argument otherwise.
  explicit AcLoop(std::uint64_t n);

  std::uint64_t iterations() const { return size_; }
  double cost(std::uint64_t i) const { return static_cast<double>(size_ - i); }
  void run(std::uint64_t first, std::uint64_t count);
  bool matches(const Output& expected, const Output& got) const {
    return Output::same(expected, got, size_, 1);
  }

 private:
  std::uint64_t size_;  // N = n²
  std::vector<double> x_, y_;
};

}  // namespace stacksplit::apps::ac
