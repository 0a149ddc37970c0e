#pragma once
// What most loop kernels write the same way (core/loop/loop_kernel.hpp has
// the contract): one loop nest, no data moving with the iterations, and an
// output collected in `output_` and taken after the loop. A kernel derives
// from LoopKernelDefaults<Output> and declares only what it does otherwise
// (its own member hides the default): TRFD its two nests, MXM the rows of X
// that move with their iterations.

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace stacksplit::core {

template <class OutputType>
class LoopKernelDefaults {
 public:
  using Output = OutputType;

  int loop_count() const { return 1; }
  void begin_loop(int /*k*/) { output_ = Output{}; }
  std::size_t bytes_per_iteration() const { return 0; }
  void generate(std::uint64_t /*first*/, std::uint64_t /*count*/) {}
  void pack(std::uint64_t, std::uint64_t, std::vector<std::byte>& /*out*/) const {}
  void unpack(std::uint64_t, std::uint64_t, std::span<const std::byte> /*in*/) {}
  Output take_output() { return std::exchange(output_, Output{}); }
  // For an Output that merges itself (core/loop/indexed_values.hpp).
  static void merge(Output& into, Output&& from) { into.merge(std::move(from)); }
  void between_loops(int /*k*/, Output&& /*merged*/) {}

 protected:
  Output output_;
};

}  // namespace stacksplit::core
