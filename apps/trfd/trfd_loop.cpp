#include "apps/trfd/trfd_loop.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

namespace stacksplit::apps::trfd {

TrfdLoop::TrfdLoop(std::uint64_t n, int only) : n_(n), size_(n * (n + 1) / 2), only_(only) {
  if (n == 0 || n > 200)
    throw std::invalid_argument("--n must be between 1 and 200 (got " + std::to_string(n) + ")");
  if (only < 0 || only > 2) throw std::invalid_argument("--loop must be L1, L2 or both");
  a_.assign(size_ * size_, 0);
  column_.resize(size_);
}

void TrfdLoop::begin_loop(int k) {
  nest_ = only_ == 0 ? k + 1 : only_;
  output_ = {};
}

double TrfdLoop::weight(std::uint64_t i, std::uint64_t k) const {
  return 1.0 / static_cast<double>(1 + (i > k ? i - k : k - i)) * (nest_ == 1 ? 0.5 : 0.25);
}

void TrfdLoop::generate(std::uint64_t first, std::uint64_t count) {
  for (std::uint64_t j = first; j < first + count; ++j)
    for (std::uint64_t i = 0; i < size_; ++i)
      a_[j * size_ + i] = static_cast<double>((i * 31 + j * 17) % 97) / 97.0;
}

void TrfdLoop::pack(std::uint64_t first, std::uint64_t count, std::vector<std::byte>& out) const {
  const auto* begin = reinterpret_cast<const std::byte*>(a_.data() + first * size_);
  out.insert(out.end(), begin, begin + count * size_ * sizeof(double));
}

void TrfdLoop::unpack(std::uint64_t first, std::uint64_t count, std::span<const std::byte> in) {
  if (in.size() != count * size_ * sizeof(double))
    throw std::logic_error("trfd: columns arrived with the wrong size");
  std::memcpy(a_.data() + first * size_, in.data(), in.size());
}

void TrfdLoop::run(std::uint64_t first, std::uint64_t count) {
  for (std::uint64_t j = first; j < first + count; ++j) {
    double* a = a_.data() + j * size_;
    // L1 transforms the whole column, L2 its first j+1 entries.
    const std::uint64_t rows = nest_ == 1 ? size_ : j + 1;
    for (std::uint64_t i = 0; i < rows; ++i) {
      const std::uint64_t from = i > n_ ? i - n_ : 0;
      const std::uint64_t to = std::min(rows - 1, i + n_);
      double sum = 0;
      for (std::uint64_t k = from; k <= to; ++k) sum += weight(i, k) * a[k];
      column_[i] = sum;
    }
    std::copy(column_.begin(), column_.begin() + static_cast<std::ptrdiff_t>(rows), a);
    std::copy_n(a, size_, output_.append(j, size_));
  }
}

void TrfdLoop::between_loops(int /*k*/, Output&& merged) {
  // The transpose, sequential, on the processor that holds it all.
  for (std::size_t c = 0; c < merged.indices.size(); ++c) {
    const std::uint64_t j = merged.indices[c];
    for (std::uint64_t i = 0; i < size_; ++i) a_[i * size_ + j] = merged.values[c * size_ + i];
  }
}

}  // namespace stacksplit::apps::trfd
