#include "apps/ac/ac_loop.hpp"

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
    *output_.append(i, 1) = z;
  }
}

}  // namespace stacksplit::apps::ac
