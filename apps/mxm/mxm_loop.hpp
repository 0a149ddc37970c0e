#pragma once
// MXM as Zaki, Parthasarathy & Li run it ("Customized Dynamic Load
// Balancing", §1.5.2): Z = X·Y with X of n×r, Y of r×m replicated on every
// processor, the loop over the rows of X: iteration i computes row i of Z
// (r·m multiply-adds), and row i of X (r doubles) moves with it. A uniform
// loop. The inputs are made from their indices, so every processor makes the
// same ones; the output is the rows of Z a processor computed.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/loop/indexed_values.hpp"
#include "core/loop/loop_kernel_defaults.hpp"

namespace stacksplit::apps::mxm {

struct MxmOptions {
  std::uint64_t n = 400;  // rows of X and Z: the iterations
  std::uint64_t r = 400;  // columns of X, rows of Y
  std::uint64_t m = 400;  // columns of Y and Z
};

// Output: the rows of Z computed here (m values a row).
class MxmLoop : public core::LoopKernelDefaults<core::IndexedValues<double>> {
 public:
  // Throws std::invalid_argument naming the size out of range.
  explicit MxmLoop(const MxmOptions& options);

  std::uint64_t iterations() const { return options_.n; }
  std::size_t bytes_per_iteration() const { return options_.r * sizeof(double); }
  double cost(std::uint64_t /*i*/) const { return static_cast<double>(options_.r * options_.m); }
  void generate(std::uint64_t first, std::uint64_t count);
  void pack(std::uint64_t first, std::uint64_t count, std::vector<std::byte>& out) const;
  void unpack(std::uint64_t first, std::uint64_t count, std::span<const std::byte> in);
  void run(std::uint64_t first, std::uint64_t count);
  // Every row once, each bit for bit.
  bool matches(const Output& expected, const Output& got) const {
    return Output::same(expected, got, options_.n, options_.m);
  }

 private:
  MxmOptions options_;
  std::vector<double> x_;  // n×r, only the rows held here are valid (others 0)
  std::vector<double> y_;  // r×m, everywhere
};

}  // namespace stacksplit::apps::mxm
