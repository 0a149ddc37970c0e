#pragma once
// A kernel of TRFD's shape, as Zaki, Parthasarathy & Li describe it
// ("Customized Dynamic Load Balancing", §1.5.3; TRFD is the Perfect Club's
// two-electron integral transformation): one array of M×M with
// M = n(n+1)/2 (465, 820, 1275 for n = 30, 40, 50), two loop nests over its
// columns with a transpose between them, done sequentially on one processor.
// Loop L1 is uniform: every column goes through a band transform of width
// 2n+1. Loop L2 is triangular: column j transforms only its first j+1
// entries. A column (M doubles) moves with its iteration. The transform
// stands in for TRFD's integral arithmetic; the loops' shapes, sizes and data
// are the chapter's.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/loop/indexed_values.hpp"
#include "core/loop/loop_kernel_defaults.hpp"

namespace stacksplit::apps::trfd {

// Output: the columns done here (M values a column).
class TrfdLoop : public core::LoopKernelDefaults<core::IndexedValues<double>> {
 public:
  // n in 1..200; throws std::invalid_argument otherwise. `only` 0 runs both
  // nests; 1 or 2 runs one (the chapter balances L1 and L2 apart).
  TrfdLoop(std::uint64_t n, int only = 0);

  int loop_count() const { return only_ == 0 ? 2 : 1; }
  void begin_loop(int k);
  std::uint64_t iterations() const { return size_; }
  std::size_t bytes_per_iteration() const { return size_ * sizeof(double); }
  double cost(std::uint64_t j) const {
    const double band = static_cast<double>(2 * n_ + 1);
    return nest_ == 1 ? static_cast<double>(size_) * band : static_cast<double>(j + 1) * band;
  }
  void generate(std::uint64_t first, std::uint64_t count);
  void pack(std::uint64_t first, std::uint64_t count, std::vector<std::byte>& out) const;
  void unpack(std::uint64_t first, std::uint64_t count, std::span<const std::byte> in);
  void run(std::uint64_t first, std::uint64_t count);
  // Rank 0: the whole array from L1's columns, transposed for L2.
  void between_loops(int k, Output&& merged);
  bool matches(const Output& expected, const Output& got) const {
    return Output::same(expected, got, size_, size_);
  }

 private:
  double weight(std::uint64_t i, std::uint64_t k) const;

  std::uint64_t n_;
  std::uint64_t size_;  // M
  int only_;
  int nest_ = 1;           // 1: L1 (uniform), 2: L2 (triangular)
  std::vector<double> a_;  // column-major; only the columns held here are valid
  std::vector<double> column_;
};

}  // namespace stacksplit::apps::trfd
