#pragma once
// A loop kernel in a few lines: iteration i computes the sum of the first
// i+1 squares, so iteration i costs i+1 (a triangular loop). Its output is a
// value per iteration; LoopKernelDefaults supplies the rest of the contract.

#include <cstdint>

#include "core/loop/indexed_values.hpp"
#include "core/loop/loop_kernel_defaults.hpp"

namespace examples {

using stacksplit::core::IndexedValues;
using stacksplit::core::LoopKernelDefaults;

class SquaresKernel : public LoopKernelDefaults<IndexedValues<double>> {
 public:
  explicit SquaresKernel(std::uint64_t n) : n_(n) {}

  std::uint64_t iterations() const { return n_; }
  double cost(std::uint64_t i) const { return static_cast<double>(i + 1); }
  void run(std::uint64_t first, std::uint64_t count) {
    for (std::uint64_t i = first; i < first + count; ++i) {
      double sum = 0;
      for (std::uint64_t j = 0; j <= i; ++j) sum += static_cast<double>(j * j);
      *output_.append(i, 1) = sum;
    }
  }
  bool matches(const Output& expected, const Output& got) const {
    return Output::same(expected, got, n_, 1);
  }

 private:
  std::uint64_t n_;
};

}  // namespace examples
