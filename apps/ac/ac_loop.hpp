#pragma once
// AC, the adjoint convolution Zaki, Parthasarathy & Li balance ("Customized
// Dynamic Load Balancing", §1.5.4): two vectors of N = n² elements,
// z_i = Σ_{j=0}^{N−1−i} x_j · y_{i+j}; iteration i does N − i multiply-adds, a
// triangular loop, and no data moves with it (D = 0: both vectors are on
// every processor).

#include <boost/serialization/vector.hpp>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace stacksplit::apps::ac {

class AcLoop {
 public:
  struct Output {
    std::vector<std::uint64_t> indices;  // the z_i computed here
    std::vector<double> values;
    template <class Archive>
    void serialize(Archive& ar, unsigned) {
      ar & indices;
      ar & values;
    }
  };

  // n in 1..4096 (N = n² up to 2^24); throws std::invalid_argument otherwise.
  explicit AcLoop(std::uint64_t n);

  int loop_count() const { return 1; }
  void begin_loop(int /*k*/) { output_ = {}; }
  std::uint64_t iterations() const { return size_; }
  std::size_t bytes_per_iteration() const { return 0; }
  double cost(std::uint64_t i) const { return static_cast<double>(size_ - i); }
  void generate(std::uint64_t, std::uint64_t) {}
  void pack(std::uint64_t, std::uint64_t, std::vector<std::byte>&) const {}
  void unpack(std::uint64_t, std::uint64_t, std::span<const std::byte>) {}
  void run(std::uint64_t first, std::uint64_t count);
  Output take_output() { return std::exchange(output_, Output{}); }
  static void merge(Output& into, Output&& from);
  void between_loops(int, Output&&) {}
  bool matches(const Output& expected, const Output& got) const;

 private:
  std::uint64_t size_;  // N = n²
  std::vector<double> x_, y_;
  Output output_;
};

}  // namespace stacksplit::apps::ac
