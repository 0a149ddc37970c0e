#include "apps/ac/ac_loop.hpp"

#include <cstring>
#include <stdexcept>
#include <string>

namespace stacksplit::apps::ac {

AcLoop::AcLoop(std::uint64_t n) : size_(n * n) {
  if (n == 0 || n > 4096)
    throw std::invalid_argument("--n must be between 1 and 4096 (got " + std::to_string(n) + ")");
  x_.resize(size_);
  y_.resize(size_);
  for (std::uint64_t i = 0; i < size_; ++i) {
    x_[i] = static_cast<double>((i * 7919) % 1009) / 1009.0 - 0.5;
    y_[i] = static_cast<double>((i * 104729) % 997) / 997.0 - 0.5;
  }
}

void AcLoop::run(std::uint64_t first, std::uint64_t count) {
  for (std::uint64_t i = first; i < first + count; ++i) {
    double z = 0;
    const double* y = y_.data() + i;
    for (std::uint64_t j = 0; j < size_ - i; ++j) z += x_[j] * y[j];
    output_.indices.push_back(i);
    output_.values.push_back(z);
  }
}

void AcLoop::merge(Output& into, Output&& from) {
  into.indices.insert(into.indices.end(), from.indices.begin(), from.indices.end());
  into.values.insert(into.values.end(), from.values.begin(), from.values.end());
}

bool AcLoop::matches(const Output& expected, const Output& got) const {
  std::vector<double> want(size_), have(size_);
  std::vector<char> seen(size_, 0);
  for (std::size_t k = 0; k < expected.indices.size(); ++k) want[expected.indices[k]] = expected.values[k];
  for (std::size_t k = 0; k < got.indices.size(); ++k) {
    if (got.indices[k] >= size_ || seen[got.indices[k]]++) return false;  // twice
    have[got.indices[k]] = got.values[k];
  }
  return got.indices.size() == size_ && std::memcmp(want.data(), have.data(), size_ * sizeof(double)) == 0;
}

}  // namespace stacksplit::apps::ac
