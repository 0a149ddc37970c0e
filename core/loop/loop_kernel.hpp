#pragma once
// The contract between the loop engine and a loop application (docs/design.md,
// "The loop family"). A loop program is one or more loop nests run one after
// the other (TRFD has two); each worker holds its own kernel, made from a
// prototype, and the engine moves work between workers as iteration sets
// (core/loop/iteration_set.hpp) with the data that goes with them.
//
//   using Output = ...;  what a worker computed: default-constructible and
//                        Boost-serializable (it is gathered at rank 0)
//   int loop_count() const;                 loop nests, run one after the other
//   void begin_loop(int k);                 every worker, before loop k
//   std::uint64_t iterations() const;       N of the current loop
//   std::size_t bytes_per_iteration() const;  D: the data that moves with an
//                                           iteration (0: none)
//   double cost(std::uint64_t i) const;     modelled work of iteration i in the
//                                           app's units; the simulator charges
//                                           cost × t_unit; O(1)
//   void generate(std::uint64_t first, std::uint64_t count);
//                                           loop 0: make the input data of these
//                                           iterations here (the initial share)
//   void pack(std::uint64_t first, std::uint64_t count, std::vector<std::byte>& out) const;
//                                           append their data (they leave)
//   void unpack(std::uint64_t first, std::uint64_t count, std::span<const std::byte> in);
//                                           their data arrives (D·count bytes)
//   void run(std::uint64_t first, std::uint64_t count);
//                                           execute them; no allocation
//   Output take_output();                   after a loop: what this worker computed
//                                           in it (then forgotten)
//   static void merge(Output& into, Output&& from);   associative and
//                                           commutative, with Output{} as identity
//   void between_loops(int k, Output&& merged);       rank 0, after loop k when
//                                           another follows: the sequential step;
//                                           rank 0 then holds every iteration's data
//   bool matches(const Output& expected, const Output& got) const;
//                                           the result check (bit for bit where
//                                           the body is deterministic)
//
// A kernel that derives from LoopKernelDefaults<Output>
// (core/loop/loop_kernel_defaults.hpp) writes only iterations, cost, run and
// matches, and what it does otherwise: more than one nest, data that moves.

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace stacksplit::core {

template <class K>
concept LoopKernel = std::copy_constructible<K> && std::default_initializable<typename K::Output> &&
    requires(K kernel, const K& view, std::uint64_t i, std::vector<std::byte>& out,
             std::span<const std::byte> in, typename K::Output output) {
  { view.loop_count() } -> std::convertible_to<int>;
  kernel.begin_loop(0);
  { view.iterations() } -> std::convertible_to<std::uint64_t>;
  { view.bytes_per_iteration() } -> std::convertible_to<std::size_t>;
  { view.cost(i) } -> std::convertible_to<double>;
  kernel.generate(i, i);
  view.pack(i, i, out);
  kernel.unpack(i, i, in);
  kernel.run(i, i);
  { kernel.take_output() } -> std::same_as<typename K::Output>;
  K::merge(output, std::move(output));
  kernel.between_loops(0, std::move(output));
  { view.matches(output, output) } -> std::convertible_to<bool>;
};

// The reference the tests compare every strategy and runtime against: every
// loop run whole on one kernel, with the sequential steps between them.
template <LoopKernel K>
typename K::Output run_loops_sequentially(K kernel) {
  typename K::Output output;
  for (int k = 0; k < kernel.loop_count(); ++k) {
    kernel.begin_loop(k);
    if (k == 0) kernel.generate(0, kernel.iterations());
    kernel.run(0, kernel.iterations());
    output = kernel.take_output();
    if (k + 1 < kernel.loop_count()) {
      typename K::Output copy = output;
      kernel.between_loops(k, std::move(copy));
    }
  }
  return output;
}

}  // namespace stacksplit::core
