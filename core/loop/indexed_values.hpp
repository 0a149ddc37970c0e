#pragma once
// The output of a loop whose iteration i computes a block of values of its
// own (a row of Z, a column, one z_i): the indices done, in the order done,
// and `width` values each. Merging appends; comparing puts every block in
// its place first, so outputs gathered in any order compare equal.

#include <boost/serialization/vector.hpp>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace stacksplit::core {

template <class Value>
struct IndexedValues {
  std::vector<std::uint64_t> indices;
  std::vector<Value> values;  // `width` for every index, in the same order

  // Room for iteration `index`'s block, zero-initialized.
  Value* append(std::uint64_t index, std::size_t width) {
    indices.push_back(index);
    const std::size_t at = values.size();
    values.resize(at + width, Value{});
    return values.data() + at;
  }

  void merge(IndexedValues&& from) {
    indices.insert(indices.end(), from.indices.begin(), from.indices.end());
    values.insert(values.end(), from.values.begin(), from.values.end());
  }

  // The blocks by index, [0, count) each exactly once; empty if an index is
  // out of range, missing or there twice.
  std::vector<Value> in_place(std::uint64_t count, std::size_t width) const {
    if (indices.size() != count || values.size() != count * width) return {};
    std::vector<Value> placed(count * width);
    std::vector<char> seen(count, 0);
    for (std::size_t k = 0; k < indices.size(); ++k) {
      if (indices[k] >= count || seen[indices[k]]++) return {};
      std::memcpy(placed.data() + indices[k] * width, values.data() + k * width,
                  width * sizeof(Value));
    }
    return placed;
  }

  // Every block of [0, count) once in each, bit for bit the same.
  static bool same(const IndexedValues& expected, const IndexedValues& got, std::uint64_t count,
                   std::size_t width) {
    if (count == 0 || width == 0) return expected.indices.empty() && got.indices.empty();
    const std::vector<Value> want = expected.in_place(count, width);
    const std::vector<Value> have = got.in_place(count, width);
    return !want.empty() && !have.empty() &&
           std::memcmp(want.data(), have.data(), want.size() * sizeof(Value)) == 0;
  }

  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar& indices;
    ar& values;
  }
};

}  // namespace stacksplit::core
