#pragma once
// Bitonic scheduling, Zaki, Parthasarathy & Li's transformation for
// triangular loops ("Customized Dynamic Load Balancing", §1.5.3): pairing
// iteration i with N − i + 1 (here, from 0: i with N − 1 − i) makes every
// pair cost about the same when an iteration's cost is linear in i, so a
// triangular loop of N iterations becomes a uniform one of ⌈N/2⌉. It wraps
// any kernel and works with any scheme: a set of pairs is two ranges of
// iterations (and, N odd, the middle one alone), with both ranges' data.

#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/loop/loop_kernel.hpp"

namespace stacksplit::core {

template <LoopKernel K>
class BitonicKernel {
 public:
  using Output = typename K::Output;

  explicit BitonicKernel(K kernel) : kernel_(std::move(kernel)) {}

  int loop_count() const { return kernel_.loop_count(); }
  void begin_loop(int k) { kernel_.begin_loop(k); }
  std::uint64_t iterations() const { return (n() + 1) / 2; }
  // Both halves' data, the middle pair's padded with nothing that is read.
  std::size_t bytes_per_iteration() const { return 2 * kernel_.bytes_per_iteration(); }
  double cost(std::uint64_t j) const {
    return j < half() ? kernel_.cost(j) + kernel_.cost(n() - 1 - j) : kernel_.cost(j);
  }
  void generate(std::uint64_t first, std::uint64_t count) {
    for_halves(first, count, [&](std::uint64_t a, std::uint64_t c) { kernel_.generate(a, c); });
  }
  void pack(std::uint64_t first, std::uint64_t count, std::vector<std::byte>& out) const {
    for_halves(first, count, [&](std::uint64_t a, std::uint64_t c) { kernel_.pack(a, c, out); });
    out.resize(out.size() + padding(first, count), std::byte{0});
  }
  void unpack(std::uint64_t first, std::uint64_t count, std::span<const std::byte> in) {
    const std::size_t d = kernel_.bytes_per_iteration();
    std::size_t at = 0;
    for_halves(first, count, [&](std::uint64_t a, std::uint64_t c) {
      kernel_.unpack(a, c, in.subspan(at, c * d));
      at += c * d;
    });
  }
  void run(std::uint64_t first, std::uint64_t count) {
    for_halves(first, count, [&](std::uint64_t a, std::uint64_t c) { kernel_.run(a, c); });
  }
  Output take_output() { return kernel_.take_output(); }
  static void merge(Output& into, Output&& from) { K::merge(into, std::move(from)); }
  void between_loops(int k, Output&& merged) { kernel_.between_loops(k, std::move(merged)); }
  bool matches(const Output& expected, const Output& got) const {
    return kernel_.matches(expected, got);
  }

 private:
  std::uint64_t n() const { return kernel_.iterations(); }
  std::uint64_t half() const { return n() / 2; }  // pairs of two; the middle one (N odd) is alone

  // Pairs [first, first+count): the low iterations [first, first+count), and
  // the high ones N−1−j of the pairs of two among them.
  template <class Visit>
  void for_halves(std::uint64_t first, std::uint64_t count, Visit&& visit) const {
    if (count == 0) return;
    visit(first, count);
    const std::uint64_t end = std::min(first + count, half());
    if (first < end) visit(n() - end, end - first);
  }

  // The middle pair carries one iteration's data, not two.
  std::size_t padding(std::uint64_t first, std::uint64_t count) const {
    const bool middle = n() % 2 == 1 && first <= half() && half() < first + count;
    return middle ? kernel_.bytes_per_iteration() : 0;
  }

  K kernel_;
};

template <class K>
struct IsBitonic : std::false_type {};
template <class K>
struct IsBitonic<BitonicKernel<K>> : std::true_type {};

}  // namespace stacksplit::core
