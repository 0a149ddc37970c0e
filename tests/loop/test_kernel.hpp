#pragma once
// A loop program for the engine's tests: two nests over n iterations, with
// data that moves (D = 8 bytes an iteration) and a cost that grows with i
// (a triangular loop). Iteration i of nest 0 turns its input x_i into
// y_i = mix(x_i); the sequential step between the nests reverses the y's; nest 1
// turns them into z_i = mix(y_i ^ i). The output holds each value with its
// index, so a lost, doubled or misplaced iteration shows, and so does data
// that did not move with its iteration (it is zero where it was not made).

#include <boost/serialization/vector.hpp>
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

namespace stacksplit::testing {

class TestLoop {
 public:
  struct Output {
    std::vector<std::uint64_t> values;  // by iteration; 0: not computed here
    std::uint64_t computed = 0;         // how many values were computed, doubles counted

    bool operator==(const Output&) const = default;
    template <class Archive>
    void serialize(Archive& ar, unsigned) {
      ar& values;
      ar& computed;
    }
  };

  TestLoop(std::uint64_t n, int nests) : n_(n), nests_(nests) {}

  int loop_count() const { return nests_; }
  void begin_loop(int k) {
    nest_ = k;
    if (input_.size() != n_) input_.assign(n_, 0);
    output_.values.assign(n_, 0);
    output_.computed = 0;
  }
  std::uint64_t iterations() const { return n_; }
  std::size_t bytes_per_iteration() const { return sizeof(std::uint64_t); }
  double cost(std::uint64_t i) const { return 1.0 + static_cast<double>(i); }

  void generate(std::uint64_t first, std::uint64_t count) {
    for (std::uint64_t i = first; i < first + count; ++i) input_[i] = mix(i + 1);
  }
  void pack(std::uint64_t first, std::uint64_t count, std::vector<std::byte>& out) const {
    const auto* bytes = reinterpret_cast<const std::byte*>(input_.data() + first);
    out.insert(out.end(), bytes, bytes + count * sizeof(std::uint64_t));
  }
  void unpack(std::uint64_t first, std::uint64_t count, std::span<const std::byte> in) {
    if (in.size() != count * sizeof(std::uint64_t)) throw std::logic_error("wrong data size");
    std::memcpy(input_.data() + first, in.data(), in.size());
  }
  void run(std::uint64_t first, std::uint64_t count) {
    for (std::uint64_t i = first; i < first + count; ++i) {
      // Zero input: its data never came here.
      output_.values[i] = input_[i] == 0 ? 0 : mix(input_[i] ^ (nest_ == 0 ? 0 : i));
      ++output_.computed;
    }
  }
  Output take_output() { return std::exchange(output_, Output{}); }
  static void merge(Output& into, Output&& from) {
    if (into.values.empty()) {
      into = std::move(from);
      return;
    }
    for (std::size_t i = 0; i < from.values.size(); ++i)
      if (from.values[i] != 0) into.values[i] = from.values[i];
    into.computed += from.computed;
  }
  void between_loops(int /*k*/, Output&& merged) {
    // The next nest's input is the last one's output, reversed.
    for (std::uint64_t i = 0; i < n_; ++i) input_[i] = merged.values[n_ - 1 - i];
  }
  bool matches(const Output& expected, const Output& got) const { return expected == got; }

  static std::uint64_t mix(std::uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return x | 1;  // never 0
  }

 private:
  std::uint64_t n_;
  int nests_;
  int nest_ = 0;
  std::vector<std::uint64_t> input_;
  Output output_;
};

}  // namespace stacksplit::testing
