#pragma once
// maptri, Goodman & O'Donnell's running example ("Introduction of Static
// Load Balancing in Incremental Parallel Programming", §2–4): the columns of
// a lower-triangular matrix reduced with an expensive associative ⊕,
// s_i = ⊕_{j=0}^{i} x_{j,i}; column i costs (i+1)·T_f, so a block
// distribution leaves the last processor with most of the work.
//
// Their static balancing (§4), as an option: every column is split at
// m = n div 2 + 1; the part beyond m is moved to the reverse position,
// p(i) = n − i − 1 (move = reverse), folded there, and the partial result is
// moved back and combined, s_i = f(res1_i, res2_i) (Lemma 1: f associative).
// Each position then holds about n/2 + 1 elements: a uniform loop. It pays
// only when T_f is large against the exchange's cost T_com = T_0 + k·T_c
// (reverse_move_pays).
//
// Here an element is a 2×2 matrix modulo 2^61 − 1 and ⊕ its product
// (associative, not commutative, so a wrong order shows), made as expensive
// as --work asks by extra rounds that do not change the result.

#include <array>
#include <boost/serialization/array.hpp>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/loop/indexed_values.hpp"
#include "core/loop/loop_kernel_defaults.hpp"

namespace stacksplit::apps::maptri {

using Element = std::array<std::uint64_t, 4>;  // a 2×2 matrix, row by row

struct MaptriOptions {
  std::uint64_t n = 256;      // columns
  std::uint64_t work = 0;     // extra rounds of every ⊕
  bool reverse_move = false;  // Goodman & O'Donnell's split and reverse
};

// Their cost comparison on P processors holding blocks of positions: the
// time of the slowest block without the move, against with it plus one total
// exchange T_com = T_0 + k·T_c (k: the largest message, in bytes).
struct ReverseMoveCosts {
  double without = 0;
  double with = 0;
  bool pays() const { return with < without; }
};
ReverseMoveCosts reverse_move_costs(std::uint64_t n, int processors, double t_f, double t_0,
                                    double t_c);

// Output: the parts of the column sums done here, indexed 2·column + part
// (0: res1, 1: res2).
class MaptriLoop : public core::LoopKernelDefaults<core::IndexedValues<Element>> {
 public:
  // Throws std::invalid_argument naming an option out of range.
  explicit MaptriLoop(const MaptriOptions& options);

  std::uint64_t iterations() const { return options_.n; }
  std::size_t bytes_per_iteration() const { return options_.n * sizeof(Element); }
  double cost(std::uint64_t i) const { return static_cast<double>(elements(i)); }
  void generate(std::uint64_t first, std::uint64_t count);
  void pack(std::uint64_t first, std::uint64_t count, std::vector<std::byte>& out) const;
  void unpack(std::uint64_t first, std::uint64_t count, std::span<const std::byte> in);
  void run(std::uint64_t first, std::uint64_t count);
  // The column sums s_i, combined from their parts, bit for bit.
  bool matches(const Output& expected, const Output& got) const;
  std::vector<Element> sums(const Output& output) const;

  static Element combine(const Element& a, const Element& b, std::uint64_t work);

 private:
  // The elements position i holds: column i's (or, split, its head and the
  // reversed column's tail).
  std::uint64_t elements(std::uint64_t i) const;
  std::uint64_t head(std::uint64_t i) const;  // elements of column i kept at i
  std::uint64_t tail(std::uint64_t i) const;  // elements of column n−1−i held at i
  static Element element(std::uint64_t row, std::uint64_t column);

  MaptriOptions options_;
  std::uint64_t split_;         // m = n div 2 + 1
  std::vector<Element> slots_;  // n an iteration
};

}  // namespace stacksplit::apps::maptri
